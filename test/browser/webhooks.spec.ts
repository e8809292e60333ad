import type { Page } from 'playwright-core';
import { sample } from '../support/samples';
import { BrowserTest, createKey, expectAccessible, expectAccessibleAtBothWidths, memberSession, ownerSession, screenshot, startBrowserTest } from '../support/browser';
import { Receiver, waitUntil } from '../webhooks/receiver';

/**
 * The webhooks page (DECISIONS sections 6, 10): deliveries with their attempts, redelivery, the
 * signing secret (reveal, copy, rotate). A real receiver on 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE=true)
 * with short back-offs, as in test/webhooks.
 */
describe('dashboard: webhooks', () => {
  let b: BrowserTest;
  let receiver: Receiver;
  beforeAll(async () => {
    b = await startBrowserTest({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BASE_MS: '50', WEBHOOK_TIMEOUT_MS: '1000', WEBHOOK_MAX_ATTEMPTS: '3' });
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await b?.close();
    await receiver?.close();
  });

  const secretOf = async (workspaceId: string) => (await b.app.admin.get(`/workspaces/${workspaceId}`).expect(200)).body.webhookSecret as string;
  const csrfOf = (page: Page) => page.locator('input[name=_csrf]').first().inputValue();
  /** What the page's copy button put on the clipboard (the context has clipboard permissions). */
  const readClipboard = (page: Page) => page.evaluate('navigator.clipboard.readText()') as Promise<string>;
  const job = async (key: string, jobId: string) => (await b.app.http.get(`/api/v1/jobs/${jobId}`).set('X-API-Key', key).expect(200)).body;
  const submit = async (key: string) => {
    const res = await b.app.http.post('/api/v1/generate').set('X-API-Key', key).send({ templateId: 'invoice-basic', data: sample('invoice-basic'), webhook: { url: receiver.url() } });
    expect(res.status).toBe(202);
    return res.body.jobId as string;
  };
  const settled = async (key: string, jobId: string, status: 'delivered' | 'failed') => {
    await waitUntil(async () => (await job(key, jobId)).status === status, 15_000, `job ${jobId} to be ${status}`);
  };

  it('a free workspace sees why webhooks are not available', async () => {
    const page = await b.newPage();
    await ownerSession(b, page, { plan: 'free' });
    await page.goto('/dashboard/webhooks');
    await expect(page.getByRole('heading', { name: 'Webhooks need the Pro or Business plan' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('Signing secret').count()).resolves.toBe(0);
    await expectAccessible(page, 'webhooks (free plan)');
    await screenshot(page, 'webhooks-free');
  });

  it('shows the secret masked, reveals and copies it, and an owner rotates it', async () => {
    const page = await b.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: b.baseUrl });
    const owner = await ownerSession(b, page);
    const before = await secretOf(owner.workspaceId);
    await page.goto('/dashboard/webhooks');
    await expect(page.getByRole('heading', { name: 'No webhook deliveries yet' }).isVisible()).resolves.toBe(true);
    await expect(page.locator('#webhook-secret').isVisible()).resolves.toBe(false);
    await expect(page.getByText(/^whsec_•+$/).isVisible()).resolves.toBe(true);
    await expectAccessible(page, 'webhooks (no deliveries)');

    await page.getByText('Reveal the secret').click();
    await expect(page.locator('#webhook-secret').textContent()).resolves.toBe(before);
    await page.getByRole('button', { name: 'Copy secret' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    await expect(readClipboard(page)).resolves.toBe(before);

    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await expect(page.getByRole('dialog').textContent()).resolves.toContain('Rotate the webhook secret?');
    await Promise.all([page.waitForURL(/\/dashboard\/webhooks\?rotated=1$/), page.getByRole('dialog').getByRole('button', { name: 'Rotate secret' }).click()]);
    await expect(page.getByRole('status').filter({ hasText: 'The webhook secret was rotated' }).isVisible()).resolves.toBe(true);
    const after = await secretOf(owner.workspaceId);
    expect(after).not.toBe(before);
    expect(after).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    // Shown revealed right after a rotation.
    await expect(page.locator('#webhook-secret').textContent()).resolves.toBe(after);
    await expectAccessible(page, 'webhooks (rotated)');

    // Where no script asks, the server does, on a page of its own (here reached by skipping the dialog).
    await page.locator('form[data-confirm]').evaluate((form) => form.removeAttribute('data-confirm'));
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByRole('heading', { name: 'Rotate the webhook secret?' }).waitFor();
    await expectAccessibleAtBothWidths(page, 'webhooks (rotate: the confirmation page)');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(/\/dashboard\/webhooks$/);
    expect(await secretOf(owner.workspaceId)).toBe(after);
  });

  it('a failed delivery shows its attempts and last error, and an owner redelivers it', async () => {
    const page = await b.newPage();
    const owner = await ownerSession(b, page, { plan: 'business', name: 'Initech' });
    receiver.trust(await secretOf(owner.workspaceId));
    const key = await createKey(b, owner.workspaceId);
    const delivered = await submit(key);
    await settled(key, delivered, 'delivered');

    // The receiver says why it refused: the page shows that answer, and where the delivery went.
    receiver.respond = () => ({ status: 500, headers: { 'Content-Type': 'application/json' }, body: `{"error":\n  "database is down"}${' '.repeat(50)}${'x'.repeat(400)}` });
    const failed = await submit(key);
    await settled(key, failed, 'failed');

    await page.goto('/dashboard/webhooks');
    // A delivery is a <tbody>: its row, then its attempts.
    const row = page.locator('tbody', { has: page.getByText(failed, { exact: true }) });
    await expect(row.getByText('Failed', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(row.getByRole('cell').nth(1).textContent()).resolves.toBe(`${failed}Sent to ${receiver.url()}`);
    await expect(row.getByRole('cell').nth(4).textContent()).resolves.toBe('HTTP 500');
    await row.getByText('Show 3 attempts').click();
    const attempts = row.locator('.attempts li');
    await expect(attempts.count()).resolves.toBe(3);
    const answer = `{"error": "database is down"} ${'x'.repeat(300 - '{"error": "database is down"} '.length)}…`;
    for (const text of await attempts.allTextContents()) {
      expect(text.replace(/\s+/g, ' ').trim()).toMatch(/^#\d \d{1,2} \w{3} \d{4}, \d\d:\d\d:\d\d HTTP 500 \d{1,3}(,\d{3})* ms The receiver answered: (.*)$/);
      expect(text).toContain(answer);
    }
    const okRow = page.locator('tbody', { has: page.getByText(delivered, { exact: true }) });
    await expect(okRow.getByText('Delivered', { exact: true }).isVisible()).resolves.toBe(true);
    await expectAccessibleAtBothWidths(page, 'webhooks (deliveries)');
    await screenshot(page, 'webhooks', { phone: true });

    // The receiver takes its time (under the 1 s time-out): the page comes back while the delivery is under way.
    receiver.respond = () => ({ status: 200, delayMs: 900 });
    await Promise.all([page.waitForURL(/\/dashboard\/webhooks\?redelivered=/), row.getByRole('button', { name: `Redeliver job ${failed}` }).click()]);
    await expect(page.locator('#deliveries[data-refresh-while-pending]').count()).resolves.toBe(1);
    await expect(page.getByRole('status').filter({ hasText: `Job ${failed} is being delivered again` }).isVisible()).resolves.toBe(true);
    await settled(key, failed, 'delivered');
    // No reload: the list refreshes itself while a delivery is under way.
    const rows = page.locator('tbody', { has: page.getByText(failed, { exact: true }) });
    await rows.nth(0).getByText('Delivered', { exact: true }).waitFor({ timeout: 15_000 });
    await expect(page.locator('#deliveries').getAttribute('data-refresh-while-pending')).resolves.toBeNull();
    await expect(rows.count()).resolves.toBe(2);
    // Newest first: the redelivery succeeded, the earlier delivery stays failed.
    await expect(rows.nth(0).getByText('Delivered', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(rows.nth(1).getByText('Failed', { exact: true }).isVisible()).resolves.toBe(true);
    // Only the newest delivery of a job offers to redeliver.
    await expect(rows.nth(1).getByRole('button', { name: /Redeliver/ }).count()).resolves.toBe(0);
    expect(receiver.forJob(failed).map((r) => r.answered)).toEqual([500, 500, 500, 200]);
  });

  it('a member sees deliveries and may reveal the secret, but cannot rotate or redeliver (hidden, and 403)', async () => {
    const ownerPage = await b.newPage();
    const owner = await ownerSession(b, ownerPage);
    const secret = await secretOf(owner.workspaceId);
    receiver.trust(secret);
    receiver.respond = () => 200;
    const key = await createKey(b, owner.workspaceId);
    const jobId = await submit(key);
    await settled(key, jobId, 'delivered');

    const page = await b.newPage();
    await memberSession(b, page, owner.workspaceId);
    await page.goto('/dashboard/webhooks');
    await expect(page.getByText(jobId, { exact: true }).first().isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: /Rotate|Redeliver/ }).count()).resolves.toBe(0);
    await page.getByText('Reveal the secret').click();
    await expect(page.locator('#webhook-secret').textContent()).resolves.toBe(secret);
    await expectAccessible(page, 'webhooks (member)');

    const csrf = await csrfOf(page);
    const rotate = await page.request.post('/dashboard/webhooks/secret/rotate', { form: { _csrf: csrf, confirmed: 'yes' } });
    expect(rotate.status()).toBe(403);
    const redeliver = await page.request.post(`/dashboard/webhooks/jobs/${jobId}/redeliver`, { form: { _csrf: csrf } });
    expect(redeliver.status()).toBe(403);
    expect(await secretOf(owner.workspaceId)).toBe(secret);
    expect(receiver.forJob(jobId)).toHaveLength(1);

    // An owner of another workspace cannot redeliver this job: not found.
    const strangerPage = await b.newPage();
    await ownerSession(b, strangerPage);
    await strangerPage.goto('/dashboard/webhooks');
    const stranger = await strangerPage.request.post(`/dashboard/webhooks/jobs/${jobId}/redeliver`, { form: { _csrf: await csrfOf(strangerPage) } });
    expect(stranger.status()).toBe(404);
    expect(receiver.forJob(jobId)).toHaveLength(1);
  });
});
