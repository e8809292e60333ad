import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccountsService } from '../../src/accounts/accounts.service';
import { PasswordResetsService } from '../../src/accounts/password-resets.service';
import { pdfgenCli } from '../support/pdfgen-cli';
import { startTestApp } from '../support/test-app';


/** `pdfgen members ...`: the operator API's members from the command line (DECISIONS section 10). */
describe('pdfgen members', () => {
  let dataDir: string;
  const env = () => ({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'error', PUBLIC_URL: 'https://pdf.example.com' });
  const { pdfgen, fails } = pdfgenCli(env);

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'pdfgen-cli-members-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('adds, lists and removes members; the printed invite URL works in the service', async () => {
    const workspace = JSON.parse(await pdfgen('workspace', 'create', '--name', 'Acme', '--plan', 'pro'));
    const owner = JSON.parse(await pdfgen('members', 'add', workspace.id, 'Ada@Example.com', '--role', 'owner'));
    expect(owner).toEqual({
      id: expect.any(String),
      email: 'ada@example.com',
      role: 'owner',
      status: 'invited',
      createdAt: expect.any(String),
      inviteUrl: expect.stringMatching(/^https:\/\/pdf\.example\.com\/dashboard\/invite\/[A-Za-z0-9_-]{43}$/),
    });
    const member = JSON.parse(await pdfgen('members', 'add', workspace.id, 'bob@example.com'));
    expect(member.role).toBe('member');
    const listed = JSON.parse(await pdfgen('members', 'list', workspace.id));
    expect(listed.map((m: { email: string; role: string; status: string }) => [m.email, m.role, m.status])).toEqual([
      ['ada@example.com', 'owner', 'invited'],
      ['bob@example.com', 'member', 'invited'],
    ]);

    expect((await pdfgen('members', 'remove', workspace.id, member.id)).trim()).toBe(`member ${member.id} removed`);
    expect(JSON.parse(await pdfgen('members', 'list', workspace.id)).map((m: { email: string }) => m.email)).toEqual(['ada@example.com']);

    // The service on the same data folder accepts the invite the CLI printed.
    const t = await startTestApp({ DATA_DIR: dataDir }, { store: 'sqlite', files: 'disk' });
    try {
      const accounts = t.app.get(AccountsService);
      const token = owner.inviteUrl.split('/').pop();
      expect(await accounts.describeInvite(token)).toMatchObject({ email: 'ada@example.com', workspaceName: 'Acme', role: 'owner' });
      await accounts.acceptInvite(token, 'correct horse battery');
      expect(await accounts.signIn('ada@example.com', 'correct horse battery')).toMatchObject({ id: owner.id });
    } finally {
      await t.close();
    }
    expect(JSON.parse(await pdfgen('members', 'list', workspace.id))[0].status).toBe('active');
  });

  it("changes a member's role, refusing an unknown role and the last owner's demotion", async () => {
    const workspace = JSON.parse(await pdfgen('workspace', 'create', '--name', 'Acme'));
    const ada = JSON.parse(await pdfgen('members', 'add', workspace.id, 'ada@example.com', '--role', 'owner'));
    const bob = JSON.parse(await pdfgen('members', 'add', workspace.id, 'bob@example.com'));
    expect(JSON.parse(await pdfgen('members', 'role', workspace.id, bob.id, '--role', 'owner'))).toMatchObject({ id: bob.id, role: 'owner', status: 'invited' });
    expect(await fails('members', 'role', workspace.id, bob.id, '--role', 'admin')).toEqual({ code: 1, stderr: expect.stringContaining('role must be one of: owner, member') });
    // Neither has accepted: demoting either would leave no owner who has.
    expect(await fails('members', 'role', workspace.id, ada.id, '--role', 'member')).toEqual({ code: 1, stderr: 'pdfgen: A workspace needs at least one owner\n' });
    expect((await fails('members', 'role', workspace.id)).code).toBe(2);
  });

  it('makes a reset link the service accepts once, audited as the operator\'s', async () => {
    const workspace = JSON.parse(await pdfgen('workspace', 'create', '--name', 'Acme'));
    const ada = JSON.parse(await pdfgen('members', 'add', workspace.id, 'ada@example.com', '--role', 'owner'));
    const link = JSON.parse(await pdfgen('members', 'reset-link', workspace.id, ada.id));
    expect(link).toEqual({ resetUrl: expect.stringMatching(/^https:\/\/pdf\.example\.com\/dashboard\/reset-password\/[A-Za-z0-9_-]{43}$/), expiresAt: expect.any(String) });
    expect(Math.abs(Date.parse(link.expiresAt) - Date.now() - 60 * 60 * 1000)).toBeLessThan(60_000);
    expect(await fails('members', 'reset-link', workspace.id, 'nobody')).toEqual({ code: 1, stderr: "pdfgen: Member 'nobody' not found\n" });
    expect(await fails('members', 'reset-link', 'nope', ada.id)).toEqual({ code: 1, stderr: "pdfgen: Workspace 'nope' not found\n" });
    expect((await fails('members', 'reset-link', workspace.id)).code).toBe(2);

    const t = await startTestApp({ DATA_DIR: dataDir }, { store: 'sqlite', files: 'disk' });
    try {
      const token = link.resetUrl.split('/').pop();
      await t.app.get(PasswordResetsService).reset(token, 'correct horse battery', { ip: null, requestId: null });
      expect(await t.app.get(AccountsService).signIn('ada@example.com', 'correct horse battery')).toMatchObject({ id: ada.id });
      await expect(t.app.get(PasswordResetsService).reset(token, 'correct horse battery', { ip: null, requestId: null })).rejects.toMatchObject({ code: 'INVALID_RESET_LINK' });
      const entries = (await t.admin.get(`/audit?workspaceId=${workspace.id}&action=user.password_reset`).expect(200)).body.entries;
      expect(entries).toEqual([expect.objectContaining({ actor: { type: 'operator' }, target: { type: 'user', id: ada.id }, ip: null, requestId: null })]);
    } finally {
      await t.close();
    }
  });

  it('explains bad input with the API messages and exits non-zero', async () => {
    const workspace = JSON.parse(await pdfgen('workspace', 'create', '--name', 'Acme'));
    expect(await fails('members', 'add', workspace.id, 'not-an-email', '--role', 'boss')).toEqual({
      code: 1,
      stderr: 'pdfgen: Invalid request\n  - email must be an email address of at most 254 characters\n  - role must be one of: owner, member\n',
    });
    expect(await fails('members', 'add', 'nope', 'ada@example.com')).toEqual({ code: 1, stderr: "pdfgen: Workspace 'nope' not found\n" });
    expect(await fails('members', 'remove', workspace.id, 'nobody')).toEqual({ code: 1, stderr: "pdfgen: Member 'nobody' not found\n" });
    expect((await fails('members', 'add', workspace.id)).code).toBe(2);
    expect((await fails('members', 'remove', workspace.id)).code).toBe(2);
  });
});
