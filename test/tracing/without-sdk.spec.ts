import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CrashHarness } from '../support/crash-harness';
import { sample } from '../support/samples';
import { Receiver } from '../webhooks/receiver';
import { OtlpReceiver } from './otlp-receiver';

const PRELOAD = resolve(__dirname, 'report-loaded-modules.js');

/**
 * Without OTEL_* settings the service loads no OpenTelemetry SDK module (nor ours that uses it),
 * and a caller's traceparent still reaches its webhooks, unchanged (the W3C rule for a service
 * that does not trace). The same check with an endpoint set finds the SDK: it can tell them apart.
 */
describe('tracing without an SDK', () => {
  let webhooks: Receiver;
  let harness: CrashHarness | undefined;

  beforeAll(async () => {
    webhooks = await Receiver.start();
  });
  afterEach(async () => {
    await harness?.close();
  });
  afterAll(async () => {
    await webhooks.close();
  });

  /** Runs the service with `env`, lets `work` call it, stops it; the SDK's modules its main thread had loaded. */
  const loadedModules = async (env: Record<string, string>, work: (key: string) => Promise<void>): Promise<string[]> => {
    harness = new CrashHarness({ ...env });
    const report = join(harness.env.DATA_DIR, 'loaded-modules.json');
    Object.assign(harness.env, { NODE_OPTIONS: `--require ${PRELOAD}`, LOADED_MODULES_FILE: report });
    await harness.start();
    const ws = (await harness.call('/admin/v1/workspaces', { method: 'POST', body: { name: 'untraced', plan: 'pro' } })).body;
    webhooks.trust(ws.webhookSecret);
    const { key } = (await harness.call(`/admin/v1/workspaces/${ws.id}/keys`, { method: 'POST', body: {} })).body;
    await work(key);
    expect(await harness.kill('SIGTERM')).toBe(0);
    // @opentelemetry/api is a no-op facade that prom-client loads for its exemplars, SDK or not.
    return (JSON.parse(readFileSync(report, 'utf8')) as string[]).filter((file) => /@opentelemetry\/(?!api\/)|otel-tracing/.test(file));
  };

  const submitJob = async (key: string, traceparent?: string, webhookHeaders: Record<string, string> = {}): Promise<string> => {
    const res = await fetch(`${harness!.service!.url}/api/v1/generate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': key, ...(traceparent ? { traceparent } : {}) },
      body: JSON.stringify({ templateId: 'invoice-basic', data: sample('invoice-basic'), webhook: { url: webhooks.url(), headers: webhookHeaders } }),
    });
    expect(res.status).toBe(202);
    return ((await res.json()) as { jobId: string }).jobId;
  };

  it('loads no OpenTelemetry SDK module, and passes a caller traceparent on to the webhook as it came', async () => {
    const traceparent = newTraceparent();
    const ownHeader = { traceparent: newTraceparent() };
    const loaded = await loadedModules({}, async (key) => {
      const jobs = {
        traced: await submitJob(key, traceparent),
        untraced: await submitJob(key),
        invalid: await submitJob(key, `00-${'0'.repeat(32)}-${'1'.repeat(16)}-01`),
        tracedWithOwnHeader: await submitJob(key, traceparent, ownHeader),
        untracedWithOwnHeader: await submitJob(key, undefined, ownHeader),
      };
      const received = async (jobId: string) => (await webhooks.waitForJob(jobId, 1))[0].headers.traceparent;
      expect(await received(jobs.traced)).toBe(traceparent);
      expect(await received(jobs.untraced)).toBeUndefined();
      expect(await received(jobs.invalid)).toBeUndefined();
      // The caller's trace wins over a traceparent among the webhook's own headers, which goes only when there is none.
      expect(await received(jobs.tracedWithOwnHeader)).toBe(traceparent);
      expect(await received(jobs.untracedWithOwnHeader)).toBe(ownHeader.traceparent);
    });
    expect(loaded).toEqual([]);
  });

  it('does load the SDK once an OTLP endpoint is set', async () => {
    const otlp = await OtlpReceiver.start();
    try {
      const loaded = await loadedModules({ OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url }, async (key) => {
        await webhooks.waitForJob(await submitJob(key), 1);
      });
      expect(loaded.some((file) => file.includes('@opentelemetry/sdk-trace-base'))).toBe(true);
      expect(loaded.some((file) => file.endsWith('tracing/otel-tracing.js'))).toBe(true);
    } finally {
      await otlp.close();
    }
  });
});

function newTraceparent(): string {
  return `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-01`;
}
