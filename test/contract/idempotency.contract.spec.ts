import { JsonLogger } from '../../src/common/logging/json-logger';
import type { GenerateReply } from '../../src/generation/generate-reply';
import { IdempotencyService } from '../../src/idempotency/idempotency.service';
import { StoreUnderTest, storeAdapters } from '../support/store-adapters';
import { StoreServices } from '../support/store-services';

const adapters = storeAdapters('idempotency');

/** RENDER_TIMEOUT_MS 1 s: a claim lapses 2 x 1 s + 60 s after it was taken. */
const CLAIM_LIFETIME_MS = 62_000;
const HOUR_MS = 60 * 60 * 1000;

const urlReply = (name: string): GenerateReply => ({
  status: 200,
  headers: { 'X-Generation-Time-Ms': '12', 'X-PDF-Size-Bytes': '2048', 'X-Usage-Remaining': '99' },
  json: { success: true, pdfUrl: `http://localhost/files/${name}.pdf`, templateId: 'invoice-basic', generatedAt: '2026-05-10T12:00:00.000Z' },
});

/** A `produce` that says when it has started (its key claimed) and answers when the test says. */
function producer(reply: GenerateReply) {
  let finish!: () => void;
  let start!: () => void;
  const finished = new Promise<void>((done) => (finish = done));
  const started = new Promise<void>((done) => (start = done));
  const produce = jest.fn(async () => {
    start();
    await finished;
    return reply;
  });
  return { produce, started, finish };
}

const immediately = (reply: GenerateReply) => jest.fn(async () => reply);

