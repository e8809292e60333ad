import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectError } from '../support/expect-error';
import { removeQueue } from '../support/redis-queue';
import { sample } from '../support/samples';
import { startTestApp, TestApp } from '../support/test-app';

const daysThisMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).getUTCDate();
};

/** Parses `"month";r=5;t=60, "key";r=2;t=1` into { month: { r: 5, t: 60 }, key: { r: 2, t: 1 } }. */
function items(header: string | undefined): Record<string, Record<string, number>> {
  expect(header).toEqual(expect.any(String));
  return Object.fromEntries(
    header!.split(/,\s*/).map((item) => {
      const [name, ...params] = item.split(';');
      return [JSON.parse(name), Object.fromEntries(params.map((param) => [param.split('=')[0], Number(param.split('=')[1])]))];
    }),
  );
}

/** RateLimit-Policy and RateLimit (DECISIONS section 16): the month's generations always, the key's rate when it is on. */
describe('RateLimit headers', () => {
  describe('without a per-key rate', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(() => t?.close());

    it("report the month's generations on every answer to a key, the generate answer counting itself", async () => {
      const ws = await t.createWorkspace('pro');
      const before = await t.http.get('/api/v1/templates').set('X-API-Key', ws.key).expect(200);
      expect(items(before.headers['ratelimit-policy'])).toEqual({ month: { q: 1000, w: daysThisMonth() * 86_400 } });
      const month = items(before.headers['ratelimit']).month;
      expect(month.r).toBe(1000);
      expect(month.t).toBeGreaterThan(0);
      expect(month.t).toBeLessThanOrEqual(daysThisMonth() * 86_400);

      const generated = await t.http.post('/api/v1/generate').set('X-API-Key', ws.key).send({ templateId: 'invoice-basic', data: sample('invoice-basic') }).expect(200);
      expect(items(generated.headers['ratelimit']).month.r).toBe(999);
      expect(generated.headers['x-usage-remaining']).toBe('999');
      const after = await t.http.get('/api/v1/templates').set('X-API-Key', ws.key).expect(200);
      expect(items(after.headers['ratelimit']).month.r).toBe(999);
    });

    it("count a test key against the plan's test allowance, and are absent without a key", async () => {
      const ws = await t.createWorkspace('free');
      const { key } = (await t.admin.post(`/workspaces/${ws.id}/keys`, { mode: 'test' }).expect(201)).body;
      const res = await t.http.get('/api/v1/templates').set('X-API-Key', key).expect(200);
      expect(items(res.headers['ratelimit-policy']).month.q).toBe(100);
      expect((await t.http.get('/api/v1/templates').expect(200)).headers['ratelimit']).toBeUndefined();
    });
  });

  describe('with RATE_LIMIT_PER_SECOND', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ RATE_LIMIT_PER_SECOND: '3' });
    });
    afterAll(() => t?.close());

    it("add the key's rate, down to 0 on the answer that refuses", async () => {
      const ws = await t.createWorkspace('pro');
      const get = () => t.http.get('/api/v1/templates').set('X-API-Key', ws.key);
      const first = await get().expect(200);
      expect(items(first.headers['ratelimit-policy'])).toEqual({ month: { q: 1000, w: daysThisMonth() * 86_400 }, key: { q: 3, w: 1 } });
      expect(items(first.headers['ratelimit']).key).toEqual({ r: 2, t: 1 });
      await get().expect(200);
      await get().expect(200);
      const refused = await get();
      expectError(refused, 429, 'Rate limit exceeded', 'RATE_LIMITED');
      expect(items(refused.headers['ratelimit']).key).toEqual({ r: 0, t: 1 });
      expect(refused.headers['retry-after']).toBe('1');
    });
  });

  describe('with REDIS_URL, across two replicas', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pdfgen-rate-'));
    const prefix = `pdfgen-test-${randomBytes(6).toString('hex')}`;
    const replicas: TestApp[] = [];
    beforeAll(async () => {
      for (let i = 0; i < 2; i++) replicas.push(await startTestApp({ DATA_DIR: dataDir, RATE_LIMIT_PER_SECOND: '4', BULLMQ_PREFIX: prefix }, { store: 'postgres', files: 'disk', queue: 'bullmq' }));
    });
    afterAll(async () => {
      for (const replica of replicas) await replica.close();
      await removeQueue(prefix);
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('hold one bucket per key for every replica', async () => {
      const ws = await replicas[0].createWorkspace('pro');
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await replicas[i % 2].http.get('/api/v1/templates').set('X-API-Key', ws.key)).status);
      // Four tokens a second for the key, whichever replica answers: each alone would have let all six through.
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(1);
      expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
    });
  });
});
