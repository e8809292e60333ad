import { BrowserTest, expectAccessible, inviteUrl, ownerSession, PASSWORD, screenshot, signIn, startBrowserTest, uniqueEmail } from '../support/browser';

/** Signing in and out in a real browser (DECISIONS section 10): the smoke test of the shell's auth pages. */
describe('dashboard: sign in and out (browser)', () => {
  let t: BrowserTest;
  beforeAll(async () => {
    t = await startBrowserTest();
  });
  afterAll(() => t?.close());

  it('accepts an invite once, refuses a wrong password with the generic message, and ends the session on the server at sign-out', async () => {
    const page = await t.newPage();
    const owner = await ownerSession(t, page);
    const sessionCookie = (await page.context().cookies()).find((c) => c.name === 'pdfgen_session');
    expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/dashboard' });

    // Sign out: back to the sign-in page, and the old cookie is worth nothing on the server.
    await Promise.all([page.waitForURL(/\/dashboard\/sign-in$/), page.getByRole('button', { name: 'Sign out' }).click()]);
    const replayed = await t.app.http.get('/dashboard/overview').set('Cookie', `pdfgen_session=${sessionCookie!.value}`);
    expect(replayed.status).toBe(303);
    expect(replayed.headers.location).toMatch(/^\/dashboard\/sign-in/);

    // A wrong password and an unknown email read the same.
    await expectAccessible(page, 'sign-in');
    await screenshot(page, 'sign-in');
    for (const [email, password] of [
      [owner.email, 'not the password at all'],
      [uniqueEmail('nobody'), PASSWORD],
    ]) {
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Sign in' }).click()]);
      expect(await page.getByRole('alert').innerText()).toBe('Invalid email or password');
      expect(new URL(page.url()).pathname).toBe('/dashboard/sign-in');
    }
    await expectAccessible(page, 'sign-in with an error');

    await signIn(page, owner.email, owner.password);
    expect(new URL(page.url()).pathname).toBe('/dashboard/overview');
    expect(await page.locator('.user-email').innerText()).toBe(owner.email);
  });

  it('uses an invite link once', async () => {
    const workspace = await t.app.admin.post('/workspaces', { name: 'Once Ltd', plan: 'free' }).expect(201);
    const email = uniqueEmail('invitee');
    const link = await inviteUrl(t, workspace.body.id, email, 'member');
    const first = await t.newPage();
    await first.goto(link);
    await expect(first.getByRole('heading', { name: 'Join Once Ltd' }).isVisible()).resolves.toBe(true);
    await expectAccessible(first, 'invite');
    await first.getByLabel('Choose a password').fill(PASSWORD);
    await first.getByLabel('Repeat the password').fill(PASSWORD);
    await Promise.all([first.waitForURL(/\/dashboard\/overview$/), first.getByRole('button', { name: 'Set password and join' }).click()]);

    const second = await t.newPage();
    const again = await second.goto(link);
    expect(again!.status()).toBe(400);
    expect(await second.locator('main').innerText()).toContain('This invite link is invalid, expired or already used');
  });
});
