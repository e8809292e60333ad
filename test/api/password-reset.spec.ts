import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AccountsService } from '../../src/accounts/accounts.service';
import { PasswordResetsService } from '../../src/accounts/password-resets.service';
import { SessionsService } from '../../src/accounts/sessions.service';
import { expectError } from '../support/expect-error';
import { startTestApp, TestApp } from '../support/test-app';

const ORIGIN = { ip: '203.0.113.9', requestId: 'req-reset' };

/** Password reset links from the operator API (DECISIONS section 16). */
describe('operator API: password reset links', () => {
  let t: TestApp;
  let workspaceId: string;
  let adaId: string;
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: 'https://pdf.example.com' });
    workspaceId = (await t.admin.post('/workspaces', { name: 'Acme', plan: 'pro' }).expect(201)).body.id;
    const invited = await t.admin.post(`/workspaces/${workspaceId}/members`, { email: 'ada@example.com', role: 'owner' }).expect(201);
    adaId = invited.body.id;
    await t.app.get(AccountsService).acceptInvite(invited.body.inviteUrl.split('/').pop(), 'correct horse battery');
  });
  afterAll(() => t.close());

  const resetLink = (ws: string, userId: string) => t.admin.post(`/workspaces/${ws}/members/${userId}/reset-link`, {});
  const tokenOf = (url: string) => url.split('/').pop()!;

  it('answers 201 with a single-use URL valid 1 hour', async () => {
    const before = Date.now();
    const res = await resetLink(workspaceId, adaId).expect(201);
    expect(res.body).toEqual({
      resetUrl: expect.stringMatching(/^https:\/\/pdf\.example\.com\/dashboard\/reset-password\/[A-Za-z0-9_-]{43}$/),
      expiresAt: expect.any(String),
    });
    const expiresAt = Date.parse(res.body.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 60 * 60 * 1000 - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 60 * 60 * 1000 + 1000);
    expect(new Date(expiresAt).toISOString()).toBe(res.body.expiresAt);
  });

  it('is 404 for an unknown workspace or member, or a member of another workspace', async () => {
    expectError(await resetLink('nope', adaId), 404, "Workspace 'nope' not found", 'WORKSPACE_NOT_FOUND');
    expectError(await resetLink(workspaceId, 'nobody'), 404, "Member 'nobody' not found", 'MEMBER_NOT_FOUND');
    const other = (await t.admin.post('/workspaces', { name: 'Other', plan: 'free' }).expect(201)).body.id;
    expectError(await resetLink(other, adaId), 404, `Member '${adaId}' not found`, 'MEMBER_NOT_FOUND');
  });

  it('sets the password once, ends every session of the person and is audited', async () => {
    const sessions = t.app.get(SessionsService);
    const first = await sessions.start(adaId, workspaceId);
    const second = await sessions.start(adaId, workspaceId);
    const link = (await resetLink(workspaceId, adaId).expect(201)).body;
    const resets = t.app.get(PasswordResetsService);
    expect(await resets.describe(tokenOf(link.resetUrl))).toEqual({ email: 'ada@example.com' });

    await resets.reset(tokenOf(link.resetUrl), 'a brand new password', ORIGIN);
    expect(await sessions.resolve(first.token)).toBeNull();
    expect(await sessions.resolve(second.token)).toBeNull();
    const accounts = t.app.get(AccountsService);
    expect(await accounts.signIn('ada@example.com', 'a brand new password')).toMatchObject({ id: adaId });
    await expect(accounts.signIn('ada@example.com', 'correct horse battery')).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });

    // Used: refused from now on.
    await expect(resets.describe(tokenOf(link.resetUrl))).rejects.toMatchObject({ code: 'INVALID_RESET_LINK', status: 400 });
    await expect(resets.reset(tokenOf(link.resetUrl), 'yet another password', ORIGIN)).rejects.toMatchObject({ code: 'INVALID_RESET_LINK' });

    const entries = (await t.admin.get(`/audit?workspaceId=${workspaceId}&action=user.password_reset`).expect(200)).body.entries;
    expect(entries[0]).toMatchObject({
      action: 'user.password_reset',
      workspaceId,
      actor: { type: 'operator' },
      target: { type: 'user', id: adaId },
      ip: ORIGIN.ip,
      requestId: ORIGIN.requestId,
    });
  });

  it('refuses an expired link, one replaced by a newer link, and a short password (the link stays usable)', async () => {
    const resets = t.app.get(PasswordResetsService);
    const old = tokenOf((await resetLink(workspaceId, adaId).expect(201)).body.resetUrl);
    const expiring = tokenOf((await resetLink(workspaceId, adaId).expect(201)).body.resetUrl);
    await expect(resets.describe(old)).rejects.toMatchObject({ code: 'INVALID_RESET_LINK' });

    await expect(resets.reset(expiring, 'short', ORIGIN)).rejects.toMatchObject({ code: 'PASSWORD_TOO_SHORT' });
    expect(await resets.describe(expiring)).toEqual({ email: 'ada@example.com' });

    const dataSource = t.app.get<DataSource>(getDataSourceToken());
    await dataSource.query(`UPDATE password_resets SET expires_at = ${Date.now() - 1} WHERE used_at IS NULL`);
    await expect(resets.describe(expiring)).rejects.toMatchObject({ code: 'INVALID_RESET_LINK' });
    await expect(resets.reset(expiring, 'a fine long password', ORIGIN)).rejects.toMatchObject({ code: 'INVALID_RESET_LINK' });
    await expect(resets.reset('not-a-token', 'a fine long password', ORIGIN)).rejects.toMatchObject({ code: 'INVALID_RESET_LINK' });
  });

  it('a person changing their password keeps this session and ends the others; a wrong current password is refused', async () => {
    const sessions = t.app.get(SessionsService);
    const resets = t.app.get(PasswordResetsService);
    // Back to a known password (the earlier tests reset it).
    const link = (await resetLink(workspaceId, adaId).expect(201)).body;
    await resets.reset(tokenOf(link.resetUrl), 'correct horse battery', ORIGIN);
    const current = await sessions.start(adaId, workspaceId);
    const other = await sessions.start(adaId, workspaceId);
    const by = { actor: { type: 'user' as const, id: adaId }, ...ORIGIN };
    await expect(resets.change(adaId, workspaceId, 'not my password', 'a fine long password', current.token, by)).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(await sessions.resolve(other.token)).not.toBeNull();

    await resets.change(adaId, workspaceId, 'correct horse battery', 'a fine long password', current.token, by);
    expect(await sessions.resolve(current.token)).not.toBeNull();
    expect(await sessions.resolve(other.token)).toBeNull();
    expect(await t.app.get(AccountsService).signIn('ada@example.com', 'a fine long password')).toMatchObject({ id: adaId });
    const [entry] = (await t.admin.get(`/audit?workspaceId=${workspaceId}&action=user.password_reset`).expect(200)).body.entries;
    expect(entry).toMatchObject({ actor: { type: 'user', id: adaId }, target: { type: 'user', id: adaId } });
  });
});
