import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuditEntry, OPERATOR_OFFLINE } from '../../src/audit/audit-entry';
import { AuditLog } from '../../src/audit/audit-log.service';
import { JsonLogger } from '../../src/common/logging/json-logger';
import { loadConfig } from '../../src/config/app-config';
import { createTestDatabase } from '../support/postgres';
import { openStore, StoreServices } from '../support/store-services';

const DAY_MS = 24 * 60 * 60 * 1000;

const adapters: Array<{ name: string; setUp(): Promise<{ dataDir: string; open(): Promise<StoreServices>; tearDown(): Promise<void> }> }> = [
  {
    name: 'SQLite',
    async setUp() {
      const dataDir = mkdtempSync(join(tmpdir(), 'pdfgen-audit-'));
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

const entry = (workspaceId: string, requestId: string): AuditEntry => ({
  action: 'key.created',
  workspaceId,
  actor: { type: 'operator' },
  target: { type: 'key', id: requestId },
  ip: '203.0.113.7',
  requestId,
});

/** AuditLog on each database: what one replica records another reads, and pruning after AUDIT_DAYS (DECISIONS section 16). */
describe.each(adapters)('audit log contract: $name', (adapter) => {
  let store: Awaited<ReturnType<(typeof adapters)[number]['setUp']>>;
  let one: StoreServices;
  let two: StoreServices;
  let audit: AuditLog;

  beforeAll(async () => {
    store = await adapter.setUp();
    one = await store.open();
    two = await store.open();
    audit = new AuditLog(two.dataSource, loadConfig({ DATA_DIR: store.dataDir, AUDIT_DAYS: '30' }), new JsonLogger('silent'));
  });
  afterAll(async () => {
    await Promise.all([one?.dataSource.destroy(), two?.dataSource.destroy()]);
    await store?.tearDown();
  });

  it("shows one replica's entries on another at once, every field kept", async () => {
    const workspace = (await one.workspaces.create({ name: 'A', plan: 'free' })).id;
    await one.audit.record(entry(workspace, 'first'));
    await one.audit.record({ ...entry(workspace, 'second'), actor: { type: 'user' }, action: 'user.sign_in_failed', target: { type: 'user', id: null }, ip: null, requestId: null, method: 'sso' });
    const { entries, nextCursor } = await audit.list({ limit: 10, workspaceId: workspace });
    expect(nextCursor).toBeNull();
    expect(entries).toEqual([
      { id: expect.any(String), at: expect.any(String), workspaceId: workspace, action: 'user.sign_in_failed', actor: { type: 'user' }, target: { type: 'user', id: null }, ip: null, requestId: null, method: 'sso' },
      { id: expect.any(String), at: expect.any(String), ...entry(workspace, 'first') },
    ]);
  });

  it("records the operator's changes outside a request without an IP or request id (the CLI, the bootstrap)", async () => {
    const workspace = (await one.workspaces.create({ name: 'C', plan: 'free' })).id;
    const key = await one.workspaces.createKey(workspace, 'cli', 'live', OPERATOR_OFFLINE);
    expect((await audit.list({ limit: 10, workspaceId: workspace, action: 'key.created' })).entries).toEqual([
      { id: expect.any(String), at: expect.any(String), workspaceId: workspace, action: 'key.created', actor: { type: 'operator' }, target: { type: 'key', id: key.id }, ip: null, requestId: null },
    ]);
  });

  it('prunes entries older than AUDIT_DAYS and keeps the rest', async () => {
    const workspace = (await one.workspaces.create({ name: 'B', plan: 'free' })).id;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.now() - 31 * DAY_MS);
    try {
      await one.audit.record(entry(workspace, 'old'));
    } finally {
      clock.mockRestore();
    }
    await one.audit.record(entry(workspace, 'recent'));
    expect(await audit.prune()).toBeGreaterThanOrEqual(1);
    expect((await audit.list({ limit: 10, workspaceId: workspace })).entries.map((e) => e.requestId)).toEqual(['recent']);
    expect(await audit.prune(Date.now() + 31 * DAY_MS)).toBeGreaterThanOrEqual(1);
    expect((await audit.list({ limit: 10, workspaceId: workspace })).entries).toEqual([]);
  });
});
