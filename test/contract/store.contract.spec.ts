import { OPERATOR_OFFLINE } from '../../src/audit/audit-entry';
import { inDialect } from '../../src/database/sql-dialect';
import { MIGRATIONS } from '../../src/database/migrations';
import { newFileId } from '../../src/files/file-id';
import { FileOwners } from '../../src/files/file-owners';
import { StoreUnderTest, storeAdapters } from '../support/store-adapters';
import { StoreServices } from '../support/store-services';

const adapters = storeAdapters('store');

describe.each(adapters)('store contract: $name', (adapter) => {
  let store: StoreUnderTest;
  /** Two replicas on one store: what one writes, the other must read. */
  let one: StoreServices;
  let two: StoreServices;

  beforeAll(async () => {
    store = await adapter.setUp();
    one = await store.open();
    two = await store.open();
  });
  afterAll(async () => {
    await Promise.all([one?.dataSource.destroy(), two?.dataSource.destroy()]);
    await store?.tearDown();
  });

  it('applies each migration once, however many replicas open the store', async () => {
    const applied: Array<{ name: string }> = await one.dataSource.query('SELECT name FROM migrations ORDER BY id');
    expect(applied.map((m) => m.name)).toEqual(MIGRATIONS.map((m) => m.name));
  });

  it('round-trips a workspace and its changes between replicas', async () => {
    const created = await one.workspaces.create({ name: 'Acme', plan: 'pro', monthlyLimit: 5 });
    const read = await two.workspaces.get(created.id);
    expect(read).toEqual({ ...created, createdAt: expect.any(Date) });
    expect(Math.abs(read.createdAt.getTime() - Date.now())).toBeLessThan(60_000);

    await one.workspaces.update(created.id, { suspended: true, monthlyLimit: null, enabledTemplates: ['invoice-basic'] }, OPERATOR_OFFLINE);
    expect(await two.workspaces.get(created.id)).toMatchObject({ suspended: true, monthlyLimit: null, enabledTemplates: ['invoice-basic'] });
    expect((await two.workspaces.list()).map((w) => w.id)).toContain(created.id);
    await expect(two.workspaces.get('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 'WORKSPACE_NOT_FOUND' });
  });

  it('authenticates a key on every replica until it is revoked on any one', async () => {
    const workspace = await one.workspaces.create({ name: 'Keys', plan: 'free' });
    const created = await one.workspaces.createKey(workspace.id, 'ci', 'live', OPERATOR_OFFLINE);
    expect(await two.workspaces.authenticate(created.key)).toMatchObject({ id: workspace.id, keyId: created.id, plan: 'free', monthlyLimit: 100, webhooks: false });

    await two.workspaces.revokeKey(workspace.id, created.id, OPERATOR_OFFLINE);
    expect(await one.workspaces.authenticate(created.key)).toBeNull();
    const [listed] = await one.workspaces.listKeys(workspace.id);
    expect(listed).toMatchObject({ id: created.id, name: 'ci', active: false, revokedAt: expect.any(String) });
    expect(await one.workspaces.authenticate('pdfg_00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('counts usage per month up to the limit, and gives back a released slot', async () => {
    const { id } = await one.workspaces.create({ name: 'Usage', plan: 'pro' });
    const march = new Date('2026-03-15T12:00:00Z');
    const taken = [await one.usage.reserve(id, 2, march), await two.usage.reserve(id, 2, march), await one.usage.reserve(id, 2, march)];
    expect(taken.map((r) => r?.used ?? null)).toEqual([1, 2, null]);

    await two.usage.release(taken[1]!);
    expect(await one.usage.snapshot(id, 2, march)).toEqual({ period: '2026-03', used: 1, limit: 2, remaining: 1 });
    expect((await one.usage.reserve(id, 2, new Date('2026-04-01T00:00:00Z')))?.used).toBe(1);
    expect(await one.usage.reserve(id, 0, march)).toBeNull();
  });

  it('never lets more than the limit through when replicas reserve at the same time', async () => {
    const limit = 7;
    const { id } = await one.workspaces.create({ name: 'Race', plan: 'pro', monthlyLimit: limit });
    const attempts = Array.from({ length: 40 }, (_, i) => (i % 2 ? one : two).usage.reserve(id, limit));
    const granted = (await Promise.all(attempts)).filter((r) => r !== null);
    expect(granted.map((r) => r.used).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect((await two.usage.snapshot(id, limit)).used).toBe(limit);
  });

  it('stops counting a reservation never confirmed nor released (its process was killed) once it lapses', async () => {
    const { id } = await one.workspaces.create({ name: 'Killed', plan: 'pro' });
    const start = new Date('2026-05-10T12:00:00Z');
    const minutesLater = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    const killed = (await one.usage.reserve(id, 2, start))!;
    expect(await two.usage.confirm((await two.usage.reserve(id, 2, start))!)).toBe(true);

    // While the killed generation could still be running, its slot stays taken.
    expect((await two.usage.snapshot(id, 2, minutesLater(1))).used).toBe(2);
    expect(await two.usage.reserve(id, 2, minutesLater(1))).toBeNull();

    // Past its deadline it no longer counts, and the next reservation gets its slot back.
    expect((await two.usage.snapshot(id, 2, minutesLater(10))).used).toBe(1);
    const next = (await two.usage.reserve(id, 2, minutesLater(10)))!;
    expect(next.used).toBe(2);
    expect(await one.usage.confirm(next)).toBe(true);
    expect(await one.usage.reserve(id, 2, minutesLater(10))).toBeNull();

    // Had that process only been slow: its late success is refused (the month is full), its failure changes nothing.
    expect(await one.usage.confirm(killed)).toBe(false);
    await one.usage.release(killed);
    expect((await one.usage.snapshot(id, 2, minutesLater(10))).used).toBe(2);
  });

  it('gives each lapsed slot back exactly once when replicas reserve at the same time', async () => {
    const limit = 5;
    const { id } = await one.workspaces.create({ name: 'Lapsed race', plan: 'pro', monthlyLimit: limit });
    const start = new Date('2026-05-10T12:00:00Z');
    for (let i = 0; i < 2; i++) await one.usage.confirm((await one.usage.reserve(id, limit, start))!);
    for (let i = 0; i < 3; i++) await one.usage.reserve(id, limit, start);

    const later = new Date(start.getTime() + 600_000);
    const attempts = Array.from({ length: 40 }, (_, i) => (i % 2 ? one : two).usage.reserve(id, limit, later));
    const granted = (await Promise.all(attempts)).filter((r) => r !== null);
    expect(granted.map((r) => r.used).sort((a, b) => a - b)).toEqual([3, 4, 5]);
    expect((await two.usage.snapshot(id, limit, later)).used).toBe(limit);
  });

  it('counts a late success again when its lapsed slot is still free', async () => {
    const { id } = await one.workspaces.create({ name: 'Slow', plan: 'pro' });
    const start = new Date('2026-05-10T12:00:00Z');
    const slow = (await one.usage.reserve(id, 2, start))!;
    expect(await two.usage.reserve(id, 2, new Date(start.getTime() + 600_000))).toMatchObject({ used: 1 });
    expect(await one.usage.confirm(slow)).toBe(true);
    expect((await one.usage.snapshot(id, 2, start)).used).toBe(2);
  });

  it('records who made a file for every replica, and forgets it only for that workspace, once', async () => {
    const [maker, other] = [await one.workspaces.create({ name: 'Maker', plan: 'pro' }), await one.workspaces.create({ name: 'Other', plan: 'pro' })];
    const [owners, elsewhere] = [new FileOwners(one.dataSource), new FileOwners(two.dataSource)];
    const [fileId, untouched] = [`${newFileId()}${'x'.repeat(43)}`, newFileId()]; // as long as a disk id, 67 characters
    await owners.record(fileId, maker.id);
    await owners.record(untouched, maker.id);
    expect(await elsewhere.ownerOf(fileId)).toBe(maker.id);
    expect(await elsewhere.ownerOf(newFileId())).toBeNull();
    // Not toThrow: better-sqlite3's errors are not instances of Error in every Jest module registry.
    expect(await owners.record(fileId, other.id).then(() => 'recorded', () => 'refused')).toBe('refused');

    expect(await elsewhere.forget(fileId, other.id)).toBe(false);
    expect(await elsewhere.forget(fileId, maker.id)).toBe(true);
    expect(await owners.forget(fileId, maker.id)).toBe(false);
    expect(await owners.ownerOf(fileId)).toBeNull();
    expect(await owners.ownerOf(untouched)).toBe(maker.id);
  });

  it('bootstraps an empty store once', async () => {
    const fresh = await adapter.setUp();
    const [first, second] = [await fresh.open(), await fresh.open()];
    try {
      const created = await first.bootstrap.bootstrapIfEmpty();
      expect(await second.bootstrap.bootstrapIfEmpty()).toBeNull();
      expect((await second.workspaces.list()).map((w) => [w.name, w.plan])).toEqual([['default', 'business']]);
      expect(await second.workspaces.authenticate(created!.key)).toMatchObject({ id: created!.workspaceId });
    } finally {
      await Promise.all([first.dataSource.destroy(), second.dataSource.destroy()]);
      await fresh.tearDown();
    }
  });

  // A key's "last used" (the dashboard's keys page): written on use, at most once a minute per process.
  it('is null until the key authenticates, then the time of that use, seen by every replica', async () => {
    const workspace = await one.workspaces.create({ name: 'Last used', plan: 'pro' });
    const created = await one.workspaces.createKey(workspace.id, 'ci', 'live', OPERATOR_OFFLINE);
    expect((await two.workspaces.listKeys(workspace.id))[0].lastUsedAt).toBeNull();

    const before = Date.now();
    expect(await one.workspaces.authenticate(created.key)).not.toBeNull();
    const [listed] = await two.workspaces.listKeys(workspace.id);
    const lastUsed = Date.parse(listed.lastUsedAt!);
    // Stored with at least second precision on both databases.
    expect(lastUsed).toBeGreaterThanOrEqual(before - 1000);
    expect(lastUsed).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('writes at most once a minute per key and process', async () => {
    const workspace = await one.workspaces.create({ name: 'Throttled', plan: 'pro' });
    const created = await one.workspaces.createKey(workspace.id, null, 'live', OPERATOR_OFFLINE);
    await one.workspaces.authenticate(created.key);
    const first = (await one.workspaces.listKeys(workspace.id))[0].lastUsedAt;
    await one.dataSource.query(inDialect(one.dataSource, 'UPDATE api_keys SET last_used_at = NULL WHERE id = ?'), [created.id]);
    await one.workspaces.authenticate(created.key);
    // The same process within the minute: no second write.
    expect((await one.workspaces.listKeys(workspace.id))[0].lastUsedAt).toBeNull();
    // Another replica writes on its own first use.
    await two.workspaces.authenticate(created.key);
    expect((await one.workspaces.listKeys(workspace.id))[0].lastUsedAt).not.toBeNull();
    expect(first).not.toBeNull();
  });
});
