import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { sample } from '../support/samples';
import { BrowserTest, createKey, expectAccessible, expectAccessibleAtBothWidths, memberSession, ownerSession, screenshot, startBrowserTest } from '../support/browser';

/** The API keys page (DECISIONS sections 7, 10, 11): create (shown once, copied), last used, revoke; owners only. */
describe('dashboard: API keys', () => {
  let b: BrowserTest;
  beforeAll(async () => {
    b = await startBrowserTest();
  });
  afterAll(() => b?.close());

  const generate = (key: string) => b.app.http.post('/api/v1/generate').set('X-API-Key', key).send({ templateId: 'invoice-basic', data: sample('invoice-basic') });
  const keysOf = async (workspaceId: string) => (await b.app.admin.get(`/workspaces/${workspaceId}/keys`).expect(200)).body.keys as Array<{ id: string; name: string | null; active: boolean; mode: string }>;
  const csrfOf = (page: Page) => page.locator('input[name=_csrf]').first().inputValue();
  /** What the page's copy button put on the clipboard (the context has clipboard permissions). */
  const readClipboard = (page: Page) => page.evaluate('navigator.clipboard.readText()') as Promise<string>;

  it('creates a key shown once, copies it, sees it work and its last use, then revokes it and the API answers 401', async () => {
    const page = await b.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: b.baseUrl });
    const owner = await ownerSession(b, page);

    await page.goto('/dashboard/keys');
    await expect(page.getByRole('heading', { name: 'No API keys yet' }).isVisible()).resolves.toBe(true);
    await expectAccessible(page, 'keys (empty)');
    await screenshot(page, 'keys-empty');

    await page.getByLabel('Name').fill('Billing service');
    await page.getByText('Live', { exact: true }).click();
    // Redirect after POST: the page that shows the key is a GET.
    const [created] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.getByRole('button', { name: 'Create key' }).last().click()]);
    expect(created.status()).toBe(303);
    await page.getByRole('heading', { name: /Your new live key “Billing service”/ }).waitFor();
    const shown = await page.getByLabel('Your new key').inputValue();
    expect(shown).toMatch(/^pdfg_[0-9a-f-]{36}$/);
    await expect(page.getByText('this is the only time it is shown').isVisible()).resolves.toBe(true);
    // Focus lands on the key, and "Copy key" is one Tab away.
    await expect(page.evaluate('document.activeElement.id')).resolves.toBe('new-key');
    await page.keyboard.press('Tab');
    await expect(page.evaluate('document.activeElement.textContent')).resolves.toBe('Copy key');

    await page.getByRole('button', { name: 'Copy key' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    const copied = await readClipboard(page);
    expect(copied).toBe(shown);
    await expectAccessible(page, 'keys (new key shown)');
    await screenshot(page, 'keys-created', { phone: true });
    await expectAccessibleAtBothWidths(page, 'keys (new key shown)');

    const generated = await generate(copied);
    expect(generated.status).toBe(200);
    expect(generated.body).toMatchObject({ success: true, pdfUrl: expect.any(String) });

    // The curl the panel shows, run as shown, writes a PDF.
    await page.getByText('Try it with curl').click();
    const curl = (await page.locator('.new-secret pre').textContent())!;
    expect(curl).toContain(copied);
    const folder = mkdtempSync(join(tmpdir(), 'pdfgen-curl-'));
    // Asynchronously: the app answering curl runs in this process.
    await promisify(execFile)('sh', ['-c', curl], { cwd: folder });
    expect(readFileSync(join(folder, 'invoice.pdf')).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Shown once: a reload shows it no more, and makes no second key.
    await page.reload();
    expect(await page.content()).not.toContain(copied);
    expect((await keysOf(owner.workspaceId)).length).toBe(1);
    const row = page.getByRole('row', { name: /Billing service/ });
    await expect(row.getByRole('cell').nth(4).textContent()).resolves.not.toContain('Never');
    await expect(row.getByText('Active').isVisible()).resolves.toBe(true);

    await row.getByRole('button', { name: 'Revoke key Billing service' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.textContent()).resolves.toContain('Requests that use it are refused at once');
    await Promise.all([page.waitForURL(/\/dashboard\/keys\?revoked=/), dialog.getByRole('button', { name: 'Revoke key' }).click()]);
    await expect(page.getByRole('status').filter({ hasText: 'was revoked' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('row', { name: /Billing service/ }).getByText('Revoked').isVisible()).resolves.toBe(true);

    const refused = await generate(copied);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('Invalid or inactive API key');
    expect((await keysOf(owner.workspaceId)).map((k) => [k.name, k.active])).toEqual([['Billing service', false]]);
  });

  it('without JavaScript the new key is a selectable field and no dead "Copy key" shows', async () => {
    const page = await b.newPage({ javaScriptEnabled: false });
    await ownerSession(b, page);
    await page.goto('/dashboard/keys');
    await page.getByLabel('Name').fill('No script');
    await page.getByRole('button', { name: 'Create key' }).last().click();
    await page.getByRole('heading', { name: /Your new live key/ }).waitFor();
    await expect(page.getByLabel('Your new key').inputValue()).resolves.toMatch(/^pdfg_/);
    await expect(page.getByRole('button', { name: 'Copy key' }).count()).resolves.toBe(0);

    // Revoking asks on a page of its own first; cancelling keeps the key.
    await page.getByRole('button', { name: 'Revoke key No script' }).click();
    await page.getByRole('heading', { name: /^Revoke the key “No script” \(pdfg_/ }).waitFor();
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page.getByRole('row', { name: /No script/ }).getByText('Active').isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Revoke key No script' }).click();
    await Promise.all([page.waitForURL(/\/dashboard\/keys\?revoked=/), page.getByRole('button', { name: 'Revoke key' }).click()]);
    await expect(page.getByRole('row', { name: /No script/ }).getByText('Revoked').isVisible()).resolves.toBe(true);
  });

  it('cancelling the confirmation keeps the key', async () => {
    const page = await b.newPage();
    const owner = await ownerSession(b, page);
    const key = await createKey(b, owner.workspaceId, 'test', 'staging');
    await page.goto('/dashboard/keys');
    await page.getByRole('button', { name: 'Revoke key staging' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog').isVisible()).resolves.toBe(false);

    // The page that asks when no script does (axe needs one: here the dialog is skipped instead).
    await page.locator('form[data-confirm]').evaluate((form) => form.removeAttribute('data-confirm'));
    await page.getByRole('button', { name: 'Revoke key staging' }).click();
    await page.getByRole('heading', { name: /^Revoke the key “staging”/ }).waitFor();
    await expectAccessibleAtBothWidths(page, 'keys (revoke: the confirmation page)');
    await screenshot(page, 'keys-revoke-confirm', { phone: true });
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(/\/dashboard\/keys$/);
    expect((await generate(key)).status).toBe(200);
  });

  it('validates the form on the server with the operator API messages, and creates nothing', async () => {
    const page = await b.newPage();
    const owner = await ownerSession(b, page);
    await page.goto('/dashboard/keys');
    // The field's maxlength stops a person at 200 characters; the server checks anyway.
    await page.locator('#field-name').evaluate((input) => input.removeAttribute('maxlength'));
    await page.getByLabel('Name').fill('x'.repeat(201));
    const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.getByRole('button', { name: 'Create key' }).last().click()]);
    expect(response.status()).toBe(400);
    await expect(page.locator('#field-name-error').textContent()).resolves.toBe('name must be a string of at most 200 characters');
    await expect(page.getByLabel('Name').getAttribute('aria-invalid')).resolves.toBe('true');
    // The keyboard starts at the field to fix.
    await expect(page.evaluate('document.activeElement.id')).resolves.toBe('field-name');
    await expectAccessible(page, 'keys (form error)');

    // A forged mode, as a script could send it.
    const csrf = await csrfOf(page);
    const forged = await page.request.post('/dashboard/keys', { form: { _csrf: csrf, name: 'ok', mode: 'prod' } });
    expect(forged.status()).toBe(400);
    expect(await forged.text()).toContain('mode must be one of: live, test');
    const control = await page.request.post('/dashboard/keys', { form: { _csrf: csrf, name: 'bad\u0007name', mode: 'live' } });
    expect(control.status()).toBe(400);
    expect(await keysOf(owner.workspaceId)).toEqual([]);

    // Revoking another workspace's key, or one that does not exist: not found, nothing changes.
    const other = await b.app.createWorkspace('pro');
    const [otherKey] = await keysOf(other.id);
    const stranger = await page.request.post(`/dashboard/keys/${otherKey.id}/revoke`, { form: { _csrf: csrf, confirmed: 'yes' } });
    expect(stranger.status()).toBe(404);
    expect((await generate(other.key)).status).toBe(200);
  });

  it('lists many keys, long names and both modes readably', async () => {
    const page = await b.newPage();
    const owner = await ownerSession(b, page, { name: 'Northwind Traders' });
    await createKey(b, owner.workspaceId, 'live', 'Production: invoices from the billing service in eu-west-1 (primary cluster, do not revoke without telling ops)');
    for (const [mode, name] of [['test', 'CI pipeline'], ['live', 'Zapier'], ['test', 'Local development'], ['live', 'Reporting cron']] as const) {
      await createKey(b, owner.workspaceId, mode, name);
    }
    const revoked = (await b.app.admin.post(`/workspaces/${owner.workspaceId}/keys`, { name: 'Old website' }).expect(201)).body;
    await b.app.admin.delete(`/workspaces/${owner.workspaceId}/keys/${revoked.id}`).expect(204);
    await generate(revoked.key);
    await page.goto('/dashboard/keys');
    await expect(page.getByRole('row').count()).resolves.toBe(7);
    // Revoked keys come last.
    await expect(page.getByRole('row').last().textContent()).resolves.toContain('Old website');
    await expectAccessible(page, 'keys (many)');
    await screenshot(page, 'keys', { phone: true });
  });

  it('a member sees the keys but no create or revoke control, and a forged POST is refused 403', async () => {
    const ownerPage = await b.newPage();
    const owner = await ownerSession(b, ownerPage);
    const key = await createKey(b, owner.workspaceId, 'live', 'shared');
    const page = await b.newPage();
    await memberSession(b, page, owner.workspaceId);

    await page.goto('/dashboard/keys');
    await expect(page.getByRole('row', { name: /shared/ }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: /Create key|Revoke/ }).count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: /Create/ }).count()).resolves.toBe(0);
    await expect(page.getByText('Only owners of this workspace can create or revoke keys.').isVisible()).resolves.toBe(true);
    await expectAccessible(page, 'keys (member)');

    const csrf = await csrfOf(page);
    const create = await page.request.post('/dashboard/keys', { form: { _csrf: csrf, name: 'sneaky', mode: 'live' } });
    expect(create.status()).toBe(403);
    expect(await create.text()).toContain('Only owners can do this');
    const [listed] = await keysOf(owner.workspaceId);
    const revoke = await page.request.post(`/dashboard/keys/${listed.id}/revoke`, { form: { _csrf: csrf, confirmed: 'yes' } });
    expect(revoke.status()).toBe(403);
    expect((await keysOf(owner.workspaceId)).map((k) => [k.name, k.active])).toEqual([['shared', true]]);
    expect((await generate(key)).status).toBe(200);
  });

  it('refuses a create without the CSRF token', async () => {
    const page = await b.newPage();
    const owner = await ownerSession(b, page);
    const res = await page.request.post('/dashboard/keys', { form: { name: 'no token', mode: 'live' } });
    expect(res.status()).toBe(403);
    expect(await res.text()).toContain('Invalid or missing CSRF token');
    expect(await keysOf(owner.workspaceId)).toEqual([]);
  });
});
