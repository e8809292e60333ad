import { Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { GenerationHistory } from '../../history/generation-history.service';
import { PLANS } from '../../workspaces/plans';
import { WorkspacesService } from '../../workspaces/workspaces.service';
import { Dashboard, DashboardContext } from '../session/dashboard-context';
import { DashboardPage } from '../session/dashboard-page.decorator';
import { ViewRenderer } from '../view-renderer';
import { firstPdfCurl } from './format';
import { overviewModel } from './overview.model';

/**
 * The overview (DECISIONS section 10): this month's usage against the limit (the counter that
 * limits and bills), test usage apart, and from the history the generations per day (chart and
 * table), by template and by output format. With nothing generated yet: how to make a first PDF.
 */
@DashboardPage('overview')
export class OverviewPageController {
  constructor(
    private readonly history: GenerationHistory,
    private readonly workspaces: WorkspacesService,
    private readonly views: ViewRenderer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async page(@Dashboard() ctx: DashboardContext, @Res() res: Response): Promise<void> {
    const now = new Date();
    const workspace = ctx.workspace;
    const [usage, activity] = await Promise.all([
      this.workspaces.get(workspace.id).then((entity) => this.workspaces.usageOf(entity)),
      this.history.monthActivity(workspace.id, now),
    ]);
    const model = overviewModel(usage, PLANS[workspace.plan as keyof typeof PLANS].monthlyLimit, activity, now);
    await this.views.render(res, 'pages/overview', {
      title: 'Overview',
      nav: 'overview',
      scripts: model.empty ? [] : ['usage-chart.js'],
      stylesheets: model.empty ? ['activity.css'] : ['uplot.css', 'activity.css'],
      o: model,
      curl: firstPdfCurl(this.config.publicUrl),
    });
  }
}