describe.each(adapters)('idempotency contract: $name', (adapter) => {
  let store: StoreUnderTest;
  /** Two replicas on one database. */
  let one: IdempotencyService;
  let two: IdempotencyService;
  let services: StoreServices[];

  beforeAll(async () => {
    store = await adapter.setUp();
    services = [await store.open(), await store.open()];
    [one, two] = services.map((s) => new IdempotencyService(s.dataSource, { renderTimeoutMs: 1000 }, new JsonLogger('silent')));
  });
  afterAll(async () => {
    await Promise.all((services ?? []).map((s) => s.dataSource.destroy()));
    await store?.tearDown();
  });

  const workspace = async () => (await services[0].workspaces.create({ name: 'Idempotent', plan: 'pro' })).id;

  it('runs the first request and replays its answer to the same JSON, in any key order, on any replica', async () => {
    const ws = await workspace();
    const first = immediately(urlReply('a'));
    expect(await one.once(ws, 'order-1', { data: { b: 2, a: [1, { y: 1, x: 2 }] }, templateId: 'invoice-basic' }, first)).toEqual(urlReply('a'));

    const again = immediately(urlReply('b'));
    const replay = await two.once(ws, 'order-1', { templateId: 'invoice-basic', data: { a: [1, { x: 2, y: 1 }], b: 2 } }, again);
    expect(replay).toEqual({ ...urlReply('a'), headers: { ...urlReply('a').headers, 'Idempotent-Replayed': 'true' } });
    expect(first).toHaveBeenCalledTimes(1);
    expect(again).not.toHaveBeenCalled();
  });

  it('replays PDF bytes byte for byte, with their headers', async () => {
    const ws = await workspace();
    const pdf = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256);
    const headers = { 'Content-Type': 'application/pdf', 'Content-Disposition': 'inline; filename="x.pdf"', 'X-Test-Mode': 'true' };
    await one.once(ws, 'bytes', { outputFormat: 'buffer' }, immediately({ status: 200, headers, pdf }));
    const replay = await two.once(ws, 'bytes', { outputFormat: 'buffer' }, immediately(urlReply('never')));
    expect(replay).toEqual({ status: 200, headers: { ...headers, 'Idempotent-Replayed': 'true' }, pdf: expect.any(Uint8Array) });
    expect(Buffer.from(replay.pdf!).equals(Buffer.from(pdf))).toBe(true);
  });

  it('refuses the key with another request: 422 once answered, 422 while in progress too', async () => {
    const ws = await workspace();
    await one.once(ws, 'reused', { n: 1 }, immediately(urlReply('a')));
    await expect(two.once(ws, 'reused', { n: 2 }, immediately(urlReply('b')))).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', status: 422 });

    const slow = producer(urlReply('c'));
    const running = one.once(ws, 'reused-running', { n: 1 }, slow.produce);
    await slow.started;
    await expect(two.once(ws, 'reused-running', { n: 2 }, immediately(urlReply('d')))).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    slow.finish();
    await running;
  });

  it('answers 409 with Retry-After: 1 while the first request runs, then replays', async () => {
    const ws = await workspace();
    const slow = producer(urlReply('slow'));
    const running = one.once(ws, 'busy', { n: 1 }, slow.produce);
    await slow.started;
    const meanwhile = immediately(urlReply('other'));
    const refused = await two.once(ws, 'busy', { n: 1 }, meanwhile).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_PROGRESS', status: 409, headers: { 'Retry-After': '1' } });
    expect(meanwhile).not.toHaveBeenCalled();

    slow.finish();
    expect(await running).toEqual(urlReply('slow'));
    expect((await two.once(ws, 'busy', { n: 1 }, meanwhile)).json).toEqual(urlReply('slow').json);
  });

  it('frees the key of a request that failed', async () => {
    const ws = await workspace();
    const failure = new Error('render failed');
    await expect(one.once(ws, 'failed', { n: 1 }, async () => Promise.reject(failure))).rejects.toBe(failure);
    const retry = immediately(urlReply('retry'));
    expect(await two.once(ws, 'failed', { n: 1 }, retry)).toEqual(urlReply('retry'));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('lets a new request take over a claim whose process died, and the late one cannot overwrite it', async () => {
    const ws = await workspace();
    const start = Date.now();
    const dead = producer(urlReply('dead'));
    const abandoned = one.once(ws, 'lapsed', { n: 1 }, dead.produce, start);
    await dead.started;
    await expect(two.once(ws, 'lapsed', { n: 1 }, immediately(urlReply('x')), start + CLAIM_LIFETIME_MS - 1000)).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_PROGRESS' });

    const takeover = immediately(urlReply('takeover'));
    expect(await two.once(ws, 'lapsed', { n: 1 }, takeover, start + CLAIM_LIFETIME_MS + 1000)).toEqual(urlReply('takeover'));
    dead.finish();
    expect(await abandoned).toEqual(urlReply('dead'));
    expect((await one.once(ws, 'lapsed', { n: 1 }, immediately(urlReply('y')), start + CLAIM_LIFETIME_MS + 2000)).json).toEqual(urlReply('takeover').json);
  });

  it('keeps an answer 24 hours, then runs the request anew; the sweep deletes what expired', async () => {
    const ws = await workspace();
    const start = Date.now();
    await one.once(ws, 'day', { n: 1 }, immediately(urlReply('first')), start);
    expect((await two.once(ws, 'day', { n: 1 }, immediately(urlReply('no')), start + 23 * HOUR_MS)).json).toEqual(urlReply('first').json);
    expect(await two.once(ws, 'day', { n: 2 }, immediately(urlReply('next day')), start + 25 * HOUR_MS)).toEqual(urlReply('next day'));

    await one.once(ws, 'swept', { n: 1 }, immediately(urlReply('swept')), start);
    expect(await one.sweep(start + 24 * HOUR_MS + 1)).toBeGreaterThanOrEqual(1);
    const left = await services[0].dataSource.query(`SELECT idempotency_key FROM idempotency_keys WHERE workspace_id = '${ws}'`);
    expect(left).toEqual([{ idempotency_key: 'day' }]);
  });

  it('scopes keys to the workspace', async () => {
    const [a, b] = [await workspace(), await workspace()];
    await one.once(a, 'shared', { n: 1 }, immediately(urlReply('a')));
    const other = immediately(urlReply('b'));
    expect(await two.once(b, 'shared', { n: 2 }, other)).toEqual(urlReply('b'));
    expect(other).toHaveBeenCalledTimes(1);
  });

  it('runs one request when replicas race on one key; the others replay it or are told it is in progress', async () => {
    const ws = await workspace();
    const produce = jest.fn(async () => {
      await new Promise((done) => setTimeout(done, 50));
      return urlReply('raced');
    });
    const attempts = Array.from({ length: 20 }, (_, i) => (i % 2 ? one : two).once(ws, 'race', { n: 1 }, produce));
    const outcomes = await Promise.allSettled(attempts);
    expect(produce).toHaveBeenCalledTimes(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'fulfilled') expect(outcome.value.json).toEqual(urlReply('raced').json);
      else expect(outcome.reason).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_PROGRESS' });
    }
    expect(outcomes.filter((o) => o.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
  });
});
