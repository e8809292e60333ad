import type { Page } from 'playwright-core';
import { BrowserTest, expectAccessible, memberSession, ownerSession, PASSWORD, screenshot, startBrowserTest } from '../support/browser';

/**
 * Members (issue 37): an invite grants access only when the invitee accepts it on its page, even a
 * removed member with an account invited again; owners change roles, the last owner stays, members
 * are refused. Without SMTP_URL there is no "Forgot password".
 */
describe('dashboard: invite consent and roles', () => {
  let b: BrowserTest;
  beforeAll(async () => {
    b = await startBrowserTest();
  });
  afterAll(() => b?.close());

  const membersOf = async (workspaceId: string) =>
    (await b.app.admin.get(`/workspaces/${workspaceId}/members`).expect(200)).body.members as Array<{ id: string; email: string; role: string; status: string }>;
  const csrfOf = (page: Page) => page.locator('input[name=_csrf]').first().inputValue();
  const signInAttempt = async (page: Page, email: string, password: string) => {
    await page.goto('/dashboard/sign-in');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.getByRole('button', { name: 'Sign in' }).click()]);
    return response;
  };

  it('a removed member invited again gets nothing by signing in; they join only by accepting the invite with their password', async () => {
    const page = await b.newPage();
    const owner = await ownerSession(b, page, { name: 'Vandelay' });
    const memberPage = await b.newPage();
    const member = await memberSession(b, memberPage, owner.workspaceId);

    await page.goto('/dashboard/members');
    await page.getByRole('button', { name: `Remove ${member.email}` }).click();
    await Promise.all([page.waitForURL(/\?removed=1$/), page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click()]);
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Create invite link' }).click();
    await page.getByRole('heading', { name: `Invite link for ${member.email} (member)` }).waitFor();
    await expect(page.getByText('They join when they open it and accept').isVisible()).resolves.toBe(true);
    const link = (await page.locator('#invite-url').textContent())!.trim();
    await expect(page.getByRole('row', { name: new RegExp(member.email) }).getByText('Invited').isVisible()).resolves.toBe(true);

    // Their old password is still theirs, but opens nothing here.
    const signInPage = await b.newPage();
    const refused = await signInAttempt(signInPage, member.email, PASSWORD);
    expect(refused.status()).toBe(403);
    expect(new URL(signInPage.url()).pathname).toBe('/dashboard/sign-in');
    await expect(signInPage.getByRole('alert').textContent()).resolves.toContain('This account is not a member of any workspace');
    // No SMTP_URL: no Forgot password.
    await expect(signInPage.getByRole('link', { name: 'Forgot password?' }).count()).resolves.toBe(0);
    expect((await signInPage.goto('/dashboard/forgot-password'))!.status()).toBe(404);
    expect((await membersOf(owner.workspaceId)).find((m) => m.email === member.email)?.status).toBe('invited');

    const invitePage = await b.newPage();
    await invitePage.goto(link);
    await invitePage.getByRole('heading', { name: 'Join Vandelay', level: 1 }).waitFor();
    await expect(invitePage.getByText('You already have an account: enter its password to accept. Nothing changes until you do.').isVisible()).resolves.toBe(true);
    await expectAccessible(invitePage, 'invite (existing account)');
    await screenshot(invitePage, 'invite-existing-account', { phone: true });
    await invitePage.getByLabel('Your password').fill('not my password');
    await invitePage.getByRole('button', { name: 'Accept and join' }).click();
    await expect(invitePage.locator('#field-password-error').textContent()).resolves.toBe('Invalid email or password');
    await invitePage.getByLabel('Your password').fill(PASSWORD);
    await Promise.all([invitePage.waitForURL(/\/dashboard\/overview$/), invitePage.getByRole('button', { name: 'Accept and join' }).click()]);
    expect((await membersOf(owner.workspaceId)).find((m) => m.email === member.email)?.status).toBe('active');
  });

  it('owners make a member an owner and an owner a member; the last owner stays; a member is refused (403)', async () => {
    const page = await b.newPage();
    const owner = await ownerSession(b, page, { name: 'Kramerica' });
    const otherPage = await b.newPage();
    const other = await memberSession(b, otherPage, owner.workspaceId);
    const idOf = async (email: string) => (await membersOf(owner.workspaceId)).find((m) => m.email === email)!.id;

    await page.goto('/dashboard/members');
    await expectAccessible(page, 'members (role buttons)');
    await Promise.all([page.waitForURL(/\/dashboard\/members\?role=changed$/), page.getByRole('button', { name: `Make ${other.email} an owner` }).click()]);
    await expect(page.getByRole('status').filter({ hasText: 'The role was changed' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('row', { name: new RegExp(other.email) }).getByText('owner').isVisible()).resolves.toBe(true);
    await expectAccessible(page, 'members (role changed)');
    await screenshot(page, 'members-roles', { phone: true });
    const [changed] = (await b.app.admin.get(`/audit?workspaceId=${owner.workspaceId}&action=member.role_changed`).expect(200)).body.entries;
    expect(changed).toMatchObject({ actor: { type: 'user', id: await idOf(owner.email) }, target: { type: 'member', id: await idOf(other.email) } });
    // The new owner's very next page knows it.
    expect((await otherPage.goto('/dashboard/members'))!.status()).toBe(200);

    // The first owner steps down, after a confirmation, and lands where members may go.
    await page.getByRole('button', { name: `Make ${owner.email} a member` }).click();
    await expect(page.getByRole('dialog').textContent()).resolves.toContain('Make yourself a member of Kramerica?');
    await Promise.all([page.waitForURL(/\/dashboard\/overview$/), page.getByRole('dialog').getByRole('button', { name: 'Make me a member' }).click()]);
    expect((await page.goto('/dashboard/members'))!.status()).toBe(403);

    // The other is now the last owner: no button, and a forged demotion is refused with the reason.
    await otherPage.goto('/dashboard/members');
    const lastOwnerRow = otherPage.getByRole('row', { name: new RegExp(other.email) });
    await expect(lastOwnerRow.getByText('Last owner').isVisible()).resolves.toBe(true);
    await expect(lastOwnerRow.getByRole('button', { name: /Make .* a member/ }).count()).resolves.toBe(0);
    const lastOwner = await otherPage.request.post(`/dashboard/members/${await idOf(other.email)}/role`, { form: { _csrf: await csrfOf(otherPage), role: 'member' } });
    expect(lastOwner.status()).toBe(409);
    expect(await lastOwner.text()).toContain('A workspace needs at least one owner: make someone else an owner first.');

    // A member cannot change roles, theirs included.
    const forged = await page.request.post(`/dashboard/members/${await idOf(owner.email)}/role`, { form: { _csrf: await csrfOf(page), role: 'owner' } });
    expect(forged.status()).toBe(403);
    expect(await forged.text()).toContain('Only owners can do this');
    expect((await membersOf(owner.workspaceId)).map((m) => [m.email, m.role])).toEqual([
      [owner.email, 'member'],
      [other.email, 'owner'],
    ]);
  });
});
