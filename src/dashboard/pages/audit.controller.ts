import { Get, Inject, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AccountsService } from '../../accounts/accounts.service';
import { AuditLog } from '../../audit/audit-log.service';
import { AUDIT_PAGE, AuditQueryDto } from '../../audit/dto/audit-query.dto';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { decodeCursor } from '../../history/history-cursor';
import { WorkspacesService } from '../../workspaces/workspaces.service';
import { Dashboard, DashboardContext } from '../session/dashboard-context';
import { DashboardPage } from '../session/dashboard-page.decorator';
import { OwnerOnly } from '../session/owner-only.guard';
import { ViewRenderer } from '../view-renderer';
import { auditRow } from './audit.model';
import { checkForm } from './form-dto';

const AUDIT_PATH = '/dashboard/audit';

/**
 * The workspace's audit log (DECISIONS section 16), for owners only: who changed what and signed in,
 * from where, newest first, "Older" by cursor. Ids are shown as the emails and key names they have today.
 */
@DashboardPage('audit')
export class AuditPageController {
  constructor(
    private readonly audit: AuditLog,
    private readonly accounts: AccountsService,
    private readonly workspaces: WorkspacesService,
    private readonly views: ViewRenderer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @OwnerOnly()
  async page(@Dashboard() ctx: DashboardContext, @Query('cursor') cursor: unknown, @Res() res: Response): Promise<void> {
    const base = { title: 'Audit log', nav: 'audit', stylesheets: ['activity.css'], auditDays: this.config.auditDays, paged: cursor !== undefined };
    // The same check and message as GET /admin/v1/audit's cursor.
    const checked = await checkForm(AuditQueryDto, { cursor });
    if (!checked.ok) {
      await this.views.render(res, 'pages/audit', { ...base, rows: [], errors: Object.values(checked.fields) }, 400);
      return;
    }
    const workspaceId = ctx.workspace.id;
    const [page, members, keys] = await Promise.all([
      this.audit.list({ workspaceId, limit: AUDIT_PAGE.default, after: typeof cursor === 'string' ? decodeCursor(cursor)! : undefined }),
      this.accounts.listMembers(workspaceId),
      this.workspaces.listKeys(workspaceId),
    ]);
    await this.views.render(res, 'pages/audit', {
      ...base,
      rows: page.entries.map((entry) => auditRow(entry, { members, keys })),
      olderUrl: page.nextCursor ? `${AUDIT_PATH}?cursor=${encodeURIComponent(page.nextCursor)}` : null,
      newestUrl: base.paged ? AUDIT_PATH : null,
      errors: [],
    });
  }
}
