import { BrowserTest, expectAccessible, memberSession, ownerSession, PASSWORD, screenshot, signIn, startBrowserTest } from '../support/browser';

/** Passwords (DECISIONS section 16): an owner's reset link used in the browser, and a person changing theirs. */
describe('dashboard: password reset and change', () => {
  let b: BrowserTest;
  beforeAll(async () => {
    b = await startBrowserTest();
  });
  afterAll(() => b?.close());

  const resetsOf = async (workspaceId: string) =>
    (await b.app.admin.get(`/audit?workspaceId=${workspaceId}&action=user.password_reset`).expect(200)).body.entries as Array<{ actor: { type: string; id?: string }; target: { id: string } }>;

  it('an owner makes a reset link, shown once; the member sets a new password with it and their other sessions end', async () => {
    const ownerPage = await b.newPage();
    const owner = await ownerSession(b, ownerPage, { name: 'Initech' });
    const memberPage = await b.newPage();
    const member = await memberSession(b, memberPage, owner.workspaceId);

    await ownerPage.goto('/dashboard/members');
    await ownerPage.getByRole('button', { name: `Password reset link for ${member.email}` }).click();
    await ownerPage.getByRole('heading', { name: `Password reset link for ${member.email}` }).waitFor();
    const link = (await ownerPage.locator('#reset-url').textContent())!.trim();
    expect(link).toMatch(new RegExp(`^${b.baseUrl}/dashboard/reset-password/[\\w-]{43}$`));
    await expectAccessible(ownerPage, 'members (reset link shown)');
    await screenshot(ownerPage, 'members-reset-link');
    await ownerPage.goto('/dashboard/members');
    expect(await ownerPage.content()).not.toContain(link);

    const resetPage = await b.newPage();
    await resetPage.goto(link);
    await expect(resetPage.getByRole('heading', { name: 'Choose a new password', level: 1 }).isVisible()).resolves.toBe(true);
    await expect(resetPage.getByText(member.email).isVisible()).resolves.toBe(true);
    await resetPage.getByLabel('New password', { exact: true }).fill('a brand new password');
    await resetPage.getByLabel('Repeat the new password').fill('another password');
    await resetPage.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(resetPage.locator('#field-confirm-error').textContent()).resolves.toBe('The passwords do not match');
    await expectAccessible(resetPage, 'reset password (mismatch)');
    await screenshot(resetPage, 'reset-password', { phone: true });

    await resetPage.getByLabel('New password', { exact: true }).fill('a brand new password');
    await resetPage.getByLabel('Repeat the new password').fill('a brand new password');
    await Promise.all([resetPage.waitForURL(/\/dashboard\/overview$/), resetPage.getByRole('button', { name: 'Set password and sign in' }).click()]);

    // The member's earlier session is over; the link works once.
    await memberPage.goto('/dashboard/keys');
    expect(new URL(memberPage.url()).pathname).toBe('/dashboard/sign-in');
    const again = await b.newPage();
    expect((await again.goto(link))!.status()).toBe(400);
    await expect(again.getByText('This password reset link is invalid, expired or already used').isVisible()).resolves.toBe(true);
    await signIn(again, member.email, 'a brand new password');

    const [entry] = await resetsOf(owner.workspaceId);
    expect(entry.actor.type).toBe('user');
    expect(entry.actor.id).not.toBe(entry.target.id);
  });

  it('a signed-in person changes their password on the Account page; their other sessions end, this one stays', async () => {
    const page = await b.newPage();
    const owner = await ownerSession(b, page, { name: 'Hooli' });
    const elsewhere = await b.newPage();
    await signIn(elsewhere, owner.email, PASSWORD);

    await page.goto('/dashboard/overview');
    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('heading', { name: 'Change your password' }).waitFor();
    await expectAccessible(page, 'account');

    await page.getByLabel('Current password').fill('not my password');
    await page.getByLabel('New password', { exact: true }).fill('a brand new password');
    await page.getByLabel('Repeat the new password').fill('a brand new password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.locator('#field-current-error').textContent()).resolves.toBe('This is not your current password');
    await expectAccessible(page, 'account (wrong current password)');

    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill('a brand new password');
    await page.getByLabel('Repeat the new password').fill('a brand new password');
    await Promise.all([page.waitForURL(/\/dashboard\/account\?changed=1$/), page.getByRole('button', { name: 'Change password' }).click()]);
    await expect(page.getByRole('status').filter({ hasText: 'Your password was changed' }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'account', { phone: true });

    await page.goto('/dashboard/keys');
    expect(new URL(page.url()).pathname).toBe('/dashboard/keys');
    await elsewhere.goto('/dashboard/keys');
    expect(new URL(elsewhere.url()).pathname).toBe('/dashboard/sign-in');
    await signIn(elsewhere, owner.email, 'a brand new password');

    const [entry] = await resetsOf(owner.workspaceId);
    expect(entry.actor).toEqual({ type: 'user', id: entry.target.id });
  });
});
