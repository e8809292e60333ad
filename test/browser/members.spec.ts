import type { Page } from 'playwright-core';
import { acceptInvite, BrowserTest, expectAccessible, memberSession, ownerSession, screenshot, startBrowserTest, uniqueEmail } from '../support/browser';

/** The members page (DECISIONS section 10): owners invite (the link shown once), remove; the last owner stays; members get 403. */
describe('dashboard: members', () => {
  let b: BrowserTest;
  beforeAll(async () => {
    b = await startBrowserTest();
  });
  afterAll(() => b?.close());

  const membersOf = async (workspaceId: string) =>
    (await b.app.admin.get(`/workspaces/${workspaceId}/members`).expect(200)).body.members as Array<{ id: string; email: string; role: string; status: string }>;
  const csrfOf = (page: Page) => page.locator('input[name=_csrf]').first().inputValue();
  /** What the page's copy button put on the clipboard (the context has clipboard permissions). */
  const readClipboard = (page: Page) => page.evaluate('navigator.clipboard.readText()') as Promise<string>;

  it('an owner invites someone, copies the link once, the invitee joins; then the owner removes them and their session ends', async () => {
    const page = await b.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: b.baseUrl });
    const owner = await ownerSession(b, page, { name: 'Globex' });
    await page.goto('/dashboard/members');
    await expect(page.getByRole('row', { name: new RegExp(owner.email) }).textContent()).resolves.toMatch(/You[\s\S]*owner[\s\S]*Active/);
    await expect(page.getByRole('row', { name: new RegExp(owner.email) }).getByText('Last owner').isVisible()).resolves.toBe(true);
    await expectAccessible(page, 'members (alone)');

    const email = uniqueEmail('ada');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Role').selectOption('member');
    await page.getByRole('button', { name: 'Create invite link' }).click();
    await page.getByRole('heading', { name: `Invite link for ${email} (member)` }).waitFor();
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    const link = await readClipboard(page);
    expect(link).toMatch(new RegExp(`^${b.baseUrl}/dashboard/invite/[\\w-]{43}$`));
    await expect(page.getByRole('row', { name: new RegExp(email) }).getByText('Invited').isVisible()).resolves.toBe(true);
    await expectAccessible(page, 'members (invite link shown)');
    await screenshot(page, 'members-invited');

    // Shown once: the page seen again does not carry the link.
    await page.goto('/dashboard/members');
    expect(await page.content()).not.toContain(link);

    // A new link for someone still invited replaces the first one.
    await page.getByRole('button', { name: `New link for ${email}` }).click();
    await page.getByRole('heading', { name: `Invite link for ${email} (member)` }).waitFor();
    const fresh = (await page.locator('#invite-url').textContent())!.trim();
    expect(fresh).not.toBe(link);
    const invitee = await b.newPage();
    expect((await invitee.goto(link))!.status()).toBe(400);
    await acceptInvite(invitee, fresh);
    await invitee.goto('/dashboard/keys');
    await expect(invitee.getByRole('heading', { name: 'API keys', level: 1 }).isVisible()).resolves.toBe(true);

    await page.goto('/dashboard/members');
    const row = page.getByRole('row', { name: new RegExp(email) });
    await expect(row.getByText('Active').isVisible()).resolves.toBe(true);
    await screenshot(page, 'members', { phone: true });
    await row.getByRole('button', { name: `Remove ${email}` }).click();
    await expect(page.getByRole('dialog').textContent()).resolves.toContain(`Remove ${email} from Globex?`);
    await Promise.all([page.waitForURL(/\/dashboard\/members\?removed=1$/), page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click()]);
    await expect(page.getByRole('status').filter({ hasText: 'The member was removed' }).isVisible()).resolves.toBe(true);
    expect((await membersOf(owner.workspaceId)).map((m) => m.email)).toEqual([owner.email]);

    // The removed member's session is over: the next page asks them to sign in.
    await invitee.goto('/dashboard/keys');
    expect(new URL(invitee.url()).pathname).toBe('/dashboard/sign-in');
  });

  it('validates the invite form with the operator API messages; an existing member is refused with MEMBER_EXISTS', async () => {
    const page = await b.newPage();
    const owner = await ownerSession(b, page);
    await page.goto('/dashboard/members');
    await page.getByLabel('Email').fill('not an email');
    const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.getByRole('button', { name: 'Create invite link' }).click()]);
    expect(response.status()).toBe(400);
    await expect(page.locator('#field-email-error').textContent()).resolves.toBe('email must be an email address of at most 254 characters');
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe('not an email');
    await expectAccessible(page, 'members (form error)');

    await page.getByLabel('Email').fill(owner.email.toUpperCase());
    const [again] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.getByRole('button', { name: 'Create invite link' }).click()]);
    expect(again.status()).toBe(409);
    await expect(page.locator('#field-email-error').textContent()).resolves.toBe(`'${owner.email}' is already a member of this workspace`);

    const forged = await page.request.post('/dashboard/members', { form: { _csrf: await csrfOf(page), email: uniqueEmail(), role: 'admin' } });
    expect(forged.status()).toBe(400);
    expect(await forged.text()).toContain('role must be one of: owner, member');
    expect(await membersOf(owner.workspaceId)).toHaveLength(1);
  });

  it('the last owner cannot be removed (LAST_OWNER), even by a forged POST; with a second owner who accepted, an owner can leave', async () => {
    const page = await b.newPage();
    const owner = await ownerSession(b, page);
    await page.goto('/dashboard/members');
    const [me] = await membersOf(owner.workspaceId);
    const csrf = await csrfOf(page);

    // Without `confirmed` (no JavaScript to ask), the answer is the question, and nothing changes.
    const asked = await page.request.post(`/dashboard/members/${me.id}/remove`, { form: { _csrf: csrf } });
    expect(asked.status()).toBe(200);
    expect(await asked.text()).toContain('Remove yourself from');
    expect(await membersOf(owner.workspaceId)).toHaveLength(1);

    const refused = await page.request.post(`/dashboard/members/${me.id}/remove`, { form: { _csrf: csrf, confirmed: 'yes' } });
    expect(refused.status()).toBe(409);
    expect(await refused.text()).toContain('A workspace needs at least one owner');
    expect(await membersOf(owner.workspaceId)).toHaveLength(1);

    // An invited owner does not count until they accept (they may never come); once they have, the first one may leave.
    await page.getByLabel('Email').fill(uniqueEmail('second-owner'));
    await page.getByLabel('Role').selectOption('owner');
    await page.getByRole('button', { name: 'Create invite link' }).click();
    await page.getByRole('heading', { name: /Invite link for .* \(owner\)/ }).waitFor();
    const secondOwnerLink = (await page.locator('#invite-url').textContent())!.trim();
    expect((await page.request.post(`/dashboard/members/${me.id}/remove`, { form: { _csrf: csrf, confirmed: 'yes' } })).status()).toBe(409);
    await acceptInvite(await b.newPage(), secondOwnerLink);
    await page.goto('/dashboard/members');
    await page.getByRole('button', { name: `Remove ${owner.email}` }).click();
    await expect(page.getByRole('dialog').textContent()).resolves.toContain('Remove yourself');
    await Promise.all([page.waitForURL(/\/dashboard\/sign-in/), page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click()]);
    expect((await membersOf(owner.workspaceId)).map((m) => m.role)).toEqual(['owner']);
  });

  it('a member gets 403 on the page and on its forms, and sees no Members link', async () => {
    const ownerPage = await b.newPage();
    const owner = await ownerSession(b, ownerPage);
    const page = await b.newPage();
    await memberSession(b, page, owner.workspaceId);
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Members' }).count()).resolves.toBe(0);

    const response = await page.goto('/dashboard/members');
    expect(response!.status()).toBe(403);
    await expect(page.getByText('Only owners can do this').isVisible()).resolves.toBe(true);
    await expectAccessible(page, 'members (403 for a member)');

    const csrf = await csrfOf(page);
    const invite = await page.request.post('/dashboard/members', { form: { _csrf: csrf, email: uniqueEmail(), role: 'owner' } });
    expect(invite.status()).toBe(403);
    const [ownerRow] = await membersOf(owner.workspaceId);
    const remove = await page.request.post(`/dashboard/members/${ownerRow.id}/remove`, { form: { _csrf: csrf, confirmed: 'yes' } });
    expect(remove.status()).toBe(403);
    expect(await membersOf(owner.workspaceId)).toHaveLength(2);
  });
});
