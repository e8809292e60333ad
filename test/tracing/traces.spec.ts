import { randomBytes } from 'node:crypto';
import { CRASH_QUEUES, CrashHarness } from '../support/crash-harness';
import { sample } from '../support/samples';
import { Receiver, waitUntil } from '../webhooks/receiver';
import { OtlpReceiver, ReceivedSpan } from './otlp-receiver';

const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const CONSUMER = 5;

/**
 * The built service exporting to an OTLP receiver started here (OTEL_EXPORTER_OTLP_ENDPOINT): a
 * generate, a webhook job and a batch each make one trace whose spans form one tree under the
 * request's span, across the render worker thread, the queue and the webhook.
 */
describe.each(CRASH_QUEUES)('OpenTelemetry traces, on %s', (_, queueEnv) => {
  let otlp: OtlpReceiver;
  let webhooks: Receiver;
  let harness: CrashHarness;
  let key: string;

  beforeAll(async () => {
    otlp = await OtlpReceiver.start();
    webhooks = await Receiver.start();
    harness = new CrashHarness({ ...queueEnv(), OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url, OTEL_SERVICE_NAME: 'pdfgen-under-test', OTEL_BSP_SCHEDULE_DELAY: '50' });
    await harness.start();
    const ws = (await harness.call('/admin/v1/workspaces', { method: 'POST', body: { name: 'traced', plan: 'pro' } })).body;
    webhooks.trust(ws.webhookSecret);
    key = (await harness.call(`/admin/v1/workspaces/${ws.id}/keys`, { method: 'POST', body: {} })).body.key;
  });
  afterAll(async () => {
    await harness.close();
    await webhooks.close();
    await otlp.close();
  });

  const post = (path: string, body: object, headers: Record<string, string> = {}) =>
    fetch(`${harness.service!.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-API-Key': key, ...headers }, body: JSON.stringify(body) });

  /** The trace of the request with this X-Request-Id, once it holds every span named. */
  const traceOf = async (requestId: string, names: string[]): Promise<ReceivedSpan[]> => {
    let spans: ReceivedSpan[] = [];
    await waitUntil(() => {
      const request = otlp.spans.find((span) => span.attributes['pdfgen.request_id'] === requestId);
      spans = request ? otlp.trace(request.traceId) : [];
      return names.every((name) => spans.some((span) => span.name === name));
    }, 20_000, `spans ${names.join(', ')}`);
    return spans;
  };

  it('a generate: the request span continues the caller traceparent, with validation, the render on its worker and storage under it', async () => {
    const callerTrace = randomBytes(16).toString('hex');
    const callerSpan = randomBytes(8).toString('hex');
    const res = await post('/api/v1/generate', { templateId: 'invoice-basic', data: sample('invoice-basic') }, { traceparent: `00-${callerTrace}-${callerSpan}-01` });
    expect(res.status).toBe(200);

    const spans = await traceOf(res.headers.get('x-request-id')!, ['POST /api/v1/generate', 'validate', 'render', 'render on worker', 'files save']);
    const root = expectOneTree(spans);
    expect(root).toMatchObject({ traceId: callerTrace, parentSpanId: callerSpan, kind: SERVER, serviceName: 'pdfgen-under-test' });
    expect(root.attributes).toMatchObject({ 'http.request.method': 'POST', 'http.route': '/api/v1/generate', 'http.response.status_code': 200 });
    const render = named(spans, 'render');
    const onWorker = named(spans, 'render on worker');
    expect(onWorker.parentSpanId).toBe(render.spanId);
    expect(onWorker.attributes['pdfgen.pages']).toBeGreaterThanOrEqual(1);
    // The worker's own time: real, and inside the render's span (which also holds the wait for a worker).
    expect(onWorker.endMs - onWorker.startMs).toBeGreaterThan(0.5);
    expect(onWorker.startMs).toBeGreaterThanOrEqual(render.startMs - 1);
    expect(onWorker.endMs).toBeLessThanOrEqual(render.endMs + 1);
    expect(named(spans, 'files save').parentSpanId).not.toBe('');
  });

  it('a webhook job: its queueing, processing, render and delivery join the request trace, and the webhook carries it', async () => {
    const res = await post('/api/v1/generate', { templateId: 'invoice-basic', data: sample('invoice-basic'), webhook: { url: webhooks.url() } });
    expect(res.status).toBe(202);
    const { jobId } = (await res.json()) as { jobId: string };
    const [delivered] = await webhooks.waitForJob(jobId, 1);

    const spans = await traceOf(res.headers.get('x-request-id')!, ['POST /api/v1/generate', 'validate', 'job enqueue', 'job process', 'render on worker', 'webhook deliver']);
    const root = expectOneTree(spans);
    expect(root.parentSpanId).toBe('');
    const enqueue = named(spans, 'job enqueue');
    const processing = named(spans, 'job process');
    const delivery = named(spans, 'webhook deliver');
    expect(enqueue).toMatchObject({ parentSpanId: root.spanId, kind: PRODUCER });
    expect(processing).toMatchObject({ parentSpanId: enqueue.spanId, kind: CONSUMER });
    expect(processing.attributes['pdfgen.job.id']).toBe(jobId);
    expect(named(spans, 'render').parentSpanId).toBe(processing.spanId);
    expect(delivery).toMatchObject({ parentSpanId: processing.spanId, kind: CLIENT });
    expect(delivery.attributes).toMatchObject({ 'http.response.status_code': 200, 'server.address': '127.0.0.1' });
    // The receiver can join the trace: its parent is the delivery attempt's span.
    expect(delivered.headers.traceparent).toBe(`00-${root.traceId}-${delivery.spanId}-01`);
  });

  it('a batch: every item, the finisher (merge, storage) and its webhook join the batch request trace', async () => {
    const items = ['B-1', 'B-2', 'B-3'].map((invoiceNumber) => ({ templateId: 'invoice-basic', data: { ...sample('invoice-basic'), invoiceNumber } }));
    const res = await post('/api/v1/batches', { items, merge: true, webhook: { url: webhooks.url('/batch') } });
    expect(res.status).toBe(202);
    const { batchId } = (await res.json()) as { batchId: string };
    await waitUntil(() => webhooks.requests.some((request) => request.body.id === batchId), 20_000, 'the batch webhook');
    const delivered = webhooks.requests.find((request) => request.body.id === batchId)!;

    const spans = await traceOf(res.headers.get('x-request-id')!, ['POST /api/v1/batches', 'validate', 'batch enqueue', 'batch finish', 'render merged', 'webhook deliver']);
    const root = expectOneTree(spans);
    const enqueue = named(spans, 'batch enqueue');
    expect(enqueue).toMatchObject({ parentSpanId: root.spanId, kind: PRODUCER });
    const processing = spans.filter((span) => span.name === 'job process');
    expect(processing).toHaveLength(3);
    for (const item of processing) expect(item).toMatchObject({ parentSpanId: enqueue.spanId, attributes: expect.objectContaining({ 'pdfgen.batch.id': batchId }) });
    expect(spans.filter((span) => span.name === 'render on worker')).toHaveLength(4);
    const finish = named(spans, 'batch finish');
    expect(processing.map((item) => item.spanId)).toContain(finish.parentSpanId);
    expect(named(spans, 'render merged').parentSpanId).toBe(finish.spanId);
    const delivery = named(spans, 'webhook deliver');
    expect(delivery.parentSpanId).toBe(finish.spanId);
    expect(delivered.headers.traceparent).toBe(`00-${root.traceId}-${delivery.spanId}-01`);
  });
});

function named(spans: ReceivedSpan[], name: string): ReceivedSpan {
  const found = spans.filter((span) => span.name === name);
  expect(found).toHaveLength(1);
  return found[0];
}

/** The trace's one root, after checking that every other span's parent is in the trace (one tree). */
function expectOneTree(spans: ReceivedSpan[]): ReceivedSpan {
  expect(new Set(spans.map((span) => span.traceId)).size).toBe(1);
  const ids = new Set(spans.map((span) => span.spanId));
  expect(ids.size).toBe(spans.length);
  const roots = spans.filter((span) => !ids.has(span.parentSpanId));
  expect(roots.map((span) => span.name)).toHaveLength(1);
  expect(roots[0].kind).toBe(SERVER);
  return roots[0];
}
