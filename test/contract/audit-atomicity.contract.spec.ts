import type { DataSource } from 'typeorm';
import { AuditAction, OPERATOR_OFFLINE } from '../../src/audit/audit-entry';
import type { AuthenticatedWorkspace } from '../../src/auth/authenticated-workspace';
import { JsonLogger } from '../../src/common/logging/json-logger';
import { FileOwners } from '../../src/files/file-owners';
import type { FileStore } from '../../src/files/file-store.port';
import { HostedFiles } from '../../src/files/hosted-files';
import { IdempotencyService } from '../../src/idempotency/idempotency.service';
import { executeStatement, sql } from '../../src/jobs/sql-script';
import { DefinitionChecker } from '../../src/templates/custom/checks/definition-checker';
import { CustomTemplatesService } from '../../src/templates/custom/custom-templates.service';
import { CustomTemplateStore } from '../../src/templates/custom/store/custom-template.store';
import { StoreUnderTest, storeAdapters } from '../support/store-adapters';
import { StoreServices } from '../support/store-services';

/** How each database refuses an audit row without an action (NOT NULL). */
const REFUSED = /NOT NULL constraint failed: audit_log\.action|null value in column "action"/;

const greeting = (word: string) => ({
  name: 'Greeting',
  schema: { type: 'object', properties: { name: { type: 'string' } } },
  layout: { body: [{ type: 'text', text: `${word} {{ name }}` }] },
});

