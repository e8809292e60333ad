import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonLogger } from '../../src/common/logging/json-logger';
import { loadConfig } from '../../src/config/app-config';
import { GenerationHistory } from '../../src/history/generation-history.service';
import type { GenerationOutcome } from '../../src/history/generation-record';
import { decodeCursor } from '../../src/history/history-cursor';
import { createTestDatabase } from '../support/postgres';
import { openStore, StoreServices } from '../support/store-services';

interface HistoryUnderTest {
  open(): Promise<StoreServices>;
  dataDir: string;
  tearDown(): Promise<void>;
}

const adapters: Array<{ name: string; setUp(): Promise<HistoryUnderTest> }> = [
  {
    name: 'SQLite',
    async setUp() {
      const dataDir = mkdtempSync(join(tmpdir(), 'pdfgen-history-'));
      return { dataDir, open: () => openStore({ dataDir }), tearDown: async () => rmSync(dataDir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'PostgreSQL',
    async setUp() {
      const database = await createTestDatabase();
      return { dataDir: tmpdir(), open: () => openStore({ dataDir: tmpdir(), databaseUrl: database.url }), tearDown: () => database.drop() };
    },
  },
];

const outcome = (workspaceId: string, extra: Partial<GenerationOutcome> = {}): GenerationOutcome => ({
  workspaceId,
  templateId: 'invoice-basic',
  templateVersion: '1.0.0',
  outputFormat: 'url',
  status: 'succeeded',
  pdfUrl: 'http://localhost/files/x.pdf',
  sizeBytes: 25_000,
  pages: 2,
  generationTimeMs: 12,
  requestId: 'req-1',
  mode: 'live',
  ...extra,
});

describe.each(adapters)('generation history contract: $name', (adapter) => {
  let store: HistoryUnderTest;
  let one: StoreServices;
  let two: StoreServices;
  let historyOne: GenerationHistory;
  let historyTwo: GenerationHistory;
  let workspaceA: string;
  let workspaceB: string;

  beforeAll(async () => {
    store = await adapter.setUp();
    one = await store.open();
    two = await store.open();
    const config = loadConfig({ DATA_DIR: store.dataDir, HISTORY_DAYS: '30' });
    historyOne = new GenerationHistory(one.dataSource, config, new JsonLogger('silent'));
    historyTwo = new GenerationHistory(two.dataSource, config, new JsonLogger('silent'));
    workspaceA = (await one.workspaces.create({ name: 'A', plan: 'business' })).id;
    workspaceB = (await one.workspaces.create({ name: 'B', plan: 'business' })).id;
  });
  afterAll(async () => {
    await Promise.all([historyOne?.onModuleDestroy(), historyTwo?.onModuleDestroy()]);
    await Promise.all([one?.dataSource.destroy(), two?.dataSource.destroy()]);
    await store?.tearDown();
  });

  it('shows what one replica recorded on another once written, newest first, absent fields left out', async () => {
    historyOne.record(outcome(workspaceA, { requestId: 'first' }));
    await new Promise((done) => setTimeout(done, 5));
    historyOne.record(outcome(workspaceA, { requestId: 'second', status: 'failed', pdfUrl: undefined, sizeBytes: undefined, pages: undefined, outputFormat: 'buffer' }));
    await historyOne.flush();
    const { generations, nextCursor } = await historyTwo.list(workspaceA, { limit: 50 });
    expect(generations.map((g) => g.requestId)).toEqual(['second', 'first']);
    expect(generations[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      templateId: 'invoice-basic',
      templateVersion: '1.0.0',
      outputFormat: 'buffer',
      status: 'failed',
      generationTimeMs: 12,
      requestId: 'second',
      mode: 'live',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(generations[1]).toMatchObject({ pdfUrl: 'http://localhost/files/x.pdf', sizeBytes: 25_000, pages: 2, status: 'succeeded' });
    expect(nextCursor).toBeNull();
  });

  it("keeps each workspace's history to itself", async () => {
    historyOne.record(outcome(workspaceB, { requestId: 'b-only', jobId: '0b6f4a52-8c1e-4d2f-9a7b-3e5c6d7f8a9b' }));
    const b = await historyOne.list(workspaceB, { limit: 50 });
    expect(b.generations.map((g) => g.requestId)).toEqual(['b-only']);
    expect(b.generations[0].jobId).toBe('0b6f4a52-8c1e-4d2f-9a7b-3e5c6d7f8a9b');
    expect((await historyTwo.list(workspaceA, { limit: 50 })).generations.map((g) => g.requestId)).not.toContain('b-only');
  });

  it('pages with a cursor through records made in the same millisecond and written in several statements, each once, and filters', async () => {
    const workspace = (await one.workspaces.create({ name: 'C', plan: 'business' })).id;
    for (let n = 0; n < 120; n++) historyOne.record(outcome(workspace, { requestId: `r${n}`, templateId: n % 2 ? 'weekly-report' : 'invoice-basic', status: n % 5 ? 'succeeded' : 'failed' }));
    await historyOne.flush();
    const seen: string[] = [];
    let after;
    do {
      const page = await historyTwo.list(workspace, { limit: 13, after });
      expect(page.generations.length).toBeLessThanOrEqual(13);
      seen.push(...page.generations.map((g) => g.requestId));
      after = page.nextCursor === null ? undefined : decodeCursor(page.nextCursor)!;
    } while (after);
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
    const weekly = await historyTwo.list(workspace, { limit: 100, templateId: 'weekly-report' });
    expect(weekly.generations).toHaveLength(60);
    expect(weekly.generations.every((g) => g.templateId === 'weekly-report')).toBe(true);
    const failed = await historyTwo.list(workspace, { limit: 100, status: 'failed' });
    expect(failed.generations.map((g) => g.requestId).sort()).toEqual(Array.from({ length: 24 }, (_, n) => `r${n * 5}`).sort());
  });

  it('prunes records older than HISTORY_DAYS and keeps the rest', async () => {
    const workspace = (await one.workspaces.create({ name: 'D', plan: 'business' })).id;
    historyOne.record(outcome(workspace, { requestId: 'older' }));
    await historyOne.flush();
    const thirtyOneDaysLater = Date.now() + 31 * 24 * 60 * 60 * 1000;
    historyOne.record(outcome(workspace, { requestId: 'newer' }));
    await historyOne.flush();
    expect(await historyTwo.prune(Date.now())).toBe(0);
    const pruned = await historyTwo.prune(thirtyOneDaysLater);
    expect(pruned).toBeGreaterThanOrEqual(2);
    expect((await historyOne.list(workspace, { limit: 50 })).generations).toEqual([]);
  });

  // Last: its records lie in the past, where the prune test above would count them.
  it('counts a UTC month per day, template and format, on the day boundaries, for one workspace only', async () => {
    const workspace = (await one.workspaces.create({ name: 'E', plan: 'business' })).id;
    const other = (await one.workspaces.create({ name: 'F', plan: 'business' })).id;
    const at = (iso: string, workspaceId: string, extra: Partial<GenerationOutcome> = {}) => {
      const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.parse(iso));
      try {
        historyOne.record(outcome(workspaceId, extra));
      } finally {
        clock.mockRestore();
      }
    };
    at('2025-01-31T23:59:59.999Z', workspace);
    at('2025-02-01T00:00:00.000Z', workspace);
    at('2025-02-01T13:00:00.000Z', workspace, { templateId: 'weekly-report', outputFormat: 'buffer' });
    at('2025-02-03T08:00:00.000Z', workspace, { mode: 'test' });
    at('2025-02-03T09:00:00.000Z', workspace, { status: 'failed', outputFormat: 'base64' });
    at('2025-02-03T10:00:00.000Z', workspace, { status: 'failed', mode: 'test', templateId: 'weekly-report' });
    at('2025-02-28T23:59:59.999Z', workspace, { outputFormat: 'buffer' });
    at('2025-03-01T00:00:00.000Z', workspace);
    at('2025-02-10T00:00:00.000Z', other);
    await historyOne.flush();

    const month = await historyTwo.monthActivity(workspace, new Date('2025-02-15T12:00:00Z'));
    expect(month.period).toBe('2025-02');
    expect(month.days).toHaveLength(28);
    expect(month.days[0]).toEqual({ date: '2025-02-01', live: 2, test: 0, failed: 0 });
    expect(month.days[1]).toEqual({ date: '2025-02-02', live: 0, test: 0, failed: 0 });
    expect(month.days[2]).toEqual({ date: '2025-02-03', live: 0, test: 1, failed: 2 });
    expect(month.days[27]).toEqual({ date: '2025-02-28', live: 1, test: 0, failed: 0 });
    expect(month.days.slice(3, 27).every((d) => d.live + d.test + d.failed === 0)).toBe(true);
    expect(month.totals).toEqual({ total: 6, succeeded: 4, failed: 2, test: 2 });
    expect(month.byTemplate).toEqual([
      { templateId: 'invoice-basic', total: 4, succeeded: 3, failed: 1, test: 1 },
      { templateId: 'weekly-report', total: 2, succeeded: 1, failed: 1, test: 1 },
    ]);
    expect(month.byFormat).toEqual([
      { outputFormat: 'url', total: 3, succeeded: 2, failed: 1, test: 2 },
      { outputFormat: 'buffer', total: 2, succeeded: 2, failed: 0, test: 0 },
      { outputFormat: 'base64', total: 1, succeeded: 0, failed: 1, test: 0 },
    ]);

    const january = await historyOne.monthActivity(workspace, new Date('2025-01-01T00:00:00Z'));
    expect(january.days).toHaveLength(31);
    expect(january.days[30]).toEqual({ date: '2025-01-31', live: 1, test: 0, failed: 0 });
    expect(january.totals.total).toBe(1);
    const empty = await historyTwo.monthActivity(workspace, new Date('2024-12-05T00:00:00Z'));
    expect(empty).toMatchObject({ period: '2024-12', byTemplate: [], byFormat: [], totals: { total: 0, succeeded: 0, failed: 0, test: 0 } });
  });
});
