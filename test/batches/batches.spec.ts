import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { binary } from '../support/binary';
import { expectError } from '../support/expect-error';
import { sample } from '../support/samples';
import { adaptersFromEnv } from '../support/scaled-out';
import { startTestApp, TestApp } from '../support/test-app';
import { Receiver, signatureValid, waitUntil } from '../webhooks/receiver';

/** A poppler or qpdf tool's output for PDF bytes. */
function pdfTool(tool: string, pdf: Buffer, args: string[] = []): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdfgen-batch-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    return execFileSync(tool, [...args, join(dir, 'in.pdf')], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const invoice = (number: string) => ({ templateId: 'invoice-basic', data: { ...sample('invoice-basic'), invoiceNumber: number } });

/** POST and GET /api/v1/batches (DECISIONS section 15): on the run's adapters, and on PostgreSQL with BullMQ. */
describe.each([
  ['the run\'s adapters', adaptersFromEnv()],
  ['PostgreSQL and BullMQ', { store: 'postgres', files: 'disk', queue: 'bullmq' } as const],
])('batches on %s', (_, adapters) => {
  let t: TestApp;
  let receiver: Receiver;
  let pro: { id: string; key: string };

  beforeAll(async () => {
    t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BASE_MS: '50', WEBHOOK_MAX_ATTEMPTS: '3' }, adapters);
    receiver = await Receiver.start();
    pro = await t.createWorkspace('pro');
    receiver.trust((await t.admin.get(`/workspaces/${pro.id}`).expect(200)).body.webhookSecret);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const post = (body: unknown, key = pro.key) => t.http.post('/api/v1/batches').set('X-API-Key', key).send(body as object);
  const get = (id: string, key = pro.key) => t.http.get(`/api/v1/batches/${id}`).set('X-API-Key', key);
  const usage = async (workspaceId: string) => (await t.admin.get(`/workspaces/${workspaceId}`).expect(200)).body.usage;
  const ended = async (id: string, key = pro.key) => {
    await waitUntil(async () => (await get(id, key).expect(200)).body.finishedAt !== undefined, 30_000, `batch ${id} to end`);
    return (await get(id, key).expect(200)).body;
  };

  it('answers 202 with the batch id, renders every item as a hosted file, and counts each once', async () => {
    const before = (await usage(pro.id)).used;
    const res = await post({ items: [invoice('B-1'), invoice('B-2'), { ...invoice('B-3'), templateVersion: '1.0.0', options: { format: 'Letter' } }] });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ success: true, batchId: expect.stringMatching(/^[0-9a-f-]{36}$/), items: 3 });

    const batch = await ended(res.body.batchId);
    expect(batch).toEqual({
      success: true,
      id: res.body.batchId,
      status: 'succeeded',
      items: [0, 1, 2].map((index) => ({ index, status: 'succeeded', pdfUrl: expect.stringMatching(/\/files\/[A-Za-z0-9_-]+\.pdf$/) })),
      createdAt: expect.any(String),
      finishedAt: expect.any(String),
    });
    expect(Date.parse(batch.finishedAt)).toBeGreaterThanOrEqual(Date.parse(batch.createdAt));
    const third = await t.http.get(new URL(batch.items[2].pdfUrl).pathname).buffer(true).parse(binary).expect(200);
    expect(third.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await usage(pro.id)).used).toBe(before + 3);
  });

  it('with merge: true, joins the items in order into one more hosted PDF with an outline entry each, not counted', async () => {
    const before = (await usage(pro.id)).used;
    const items = [invoice('M-1'), { templateId: 'weekly-report', data: sample('weekly-report'), options: { format: 'A4' } }, invoice('M-3')];
    const { batchId } = (await post({ items, merge: true }).expect(202)).body;
    const batch = await ended(batchId);
    expect(batch.mergedPdfUrl).toMatch(/\/files\/[A-Za-z0-9_-]+\.pdf$/);
    const pagesOf = (pdf: Buffer) => Number(/Pages:\s+(\d+)/.exec(pdfTool('pdfinfo', pdf))![1]);
    const download = async (url: string) => (await t.http.get(new URL(url).pathname).buffer(true).parse(binary).expect(200)).body as Buffer;
    const merged = await download(batch.mergedPdfUrl);
    const itemPages = await Promise.all(batch.items.map(async (item: { pdfUrl: string }) => pagesOf(await download(item.pdfUrl))));
    expect(pagesOf(merged)).toBe(itemPages.reduce((sum, n) => sum + n, 0));
    const outlines = JSON.parse(pdfTool('qpdf', merged, ['--json', '--json-key=outlines'])).outlines as Array<{ title: string; destpageposfrom1: number }>;
    expect(outlines.map((entry) => entry.destpageposfrom1)).toEqual([1, 1 + itemPages[0], 1 + itemPages[0] + itemPages[1]]);
    expect(outlines[0].title).toContain('M-1');
    expect(pdfTool('pdfinfo', merged)).toMatch(/Tagged:\s+yes/);
    expect((await usage(pro.id)).used).toBe(before + 3);
  });

  it('refuses a workspace below the Pro plan', async () => {
    const free = await t.createWorkspace('free');
    expectError(await post({ items: [invoice('F-1')] }, free.key), 403, 'Batches require the Pro plan or above', 'BATCHES_NOT_IN_PLAN');
  });

  it('checks every item before queuing anything, and names each problem in its place', async () => {
    const before = (await usage(pro.id)).used;
    const res = await post({
      items: [
        { templateId: 'no-such-template', data: {} },
        { templateId: 'invoice-basic' },
        { ...invoice('V-3'), options: { margin: { top: 'wide' } } },
        { templateId: 'invoice-basic', data: { ...sample('invoice-basic'), invoiceNumber: undefined } },
        { ...invoice('V-5'), outputFormat: 'base64' },
        invoice('V-6'),
      ],
    });
    expectError(res, 400, 'Invalid request', 'INVALID_REQUEST');
    expect(res.body.validationErrors).toEqual([
      "items[0].templateId: Template 'no-such-template' not found",
      'items[1].data: Missing required field: data',
      'items[2].options.margin.top must be a CSS length such as 0.75in or 20mm',
      'items[3].data: Missing required field: invoiceNumber',
      'items[4].outputFormat is not allowed in a batch item',
    ]);
    await new Promise((done) => setTimeout(done, 300));
    expect((await usage(pro.id)).used).toBe(before);
  });

  it.each([
    ['no items', {}, 'items is required'],
    ['empty items', { items: [] }, 'items must be an array of 1 to 500 objects'],
    ['501 items', { items: Array.from({ length: 501 }, () => invoice('X')) }, 'items must be an array of 1 to 500 objects'],
    ['an item that is no object', { items: ['invoice'] }, 'items[0] must be an object'],
    ['merge not boolean', { items: [invoice('M')], merge: 'yes' }, 'merge must be boolean'],
    ['a webhook without url', { items: [invoice('W')], webhook: {} }, 'webhook.url is required'],
    ['a reserved webhook header', { items: [invoice('H')], webhook: { url: 'http://127.0.0.1:1/h', headers: { 'webhook-id': 'x' } } }, 'webhook.headers.webhook-id is not allowed (reserved header)'],
    ['encryption with merge', { items: [{ ...invoice('E'), options: { encryption: { ownerPassword: 'owner' } } }], merge: true }, 'items[0].options.encryption cannot be used with merge: the merged file would not be encrypted'],
  ])('refuses %s', async (_label, body, message) => {
    const res = await post(body);
    expectError(res, 400, 'Invalid request', 'INVALID_REQUEST');
    expect(res.body.validationErrors).toEqual([message]);
  });

  it('refuses a batch larger than what remains of the month, with the count asked for', async () => {
    const small = await t.createWorkspace('pro', { monthlyLimit: 2 });
    const res = await post({ items: [invoice('Q-1'), invoice('Q-2'), invoice('Q-3')] }, small.key);
    expectError(res, 429, 'Monthly PDF generation limit reached', 'QUOTA_EXCEEDED');
    expect(res.body).toMatchObject({ limit: 2, used: 0, remaining: 2, requested: 3 });
    expect(res.headers['x-usage-remaining']).toBe('2');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post({ items: [invoice('Q-1'), invoice('Q-2')] }, small.key)).status).toBe(202);
  });

  it("answers 404 for another workspace's batch, as for an unknown one", async () => {
    const { batchId } = (await post({ items: [invoice('O-1')] }).expect(202)).body;
    const other = await t.createWorkspace('pro');
    expectError(await get(batchId, other.key), 404, `Batch '${batchId}' not found`, 'BATCH_NOT_FOUND');
    const unknown = randomUUID();
    expectError(await get(unknown), 404, `Batch '${unknown}' not found`, 'BATCH_NOT_FOUND');
    await ended(batchId);
  });

  it('POSTs the signed batch to its webhook once it has ended', async () => {
    const { batchId } = (await post({ items: [invoice('W-1'), invoice('W-2')], webhook: { url: receiver.url('/batch'), headers: { 'X-Run': 'nightly' } } }).expect(202)).body;
    await waitUntil(() => receiver.requests.some((r) => r.body.id === batchId), 30_000, 'the batch webhook');
    const [delivered] = receiver.requests.filter((r) => r.body.id === batchId);
    expect(delivered.path).toBe('/batch');
    expect(delivered.headers['x-run']).toBe('nightly');
    expect(delivered.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(signatureValid(delivered, (await t.admin.get(`/workspaces/${pro.id}`)).body.webhookSecret)).toBe(true);
    const batch = await ended(batchId);
    expect(delivered.body).toEqual({ type: 'batch.finished', ...batch });
    expect(batch.status).toBe('succeeded');
  });

  it('honours Idempotency-Key: a repeat answers the same batch and queues nothing', async () => {
    const key = `batch-${randomUUID()}`;
    const body = { items: [invoice('I-1')] };
    const first = await post(body).set('Idempotency-Key', key).expect(202);
    const again = await post(body).set('Idempotency-Key', key).expect(202);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expectError(await post({ items: [invoice('I-2')] }).set('Idempotency-Key', key), 422, 'Idempotency-Key was used with a different request', 'IDEMPOTENCY_KEY_REUSED');
    await ended(first.body.batchId);
  });

  it("renders a test key's batch watermarked and counts it apart", async () => {
    const { key } = (await t.admin.post(`/workspaces/${pro.id}/keys`, { mode: 'test' }).expect(201)).body;
    const before = await usage(pro.id);
    const res = await post({ items: [invoice('T-1')] }, key).expect(202);
    expect(res.headers['x-test-mode']).toBe('true');
    const batch = await ended(res.body.batchId, key);
    expect(batch.status).toBe('succeeded');
    const after = await usage(pro.id);
    expect(after.used).toBe(before.used);
    expect(after.testUsed).toBe(before.testUsed + 1);
  });
});