/** DECISIONS section 16: an audit entry is written in the transaction of the change it records, so either both are stored or neither. */
describe.each(storeAdapters('audit-atomicity'))('audit entries and their changes: $name', (adapter) => {
  let store: StoreUnderTest;
  let services: StoreServices;
  let checker: DefinitionChecker;
  let templates: CustomTemplatesService;
  let files: HostedFiles;
  let owners: FileOwners;
  let workspace: AuthenticatedWorkspace;

  const entries = async (action: AuditAction) => (await services.audit.list({ limit: 100, workspaceId: workspace.id, action })).entries;

  /** Runs `change` while the database refuses its audit entries (each written without an action): it must fail with the refusal. */
  async function withAuditRefused(change: () => Promise<unknown>): Promise<void> {
    const insert = services.audit.insert.bind(services.audit);
    const refused = jest.spyOn(services.audit, 'insert').mockImplementation((entry) => insert({ ...entry, action: null as unknown as AuditAction }));
    try {
      // Not toThrow: after another suite has loaded better-sqlite3, its errors come from that suite's realm and fail jest's Error check.
      await expect(change()).rejects.toMatchObject({ message: expect.stringMatching(REFUSED) });
      expect(refused).toHaveBeenCalled();
    } finally {
      refused.mockRestore();
    }
  }

  beforeAll(async () => {
    store = await adapter.setUp();
    services = await store.open();
    const dataSource: DataSource = services.dataSource;
    checker = new DefinitionChecker();
    templates = new CustomTemplatesService(new CustomTemplateStore(dataSource), checker, services.audit);
    owners = new FileOwners(dataSource);
    // The bytes are outside any transaction; only the owner row and the entry are under test.
    const bytes = { save: async () => ({ id: 'AbCdEfGhIjKlMnOpQrStUvWx' }), erase: async () => undefined } as unknown as FileStore;
    files = new HostedFiles(bytes, owners, services.audit, new IdempotencyService(dataSource, { renderTimeoutMs: 1000 }, new JsonLogger('silent')));
    const created = await services.workspaces.create({ name: 'Audited', plan: 'business' });
    const { key } = await services.workspaces.createKey(created.id, 'api', 'live', OPERATOR_OFFLINE);
    workspace = (await services.workspaces.authenticate(key))!;
  });
  afterAll(async () => {
    await checker?.onModuleDestroy();
    await services?.dataSource.destroy();
    await store?.tearDown();
  });

  it('key.created: a key the log could not record is not made; a made one is recorded once', async () => {
    const before = await services.workspaces.listKeys(workspace.id);
    await withAuditRefused(() => services.workspaces.createKey(workspace.id, 'refused', 'live', OPERATOR_OFFLINE));
    expect(await services.workspaces.listKeys(workspace.id)).toEqual(before);

    const made = await services.workspaces.createKey(workspace.id, 'made', 'test', OPERATOR_OFFLINE);
    expect((await entries('key.created')).filter((entry) => entry.target.id === made.id)).toHaveLength(1);
    expect((await services.workspaces.listKeys(workspace.id)).find((key) => key.id === made.id)).toMatchObject({ name: 'made', mode: 'test', active: true, createdAt: made.createdAt });
  });

  it('key.revoked: a revocation the log could not record leaves the key working; a revocation is recorded once', async () => {
    const made = await services.workspaces.createKey(workspace.id, 'to revoke', 'live', OPERATOR_OFFLINE);
    await withAuditRefused(() => services.workspaces.revokeKey(workspace.id, made.id, OPERATOR_OFFLINE));
    expect(await services.workspaces.authenticate(made.key)).not.toBeNull();
    expect(await entries('key.revoked')).toEqual([]);

    await services.workspaces.revokeKey(workspace.id, made.id, OPERATOR_OFFLINE);
    await services.workspaces.revokeKey(workspace.id, made.id, OPERATOR_OFFLINE);
    expect(await services.workspaces.authenticate(made.key)).toBeNull();
    expect((await services.workspaces.listKeys(workspace.id)).find((key) => key.id === made.id)).toMatchObject({ active: false, revokedAt: expect.any(String) });
    expect((await entries('key.revoked')).map((entry) => entry.target.id)).toEqual([made.id]);
  });

  it('workspace.updated: a plan change the log could not record is not made; a plan change is recorded once', async () => {
    const other = await services.workspaces.create({ name: 'Plans', plan: 'free' });
    const recorded = async () => (await services.audit.list({ limit: 100, workspaceId: other.id, action: 'workspace.updated' })).entries;
    await withAuditRefused(() => services.workspaces.update(other.id, { plan: 'pro', suspended: true }, OPERATOR_OFFLINE));
    expect(await services.workspaces.get(other.id)).toMatchObject({ plan: 'free', suspended: false, enabledTemplates: null });
    expect(await recorded()).toEqual([]);

    await services.workspaces.update(other.id, { plan: 'pro', suspended: true, enabledTemplates: ['invoice-basic'] }, OPERATOR_OFFLINE);
    expect(await services.workspaces.get(other.id)).toMatchObject({ plan: 'pro', suspended: true, enabledTemplates: ['invoice-basic'] });
    expect(await recorded()).toHaveLength(1);
  });

  it('member.role_changed: a role change the log could not record is not made; a change is recorded once, the same role not at all', async () => {
    const member = await services.accounts.invite(workspace.id, 'role@example.com', 'member', OPERATOR_OFFLINE);
    const roleOf = async () => (await services.accounts.listMembers(workspace.id)).find((m) => m.id === member.id)?.role;
    await withAuditRefused(() => services.accounts.changeRole(workspace.id, member.id, 'owner', OPERATOR_OFFLINE));
    expect(await roleOf()).toBe('member');
    expect(await entries('member.role_changed')).toEqual([]);

    await services.accounts.changeRole(workspace.id, member.id, 'owner', OPERATOR_OFFLINE);
    await services.accounts.changeRole(workspace.id, member.id, 'owner', OPERATOR_OFFLINE);
    expect(await roleOf()).toBe('owner');
    expect((await entries('member.role_changed')).map((entry) => entry.target.id)).toEqual([member.id]);
  });

  it('user.signed_in: a session whose sign-in the log could not record is not started; a sign-in is recorded once', async () => {
    const invited = await services.accounts.invite(workspace.id, 'signs-in@example.com', 'member', OPERATOR_OFFLINE);
    const user = await services.accounts.acceptInvite(invited.inviteUrl.slice(invited.inviteUrl.lastIndexOf('/') + 1), 'correct horse battery');
    const signIn = () => services.audit.insert({ ...OPERATOR_OFFLINE, actor: { type: 'user', id: user.id }, action: 'user.signed_in', workspaceId: workspace.id, target: { type: 'user', id: user.id }, method: 'password' });
    const sessions = async () => Number((await executeStatement(services.dataSource, sql('SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?', user.id))).rows[0].n);
    await withAuditRefused(() => services.sessions.start(user.id, workspace.id, signIn()));
    expect(await sessions()).toBe(0);
    expect(await entries('user.signed_in')).toEqual([]);

    const { token } = await services.sessions.start(user.id, workspace.id, signIn());
    expect(await services.sessions.resolve(token)).toMatchObject({ userId: user.id, workspaceId: workspace.id });
    expect((await entries('user.signed_in')).map((entry) => entry.target.id)).toEqual([user.id]);
  });

  it('template.updated: a version the log could not record is not added; a version is recorded once', async () => {
    await templates.create(workspace, { id: 'greeting', ...greeting('Hello') }, OPERATOR_OFFLINE);
    await withAuditRefused(() => templates.update(workspace, 'greeting', greeting('Hi'), OPERATOR_OFFLINE));
    expect((await templates.detail(workspace, 'greeting'))!.versions.map((v) => v.version)).toEqual(['1.0.0']);
    expect(await entries('template.updated')).toEqual([]);

    await templates.update(workspace, 'greeting', greeting('Hi'), OPERATOR_OFFLINE);
    expect((await templates.detail(workspace, 'greeting'))!.versions.map((v) => v.version)).toEqual(['1.0.0', '1.1.0']);
    expect((await entries('template.updated')).map((entry) => entry.target.id)).toEqual(['greeting']);
  });

  it('file.erased: a file whose erasure the log could not record stays its workspace\'s to erase again; an erasure is recorded once', async () => {
    const file = await files.save(new Uint8Array(3), workspace.id);
    await withAuditRefused(() => files.erase(file.id, workspace.id, OPERATOR_OFFLINE));
    expect(await owners.ownerOf(file.id)).toBe(workspace.id);
    expect(await entries('file.erased')).toEqual([]);

    expect(await files.erase(file.id, workspace.id, OPERATOR_OFFLINE)).toBe(true);
    expect(await files.erase(file.id, workspace.id, OPERATOR_OFFLINE)).toBe(false);
    expect(await owners.ownerOf(file.id)).toBeNull();
    expect((await entries('file.erased')).map((entry) => entry.target.id)).toEqual([file.id]);
  });
});
