import type { INestApplicationContext } from '@nestjs/common';
import { AccountsService } from '../accounts/accounts.service';
import { OPERATOR_OFFLINE } from '../audit/audit-entry';
import { AddMemberDto, ChangeRoleDto } from '../accounts/dto/add-member.dto';
import { PasswordResetsService } from '../accounts/password-resets.service';
import { readFile } from 'node:fs/promises';
import { ApiError } from '../common/errors/api-error';
import { validateDto } from '../common/validation/validate-dto';
import { PutSigningCertificateDto } from '../signatures/dto/signing-certificate.dto';
import { SigningCertificates } from '../signatures/signing-certificates.service';
import { CreateKeyDto } from '../workspaces/dto/create-key.dto';
import { CreateWorkspaceDto } from '../workspaces/dto/create-workspace.dto';
import { UpdateWorkspaceDto } from '../workspaces/dto/update-workspace.dto';
import { WorkspacesService } from '../workspaces/workspaces.service';
import { CliError } from './cli-error';
import { p12Password, P12_PASSWORD_ENV } from './signing-cert-commands';

export type Flags = Record<string, string | boolean | undefined>;

/**
 * The operator's commands over the same services as the /admin/v1 API. Flags become the API's request
 * body and pass the same DTO checks, so both refuse with the same messages. Each returns what to print.
 * Changes are audited as the operator's, without an IP or request id.
 */
export class OperatorCommands {
  private readonly workspaces: WorkspacesService;
  private readonly accounts: AccountsService;
  private readonly certificates: SigningCertificates;
  private readonly resets: PasswordResetsService;

  constructor(app: INestApplicationContext) {
    this.workspaces = app.get(WorkspacesService);
    this.accounts = app.get(AccountsService);
    this.certificates = app.get(SigningCertificates);
    this.resets = app.get(PasswordResetsService);
  }

  async workspaceCreate(flags: Flags): Promise<unknown> {
    const body = { name: flags.name, plan: flags.plan ?? 'free', ...(flags.limit !== undefined ? { monthlyLimit: limitValue(flags.limit) } : {}) };
    const input = await validateDto(CreateWorkspaceDto, body);
    return this.workspaces.view(await this.workspaces.create(input));
  }

  async workspaceList(): Promise<unknown> {
    const all = await this.workspaces.list();
    return Promise.all(all.map((w) => this.workspaces.view(w, true)));
  }

  async workspaceShow(id: string): Promise<unknown> {
    return this.workspaces.view(await this.workspaces.get(id), true);
  }

  async workspaceUpdate(id: string, flags: Flags): Promise<unknown> {
    const body: Record<string, unknown> = {};
    if (flags.name !== undefined) body.name = flags.name;
    if (flags.plan !== undefined) body.plan = flags.plan;
    if (flags.limit !== undefined) body.monthlyLimit = limitValue(flags.limit);
    if (typeof flags.templates === 'string') body.enabledTemplates = flags.templates.split(',').map((t) => t.trim()).filter(Boolean);
    return this.applyUpdate(id, body);
  }

  async setSuspended(id: string, suspended: boolean): Promise<unknown> {
    return this.applyUpdate(id, { suspended });
  }

  async keyCreate(workspaceId: string, flags: Flags): Promise<unknown> {
    const input = await validateDto(CreateKeyDto, { name: flags.name, mode: flags.mode });
    return this.workspaces.createKey(workspaceId, input.name ?? null, input.mode, OPERATOR_OFFLINE);
  }

  async keyList(workspaceId: string): Promise<unknown> {
    return this.workspaces.listKeys(workspaceId);
  }

  async keyRevoke(workspaceId: string, keyId: string): Promise<string> {
    await this.workspaces.revokeKey(workspaceId, keyId, OPERATOR_OFFLINE);
    return `key ${keyId} deactivated`;
  }

  /** The operator API's PUT .../signing-certificate with a file: the password from --password or PDFGEN_P12_PASSWORD. */
  async signingCertSet(workspaceId: string, file: string, flags: Flags): Promise<unknown> {
    const password = p12Password(flags);
    if (password === undefined) throw new CliError(`signing-cert set needs the file's password in ${P12_PASSWORD_ENV} (or --password)`);
    const input = await validateDto(PutSigningCertificateDto, { p12: (await readFile(file)).toString('base64'), password });
    await this.workspaces.get(workspaceId);
    return this.certificates.put(workspaceId, input.p12, input.password, OPERATOR_OFFLINE);
  }

  async signingCertShow(workspaceId: string): Promise<unknown> {
    await this.workspaces.get(workspaceId);
    const view = await this.certificates.view(workspaceId);
    if (!view) throw new ApiError('NO_SIGNING_CERTIFICATE');
    return view;
  }

  async signingCertRemove(workspaceId: string): Promise<string> {
    await this.workspaces.get(workspaceId);
    await this.certificates.remove(workspaceId, OPERATOR_OFFLINE);
    return `signing certificate of ${workspaceId} removed`;
  }

  async rotateWebhookSecret(workspaceId: string): Promise<unknown> {
    return { secret: await this.workspaces.rotateWebhookSecret(workspaceId, OPERATOR_OFFLINE) };
  }

  /** Invites `email` (role `member` unless --role says otherwise); prints the member with its invite URL. */
  async memberAdd(workspaceId: string, email: string, flags: Flags): Promise<unknown> {
    const input = await validateDto(AddMemberDto, { email, role: flags.role ?? 'member' });
    return this.accounts.invite(workspaceId, input.email, input.role, OPERATOR_OFFLINE);
  }

  async memberList(workspaceId: string): Promise<unknown> {
    return this.accounts.listMembers(workspaceId);
  }

  /** Makes a member an owner or a member (--role); prints the member. */
  async memberRole(workspaceId: string, userId: string, flags: Flags): Promise<unknown> {
    const input = await validateDto(ChangeRoleDto, { role: flags.role });
    return this.accounts.changeRole(workspaceId, userId, input.role, OPERATOR_OFFLINE);
  }

  async memberRemove(workspaceId: string, userId: string): Promise<string> {
    await this.accounts.removeMember(workspaceId, userId, OPERATOR_OFFLINE);
    return `member ${userId} removed`;
  }

  /** A single-use reset link for a member (valid 1 hour): prints `{ resetUrl, expiresAt }`. */
  async memberResetLink(workspaceId: string, userId: string): Promise<unknown> {
    return this.resets.issue(workspaceId, userId, OPERATOR_OFFLINE);
  }

  /** This month's usage of one workspace, or of all of them. */
  async usageReport(workspaceId?: string): Promise<unknown> {
    const targets = workspaceId ? [await this.workspaces.get(workspaceId)] : await this.workspaces.list();
    return Promise.all(
      targets.map(async (w) => ({ workspaceId: w.id, name: w.name, plan: w.plan, ...(await this.workspaces.usageOf(w)) })),
    );
  }

  private async applyUpdate(id: string, body: Record<string, unknown>): Promise<unknown> {
    const patch = await validateDto(UpdateWorkspaceDto, body);
    return this.workspaces.view(await this.workspaces.update(id, patch, OPERATOR_OFFLINE), true);
  }
}

/** `--limit plan` returns to the plan's limit; a number overrides it. */
function limitValue(flag: string | boolean): number | null | string {
  if (flag === 'plan' || flag === 'null') return null;
  return typeof flag === 'string' && /^\d+$/.test(flag) ? Number(flag) : String(flag);
}
