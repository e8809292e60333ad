import { Body, Get, Inject, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { SessionsService } from '../../accounts/sessions.service';
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
import { ApiError } from '../../common/errors/api-error';
import { isConfirmed, renderConfirmStep } from './confirm-step';
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
    private readonly sessions: SessionsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async page(@Dashboard() ctx: DashboardContext, @Query('revoked') revoked: unknown, @Res() res: Response): Promise<void> {
    const created = newKeyOf(await this.sessions.takeFlash(ctx.sessionToken));
    await this.render(res, ctx, { revokedId: typeof revoked === 'string' ? revoked : '', created });
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
    // Redirect after POST: the key waits in the session for the next page, so a reload makes no second key.
    await this.sessions.putFlash(ctx.sessionToken, { newKey: created });
    res.redirect(303, KEYS_PATH);
  }

  @Post(':keyId/revoke')
  @OwnerOnly()
  async revoke(@Dashboard() ctx: DashboardContext, @Param('keyId') keyId: string, @Body() body: FormBody, @ActingAs('user') by: AuditOrigin, @Res() res: Response): Promise<void> {
    if (!isConfirmed(body)) {
      const key = (await this.workspaces.listKeys(ctx.workspace.id)).find((k) => k.id === keyId && k.active);
      if (!key) throw new ApiError('NOT_FOUND');
      const named = `${key.name ? `“${key.name}” ` : ''}(${key.prefix}…)`;
      return renderConfirmStep(this.views, res, {
        nav: 'keys',
        question: `Revoke the key ${named}?`,
        detail: 'Requests that use it are refused at once. This cannot be undone.',
        action: `${KEYS_PATH}/${key.id}/revoke`,
        label: 'Revoke key',
        back: KEYS_PATH,
      });
    }
    await this.workspaces.revokeKey(ctx.workspace.id, keyId, by);
    res.redirect(303, `${KEYS_PATH}?revoked=${encodeURIComponent(keyId)}`);
  }

  private async render(
    res: Response,
    ctx: DashboardContext,
    state: { form?: KeyForm; created?: CreatedApiKey | null; revokedId?: string },
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

/** The key a create left in the session's flash, if that is what it holds. */
function newKeyOf(flash: unknown): CreatedApiKey | null {
  const key = (flash as { newKey?: CreatedApiKey } | null)?.newKey;
  return key && typeof key.key === 'string' ? key : null;
}
