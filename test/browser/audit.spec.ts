import { BrowserTest, createKey, expectAccessible, memberSession, ownerSession, screenshot, signIn, startBrowserTest } from '../support/browser';

/** The audit log page (DECISIONS section 16): owners read their workspace's entries, newest first, paged; members get 403. */
describe('dashboard: audit log', () => {
  let b: BrowserTest;
  beforeAll(async () => {
    b = await startBrowserTest();
  });
  afterAll(() => b?.close());

  it("an owner reads who changed what and signed in, in words, newest first, and pages to older entries", async () => {
    const page = await b.newPage();
    const owner = await ownerSession(b, page, { name: 'Initech' });
    const keyId = (await b.app.admin.post(`/workspaces/${owner.workspaceId}/keys`, { name: 'deploy bot' }).expect(201)).body.id;
    await b.app.admin.delete(`/workspaces/${owner.workspaceId}/keys/${keyId}`).expect(204);
    await b.app.admin.patch(`/workspaces/${owner.workspaceId}`, { plan: 'business' }).expect(200);
    const failed = await b.newPage();
    await failed.goto('/dashboard/sign-in');
    await failed.getByLabel('Email').fill(owner.email);
    await failed.getByLabel('Password', { exact: true }).fill('not the password');
    await failed.getByRole('button', { name: 'Sign in' }).click();
    await failed.getByRole('alert').waitFor();
    await createKey(b, owner.workspaceId, 'test', 'staging');

    await page.goto('/dashboard/audit');
    await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Audit log' }).getAttribute('aria-current')).resolves.toBe('page');
    const rows = page.getByTestId('audit').locator('tbody tr');
    const texts = (await rows.allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim());
    expect(texts).toEqual([
      expect.stringMatching(/API key created Operator staging \(pdfg_\w{8}…\) (::ffff:)?127\.0\.0\.1 [\w-]{36}$/),
      expect.stringMatching(new RegExp(`Sign-in failed Someone not signed in ${owner.email} (::ffff:)?127\\.0\\.0\\.1`)),
      expect.stringMatching(/Plan or limits changed Operator This workspace/),
      expect.stringMatching(/API key revoked Operator deploy bot \(pdfg_\w{8}…\)/),
      expect.stringMatching(/API key created Operator deploy bot/),
      expect.stringMatching(new RegExp(`Signed in ${owner.email} ${owner.email}`)),
      expect.stringMatching(/Member invited Operator/),
    ]);
    expect(texts[0]).toMatch(/^\d{1,2} \w{3} \d{4} \d\d:\d\d:\d\d /);
    await expectAccessible(page, 'audit log');
    await screenshot(page, 'audit', { phone: true });

    // More than a page: "Older" leads on, "Newest" back.
    for (let n = 0; n < 50; n++) await b.app.admin.post(`/workspaces/${owner.workspaceId}/webhook-secret`).expect(200);
    await page.goto('/dashboard/audit');
    expect(await rows.count()).toBe(50);
    await Promise.all([page.waitForURL(/\/dashboard\/audit\?cursor=/), page.getByRole('link', { name: 'Older' }).click()]);
    expect(await rows.count()).toBe(7);
    await expect(rows.last().textContent()).resolves.toContain('Member invited');
    await expect(page.getByRole('link', { name: 'Older' }).count()).resolves.toBe(0);
    await expectAccessible(page, 'audit log (older)');
    await page.getByRole('link', { name: 'Newest' }).click();
    await expect(rows.first().textContent()).resolves.toContain('Webhook secret rotated');

    expect((await page.goto('/dashboard/audit?cursor=nope'))!.status()).toBe(400);
    await expect(page.getByRole('alert').textContent()).resolves.toContain('cursor must be the nextCursor of an earlier page');
    // Signing in again is one more entry, as the person.
    await signIn(await b.newPage(), owner.email, owner.password);
    await page.goto('/dashboard/audit');
    await expect(rows.first().textContent()).resolves.toMatch(new RegExp(`Signed in\\s*${owner.email}`));
  });

  it('a member gets 403 and sees no Audit log link', async () => {
    const ownerPage = await b.newPage();
    const owner = await ownerSession(b, ownerPage);
    const page = await b.newPage();
    await memberSession(b, page, owner.workspaceId);
    await page.goto('/dashboard/overview');
    await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Audit log' }).count()).resolves.toBe(0);
    expect((await page.goto('/dashboard/audit'))!.status()).toBe(403);
    await expectAccessible(page, 'audit log (403 for a member)');
  });
});
