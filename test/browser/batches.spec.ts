import { sample } from '../support/samples';
import { BrowserTest, createKey, expectAccessible, ownerSession, screenshot, startBrowserTest } from '../support/browser';
import { waitUntil } from '../webhooks/receiver';

/** Batches on the generations page and a batch's own page, in a real browser (DECISIONS section 15, issue 34). */
describe('dashboard: batches (browser)', () => {
  let t: BrowserTest;
  beforeAll(async () => {
    t = await startBrowserTest();
  });
  afterAll(() => t?.close());

  it('lists the newest batches with their progress and merged file, and each batch with its items', async () => {
    const page = await t.newPage();
    const owner = await ownerSession(t, page, { plan: 'pro', name: 'Northwind Traders' });
    const key = await createKey(t, owner.workspaceId);
    const items = ['INV-0001', 'INV-0002', 'INV-0003'].map((invoiceNumber) => ({ templateId: 'invoice-basic', data: { ...sample('invoice-basic'), invoiceNumber } }));
    const { batchId } = (await t.app.http.post('/api/v1/batches').set('X-API-Key', key).send({ items, merge: true }).expect(202)).body;
    const batch = async () => (await t.app.http.get(`/api/v1/batches/${batchId}`).set('X-API-Key', key).expect(200)).body;
    await waitUntil(async () => (await batch()).finishedAt !== undefined, 30_000, 'the batch to end');

    await page.goto('/dashboard/generations');
    const row = page.locator(`[data-testid=batches] tr[data-batch-id="${batchId}"]`);
    expect((await row.innerText()).replace(/\s+/g, ' ')).toContain('Succeeded 3 of 3 succeeded');
    expect(await row.getByRole('link', { name: /merged PDF/ }).getAttribute('href')).toBe((await batch()).mergedPdfUrl);
    // The items are generations too.
    await expect(page.locator('[data-testid=generations] tbody tr').count()).resolves.toBe(3);
    await expectAccessible(page, 'generations with a batch');
    await screenshot(page, 'generations-batches', { phone: true });

    await row.getByRole('link', { name: /items of this batch/ }).click();
    await page.waitForURL(new RegExp(`/dashboard/generations/batches/${batchId}$`));
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toContain(batchId);
    const itemRows = page.locator('[data-testid=batch-items] tbody tr');
    await expect(itemRows.count()).resolves.toBe(3);
    const links = await Promise.all((await page.locator('[data-testid=batch-items] a').all()).map((link) => link.getAttribute('href')));
    expect(links).toEqual((await batch()).items.map((item: { pdfUrl: string }) => item.pdfUrl));
    await expectAccessible(page, 'batch');
    await screenshot(page, 'batch', { phone: true });

    const other = await t.newPage();
    await ownerSession(t, other, { plan: 'pro' });
    expect((await other.goto(`/dashboard/generations/batches/${batchId}`))!.status()).toBe(404);
  });
});
