import { DataSource } from 'typeorm';
import { poppler } from '../rendering/render-helpers';
import { binary } from '../support/binary';
import { expectError } from '../support/expect-error';
import { sample } from '../support/samples';
import { startTestApp, TestApp } from '../support/test-app';
import { Receiver } from '../webhooks/receiver';

const invoice = (extra: object = {}) => ({ templateId: 'invoice-basic', data: sample('invoice-basic'), ...extra });
const month = () => new Date().toISOString().slice(0, 7);
/** Each page's text in content order, where the turned watermark comes out one letter a line. */
const rawPages = (pdf: Buffer) => poppler('pdftotext', pdf, ['-raw']).split('\f').filter((page) => page.trim());
const WATERMARK = /^T\nE\nS\nT$/m;

describe('test keys (DECISIONS section 11)', () => {
  let t: TestApp;
  let receiver: Receiver;
  let workspace: { id: string; key: string };
  let testKey: string;

  beforeAll(async () => {
    t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    receiver = await Receiver.start();
    workspace = await t.createWorkspace('pro');
    receiver.trust((await t.admin.get(`/workspaces/${workspace.id}`).expect(200)).body.webhookSecret);
    const created = await t.admin.post(`/workspaces/${workspace.id}/keys`, { name: 'ci', mode: 'test' }).expect(201);
    expect(created.body).toMatchObject({ name: 'ci', mode: 'test', key: expect.stringMatching(/^pdfg_[0-9a-f-]{36}$/) });
    testKey = created.body.key;
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('shows each key with its mode, live by default, and refuses other modes naming the field', async () => {
    const keys = (await t.admin.get(`/workspaces/${workspace.id}/keys`).expect(200)).body.keys;
    expect(keys.map((k: { name: string; mode: string }) => [k.name, k.mode])).toEqual([
      ['test', 'live'],
      ['ci', 'test'],
    ]);
    const bad = await t.admin.post(`/workspaces/${workspace.id}/keys`, { mode: 'sandbox' });
    expectError(bad, 400, 'Invalid request', 'INVALID_REQUEST');
    expect(bad.body.validationErrors).toEqual(['mode must be one of: live, test']);
  });

  it('watermarks every page TEST, says X-Test-Mode, and counts apart from the month', async () => {
    const data = sample('weekly-report');
    const res = await t.http.post('/api/v1/generate').set('X-API-Key', testKey).send({ templateId: 'weekly-report', data, outputFormat: 'buffer' }).buffer(true).parse(binary).expect(200);
    expect(res.headers['x-test-mode']).toBe('true');
    const pages = rawPages(res.body as Buffer);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page).toMatch(WATERMARK);

    const live = await t.http.post('/api/v1/generate').set('X-API-Key', workspace.key).send(invoice({ outputFormat: 'buffer' })).buffer(true).parse(binary).expect(200);
    expect(live.headers['x-test-mode']).toBeUndefined();
    expect(rawPages(live.body as Buffer).join('\n')).not.toMatch(WATERMARK);

    const usage = (await t.admin.get(`/workspaces/${workspace.id}`).expect(200)).body.usage;
    expect(usage).toEqual({ period: month(), used: 1, limit: 1000, remaining: 999, testUsed: 1 });
    const history = (await t.http.get('/api/v1/generations').set('X-API-Key', workspace.key).expect(200)).body.generations;
    expect(history.map((g: { mode: string }) => g.mode)).toEqual(['live', 'test']);
  });

  it("marks and counts a test key's webhook job as test", async () => {
    const res = await t.http.post('/api/v1/generate').set('X-API-Key', testKey).send(invoice({ webhook: { url: receiver.url() } })).expect(202);
    expect(res.headers['x-test-mode']).toBe('true');
    await receiver.waitForJob(res.body.jobId, 1);
    expect((await t.admin.get(`/workspaces/${workspace.id}`).expect(200)).body.usage).toMatchObject({ used: 1, testUsed: 2 });
    const [latest] = (await t.http.get('/api/v1/generations').set('X-API-Key', testKey).expect(200)).body.generations;
    expect(latest).toMatchObject({ jobId: res.body.jobId, mode: 'test', status: 'succeeded' });
  });

  it("keeps test keys to their own limit, the plan's, whatever the workspace's own limit", async () => {
    const capped = await t.createWorkspace('free', { monthlyLimit: 0 });
    const key = (await t.admin.post(`/workspaces/${capped.id}/keys`, { mode: 'test' }).expect(201)).body.key;
    expectError(await t.http.post('/api/v1/generate').set('X-API-Key', capped.key).send(invoice()), 429, 'Monthly PDF generation limit reached', 'QUOTA_EXCEEDED');
    await t.http.post('/api/v1/generate').set('X-API-Key', key).send(invoice()).expect(200);

    // The free plan's 100, used up by earlier test generations.
    await t.app.get(DataSource).query(`UPDATE usage_counters SET used = 100 WHERE workspace_id = '${capped.id}' AND period = '${month()}:test'`);
    const refused = await t.http.post('/api/v1/generate').set('X-API-Key', key).send(invoice());
    expectError(refused, 429, 'Monthly PDF generation limit reached', 'QUOTA_EXCEEDED');
    expect(refused.body).toMatchObject({ limit: 100, used: 100, remaining: 0 });
    expect((await t.admin.get(`/workspaces/${capped.id}`).expect(200)).body.usage).toEqual({ period: month(), used: 0, limit: 0, remaining: 0, testUsed: 100 });
  });
});
