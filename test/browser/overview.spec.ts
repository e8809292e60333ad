import type { Page } from 'playwright-core';
import { GenerationHistory } from '../../src/history/generation-history.service';
import { sample } from '../support/samples';
import { BrowserTest, createKey, expectAccessible, expectAccessibleAtBothWidths, memberSession, ownerSession, screenshot, startBrowserTest } from '../support/browser';

/** The overview and generations pages in a real browser (DECISIONS section 10, issue 14). */
describe('dashboard: overview and generations (browser)', () => {
  let t: BrowserTest;
  beforeAll(async () => {
    t = await startBrowserTest();
  });
  afterAll(() => t?.close());

  const generate = (key: string, body: object, requestId: string) =>
    t.app.http.post('/api/v1/generate').set('X-API-Key', key).set('X-Request-Id', requestId).send(body);
  const invoice = (extra: object = {}) => ({ templateId: 'invoice-basic', data: sample('invoice-basic'), ...extra });
  const text = async (page: Page, testId: string) => (await page.getByTestId(testId).innerText()).replace(/\s+/g, ' ').trim();
  const rowsOf = (page: Page) => page.locator('[data-testid=generations] tbody tr');

  it('signs in through an invite, shows the empty states with a curl that works, and the CSP', async () => {
    const page = await t.newPage();
    const owner = await ownerSession(t, page, { plan: 'pro' });

    const response = await page.goto('/dashboard/overview');
    expect(response!.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' }).isVisible()).resolves.toBe(true);
    expect(await text(page, 'usage-used')).toBe('0 of 1,000');
    expect(await text(page, 'usage-remaining')).toBe('1,000');
    await expect(page.getByRole('heading', { name: 'No generations yet this month' }).isVisible()).resolves.toBe(true);
    // The copy button is revealed by the page's script; the curl is the real thing.
    await expect(page.getByRole('button', { name: 'Copy command' }).isVisible()).resolves.toBe(true);
    const curl = await page.locator('#first-pdf-curl').innerText();
    expect(curl).toContain(`curl -X POST ${t.baseUrl}/api/v1/generate`);
    await expectAccessible(page, 'overview (empty)');
    await screenshot(page, 'overview-empty');

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Generations' }).click();
    await page.waitForURL(/\/dashboard\/generations$/);
    await expect(page.getByRole('heading', { name: 'No generations yet' }).isVisible()).resolves.toBe(true);
    await expectAccessible(page, 'generations (empty)');

    // The body of the empty state's curl makes a PDF with a real key.
    const key = await createKey(t, owner.workspaceId);
    const body = JSON.parse(/-d '([\s\S]*)'\s*$/.exec(curl)![1]);
    const made = await generate(key, body, 'from-the-empty-state').expect(200);
    expect(made.body.pdfUrl).toMatch(new RegExp(`^${t.baseUrl}/files/`));
  });

  it('moves the usage, chart, tables and history when the API generates; filters, pages and links work', async () => {
    const page = await t.newPage();
    const owner = await ownerSession(t, page, { plan: 'pro', name: 'Northwind Traders' });
    const live = await createKey(t, owner.workspaceId, 'live');
    const test = await createKey(t, owner.workspaceId, 'test');

    const url = await generate(live, invoice(), 'req-url-1').expect(200);
    await generate(live, invoice({ outputFormat: 'base64' }), 'req-base64').expect(200);
    await generate(live, { templateId: 'weekly-report', data: sample('weekly-report'), outputFormat: 'buffer' }, 'req-weekly').expect(200);
    await generate(test, invoice(), 'req-test').expect(200);
    // A request the API refuses (400) is no generation; a render that fails is one. Rendering
    // fails only when something breaks (test/api/generations.spec.ts provokes it with a 1 ms
    // render timeout), so this one is recorded the way GenerationService records a failure.
    await generate(live, { templateId: 'invoice-basic', data: {} }, 'req-invalid').expect(400);
    t.app.app.get(GenerationHistory).record({
      workspaceId: owner.workspaceId, templateId: 'invoice-basic', templateVersion: '1.0.0', outputFormat: 'url',
      status: 'failed', generationTimeMs: 30_000, requestId: 'req-failed', mode: 'live', error: 'Rendering timed out after 30000 ms',
    });

    await page.reload();
    expect(await text(page, 'usage-used')).toBe('3 of 1,000');
    expect(await text(page, 'usage-remaining')).toBe('997');
    expect(await text(page, 'usage-test')).toBe('1');
    expect(await text(page, 'failed-count')).toBe('1');
    expect(await text(page, 'chart-summary')).toMatch(/^5 generations in \w+ \d{4} so far \(4 succeeded, 1 failed, 1 with test keys\); the busiest day was \d+ \w+ with 5\.$/);
    // The chart is drawn by uPlot from the JSON island (a canvas), its numbers also in the table.
    await page.locator('#usage-chart canvas').first().waitFor();
    expect(await page.locator('#usage-chart').getAttribute('aria-hidden')).toBe('true');
    expect(await page.locator('#usage-chart .u-legend').innerText()).toMatch(/Failed[\s\S]*Test[\s\S]*Live/);
    await page.locator('.daily-numbers summary').click();
    const today = new Date().toISOString().slice(0, 10);
    const todayRow = page.locator(`.daily-numbers tr:has(time[datetime="${today}"])`);
    expect((await todayRow.locator('td').allInnerTexts()).map((s) => s.trim())).toEqual(['3', '1', '1', '5']);
    const byTemplate = await page.getByTestId('by-template').locator('tbody tr').allInnerTexts();
    expect(byTemplate.map((r) => r.replace(/\s+/g, ' ').trim())).toEqual(['invoice-basic 4 1 1 80%', 'weekly-report 1 0 0 20%']);
    const byFormat = await page.getByTestId('by-format').locator('tbody tr').allInnerTexts();
    expect(byFormat.map((r) => r.replace(/\s+/g, ' ').trim())).toEqual(['url 3 1 1 60%', 'base64 1 0 0 20%', 'buffer 1 0 0 20%']);
    await expectAccessible(page, 'overview');
    await screenshot(page, 'overview', { phone: true });

    // The history, newest first, every field, the hosted PDF linked.
    await page.goto('/dashboard/generations');
    const rows = rowsOf(page);
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-request-id')))).toEqual(['req-failed', 'req-test', 'req-weekly', 'req-base64', 'req-url-1']);
    const urlRow = page.locator('tr[data-request-id="req-url-1"]');
    const cells = (await urlRow.locator('td').allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim());
    expect(cells[1]).toBe('invoice-basic v1.0.0');
    expect(cells.slice(2, 5)).toEqual(['url', 'Succeeded Live', '1']);
    expect(cells[5]).toMatch(/^\d+(\.\d)? kB$/);
    expect(cells[6]).toMatch(/^\d{1,3}(,\d{3})* ms$/);
    expect(cells[8]).toBe('req-url-1');
    const pdfLink = urlRow.getByRole('link', { name: /^Open/ });
    expect(await pdfLink.getAttribute('href')).toBe(url.body.pdfUrl);
    const pdf = await page.request.get(url.body.pdfUrl);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const cell = async (requestId: string, n: number) => (await page.locator(`tr[data-request-id="${requestId}"] td`).nth(n).innerText()).replace(/\s+/g, ' ').trim();
    expect(await cell('req-test', 3)).toBe('Succeeded Test');
    expect(await cell('req-base64', 7)).toBe('In response');
    // A failure says why, under its status.
    expect(await cell('req-failed', 3)).toBe('Failed Live Why it failed: Rendering timed out after 30000 ms');
    await expect(page.locator('tr[data-request-id="req-failed"] .failure-reason').textContent()).resolves.toBe('Why it failed: Rendering timed out after 30000 ms');
    expect(await cell('req-failed', 7)).toBe('–');
    await expectAccessibleAtBothWidths(page, 'generations');
    await screenshot(page, 'generations', { phone: true });

    // Filters: a GET form, so the filtered page is a link.
    await page.getByLabel('Status').selectOption('failed');
    await Promise.all([page.waitForURL(/status=failed/), page.getByRole('button', { name: 'Apply filters' }).click()]);
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-request-id')))).toEqual(['req-failed']);
    await page.getByLabel('Status').selectOption('');
    await page.getByLabel('Template').selectOption('weekly-report');
    await Promise.all([page.waitForURL(/templateId=weekly-report/), page.getByRole('button', { name: 'Apply filters' }).click()]);
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-request-id')))).toEqual(['req-weekly']);
    await page.getByLabel('Template').selectOption('kpi-dashboard');
    await Promise.all([page.waitForURL(/templateId=kpi-dashboard/), page.getByRole('button', { name: 'Apply filters' }).click()]);
    await expect(page.getByRole('heading', { name: 'No generations match' }).isVisible()).resolves.toBe(true);
    await page.getByRole('link', { name: 'Clear' }).click();
    await page.waitForURL(/\/dashboard\/generations$/);
    expect(await rows.count()).toBe(5);

    // A hand-made bad filter gets the API's message, and nothing else.
    const bad = await page.goto('/dashboard/generations?status=pending&cursor=nonsense');
    expect(bad!.status()).toBe(400);
    expect(await page.getByRole('alert').innerText()).toContain('status must be one of: succeeded, failed');
    expect(await page.getByRole('alert').innerText()).toContain('cursor must be the nextCursor of an earlier page');
    expect(await rows.count()).toBe(0);
  });

  it('pages with "Older" through more than a page, keeping the filter', async () => {
    const page = await t.newPage();
    const owner = await ownerSession(t, page, { plan: 'business' });
    const key = await createKey(t, owner.workspaceId);
    for (let n = 0; n < 53; n++) await generate(key, invoice({ outputFormat: 'buffer' }), `bulk-${n}`).expect(200);
    await generate(key, { templateId: 'weekly-report', data: sample('weekly-report'), outputFormat: 'buffer' }, 'weekly-1').expect(200);

    await page.goto('/dashboard/generations?templateId=invoice-basic');
    const rows = rowsOf(page);
    expect(await rows.count()).toBe(50);
    expect(await rows.first().getAttribute('data-request-id')).toBe('bulk-52');
    await Promise.all([page.waitForURL(/cursor=/), page.getByRole('link', { name: 'Older' }).click()]);
    expect(page.url()).toContain('templateId=invoice-basic');
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-request-id')))).toEqual(['bulk-2', 'bulk-1', 'bulk-0']);
    expect(await page.getByRole('link', { name: 'Older' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Newest' }).click();
    await page.waitForURL(/templateId=invoice-basic$/);
    expect(await rows.first().getAttribute('data-request-id')).toBe('bulk-52');
  });

  it('shows a member the same numbers; shows nobody else’s workspace; sends the signed-out to sign in', async () => {
    const ownerPage = await t.newPage();
    const owner = await ownerSession(t, ownerPage, { plan: 'pro', name: 'Shared Co' });
    const key = await createKey(t, owner.workspaceId);
    await generate(key, invoice(), 'shared-1').expect(200);

    const memberPage = await t.newPage();
    const member = await memberSession(t, memberPage, owner.workspaceId);
    expect(await text(memberPage, 'usage-used')).toBe('1 of 1,000');
    await memberPage.goto('/dashboard/generations');
    expect(await rowsOf(memberPage).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-request-id')))).toEqual(['shared-1']);

    // Another workspace's owner sees none of it.
    const otherPage = await t.newPage();
    await ownerSession(t, otherPage, { plan: 'pro', name: 'Other Co' });
    await otherPage.goto('/dashboard/generations');
    await expect(otherPage.getByRole('heading', { name: 'No generations yet' }).isVisible()).resolves.toBe(true);

    // Without a session: the sign-in page, and back to the page asked for after signing in.
    const anonymous = await t.newPage();
    await anonymous.goto('/dashboard/generations?status=succeeded');
    expect(new URL(anonymous.url()).pathname).toBe('/dashboard/sign-in');
    await anonymous.getByLabel('Email').fill(member.email);
    await anonymous.getByLabel('Password', { exact: true }).fill(member.password);
    await Promise.all([anonymous.waitForURL(/\/dashboard\/generations\?status=succeeded$/), anonymous.getByRole('button', { name: 'Sign in' }).click()]);
    expect(await rowsOf(anonymous).count()).toBe(1);
  });
});
