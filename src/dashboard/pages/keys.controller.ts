import { Body, Get, Inject, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ActingAs } from '../../audit/acting-as';
import type { AuditOrigin } from '../../audit/audit-entry';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { CreateKeyDto } from '../../workspaces/dto/create-key.dto';
import { ApiKeyView, CreatedApiKey, WorkspacesService } from '../../workspaces/workspaces.service';
import { FormBody, formField } from '../http/form-body.middleware';
import { Dashboard, DashboardContext } from '../session/dashboard-context';
import { DashboardPage } from '../session/dashboard-page.decorator';
import { OwnerOnly } from '../session/owner-only.guard';
import { ViewRenderer } from '../view-renderer';
import { checkForm } from './form-dto';

const KEYS_PATH = '/dashboard/keys';

interface KeyForm {
  name: string;
  mode: string;
  errors: Record<string, string>;
}

const EMPTY_FORM: KeyForm = { name: '', mode: 'live', errors: {} };

/**
 * API keys (DECISIONS sections 7, 10, 11): the list, a new key shown once, revocation. Creating and
 * revoking are for owners: members see neither form, and their POSTs are refused (OWNER_ONLY).
 */
@DashboardPage('keys')
export class KeysPageController {
  constructor(
    private readonly workspaces: WorkspacesService,
    private readonly views: ViewRenderer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async page(@Dashboard() ctx: DashboardContext, @Query('revoked') revoked: unknown, @Res() res: Response): Promise<void> {
    await this.render(res, ctx, { revokedId: typeof revoked === 'string' ? revoked : '' });
  }

  @Post()
  @OwnerOnly()
  async create(@Dashboard() ctx: DashboardContext, @Body() body: FormBody, @ActingAs('user') by: AuditOrigin, @Res() res: Response): Promise<void> {
    // A blank name is no name; the name is checked by the operator API's own rules (CreateKeyDto).
    const name = formField(body, 'name').trim();
    const mode = formField(body, 'mode') || 'live';
    const checked = await checkForm(CreateKeyDto, { name, mode });
    if (!checked.ok) return this.render(res, ctx, { form: { name, mode, errors: checked.fields } }, 400);
    const created = await this.workspaces.createKey(ctx.workspace.id, name === '' ? null : name, checked.value.mode, by);
    await this.render(res, ctx, { created }, 201);
  }

  @Post(':keyId/revoke')
  @OwnerOnly()
  async revoke(@Dashboard() ctx: DashboardContext, @Param('keyId') keyId: string, @ActingAs('user') by: AuditOrigin, @Res() res: Response): Promise<void> {
    await this.workspaces.revokeKey(ctx.workspace.id, keyId, by);
    res.redirect(303, `${KEYS_PATH}?revoked=${encodeURIComponent(keyId)}`);
  }

  private async render(
    res: Response,
    ctx: DashboardContext,
    state: { form?: KeyForm; created?: CreatedApiKey; revokedId?: string },
    status = 200,
  ): Promise<void> {
    const keys = sortKeys(await this.workspaces.listKeys(ctx.workspace.id));
    const revoked = state.revokedId ? keys.find((key) => key.id === state.revokedId && !key.active) : undefined;
    await this.views.render(
      res,
      'pages/keys',
      {
        title: 'API keys',
        nav: 'keys',
        keys,
        activeCount: keys.filter((key) => key.active).length,
        form: state.form ?? EMPTY_FORM,
        created: state.created ?? null,
        revoked: revoked ?? null,
        apiUrl: `${this.config.publicUrl}/api/v1/generate`,
      },
      status,
    );
  }
}

/** Active keys first, then revoked ones; newest first within each. */
function sortKeys(keys: ApiKeyView[]): ApiKeyView[] {
  return [...keys].sort((a, b) => Number(b.active) - Number(a.active) || b.createdAt.localeCompare(a.createdAt));
}
