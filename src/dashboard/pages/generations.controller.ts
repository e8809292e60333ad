import { Get, Inject, Param, ParseUUIDPipe, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { BatchesService } from '../../batches/batches.service';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { TEMPLATE_IDS } from '../../engine';
import { GenerationsQueryDto, HISTORY_PAGE } from '../../history/dto/generations-query.dto';
import { GenerationHistory } from '../../history/generation-history.service';
import { GENERATION_STATUSES, GenerationStatus } from '../../history/generation-record';
import { decodeCursor } from '../../history/history-cursor';
import { Dashboard, DashboardContext } from '../session/dashboard-context';
import { DashboardPage } from '../session/dashboard-page.decorator';
import { ViewRenderer } from '../view-renderer';
import { checkForm } from './form-dto';
import { firstPdfCurl } from './format';
import { batchPage, batchRow, RECENT_BATCHES } from './batches.model';
import { generationRow, generationsLink, olderLink } from './generations.model';

/** One query parameter as the filter form sends it: a repeated one counts as its first, blank as absent. */
function param(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first !== '' ? first : undefined;
}

/**
 * The generation history (DECISIONS sections 10 and 11), newest first: the filter form (a GET, so
 * a filtered page is a link), "Older" by cursor, links to hosted PDFs. The filters are checked with
 * GET /api/v1/generations' own rules and messages. The newest batches are listed above the
 * history, each with a page of its items.
 */
@DashboardPage('generations')
export class GenerationsPageController {
  constructor(
    private readonly history: GenerationHistory,
    private readonly batches: BatchesService,
    private readonly views: ViewRenderer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async page(@Dashboard() ctx: DashboardContext, @Query() query: Record<string, unknown>, @Res() res: Response): Promise<void> {
    const filters = { templateId: param(query.templateId), status: param(query.status), cursor: param(query.cursor) };
    const checked = await checkForm(GenerationsQueryDto, filters);
    const base = {
      title: 'Generations',
      nav: 'generations',
      stylesheets: ['activity.css'],
      filters: { templateId: filters.templateId ?? '', status: filters.status ?? '' },
      templateOptions: TEMPLATE_IDS,
      statusOptions: GENERATION_STATUSES,
      historyDays: this.config.historyDays,
      curl: firstPdfCurl(this.config.publicUrl),
      filtered: filters.templateId !== undefined || filters.status !== undefined,
      paged: filters.cursor !== undefined,
    };
    if (!checked.ok) {
      await this.views.render(res, 'pages/generations', { ...base, rows: [], errors: Object.values(checked.fields) }, 400);
      return;
    }
    const page = await this.history.list(ctx.workspace.id, {
      limit: HISTORY_PAGE.default,
      after: filters.cursor === undefined ? undefined : decodeCursor(filters.cursor)!,
      templateId: filters.templateId,
      status: filters.status as GenerationStatus | undefined,
    });
    const batches = base.filtered || base.paged ? [] : await this.batches.recent(ctx.workspace.id, RECENT_BATCHES);
    await this.views.render(res, 'pages/generations', {
      ...base,
      batches: batches.map((batch) => batchRow(batch, this.config.publicUrl)),
      rows: page.generations.map((g) => generationRow(g, this.config.publicUrl)),
      olderUrl: olderLink(filters, page.nextCursor),
      newestUrl: base.paged ? generationsLink(filters) : null,
      errors: [],
    });
  }

  /** One batch with its items; another workspace's batch is not found (the dashboard's 404 page). */
  @Get('batches/:id')
  async batch(@Dashboard() ctx: DashboardContext, @Param('id', ParseUUIDPipe) id: string, @Res() res: Response): Promise<void> {
    const batch = await this.batches.view(ctx.workspace.id, id);
    await this.views.render(res, 'pages/batch', {
      title: `Batch ${id.slice(0, 8)}`,
      nav: 'generations',
      stylesheets: ['activity.css'],
      ...batchPage(batch, this.config.publicUrl),
    });
  }
}
