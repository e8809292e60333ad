import { PdfgenClient, TemplateData } from '../../clients/typescript/src';
import { sample } from '../support/samples';
import { startTestApp, TestApp } from '../support/test-app';
import { clientFor, rejectionOf } from './client-support';

const invoice = () => ({ templateId: 'invoice-basic' as const, data: sample('invoice-basic') as TemplateData<'invoice-basic'> });

/** The client's Idempotency-Key against the service's (DECISIONS section 11): a retried generate never renders or counts twice. */
describe('PdfgenClient idempotency against the service', () => {
  let t: TestApp;
  let workspace: { id: string; key: string };
  let client: PdfgenClient;
  const used = async () => (await t.admin.get(`/workspaces/${workspace.id}`).expect(200)).body.usage.used as number;

  beforeAll(async () => {
    t = await startTestApp();
    workspace = await t.createWorkspace('business');
    client = clientFor(t, workspace.key);
  });
  afterAll(() => t?.close());

  it('replays the answer to a repeated key, counted once', async () => {
    const first = await client.generate(invoice(), { idempotencyKey: 'order-1' });
    const again = await client.generate(invoice(), { idempotencyKey: 'order-1' });
    expect(first.replayed).toBe(false);
    expect(again).toMatchObject({ replayed: true, pdfUrl: first.pdfUrl, pdfSizeBytes: first.pdfSizeBytes, idempotencyKey: 'order-1' });
    expect(await used()).toBe(1);

    const bytes = await client.generate({ ...invoice(), outputFormat: 'buffer' }, { idempotencyKey: 'order-2' });
    const replayedBytes = await client.generate({ ...invoice(), outputFormat: 'buffer' }, { idempotencyKey: 'order-2' });
    expect(replayedBytes.replayed).toBe(true);
    expect(Buffer.from(replayedBytes.pdf).equals(Buffer.from(bytes.pdf))).toBe(true);
  });

  it('waits out a request with the same key still in flight, and gets its answer', async () => {
    const before = await used();
    const both = await Promise.all([client.generate(invoice(), { idempotencyKey: 'order-3' }), client.generate(invoice(), { idempotencyKey: 'order-3' })]);
    expect(both[1].pdfUrl).toBe(both[0].pdfUrl);
    expect(both.filter((result) => result.replayed)).toHaveLength(1);
    expect(await used()).toBe(before + 1);
  });

  it('refuses the same key with a different body (422), without retrying', async () => {
    await client.generate(invoice(), { idempotencyKey: 'order-4' });
    const other = { ...invoice(), options: { format: 'A4' as const } };
    expect(await rejectionOf(client.generate(other, { idempotencyKey: 'order-4' }))).toMatchObject({ status: 422, message: 'Idempotency-Key was used with a different request' });
  });
});
