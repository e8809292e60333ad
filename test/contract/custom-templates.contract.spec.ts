import { CustomTemplateFields, CustomTemplateStore, TemplateIdTaken, TemplateLimitReached, TemplateVersionTaken } from '../../src/templates/custom/store/custom-template.store';
import { StoreUnderTest, storeAdapters } from '../support/store-adapters';
import { StoreServices } from '../support/store-services';

const adapters = storeAdapters('custom-templates');

const fields = (name: string, extra: Partial<CustomTemplateFields> = {}): CustomTemplateFields => ({
  name,
  description: `${name}, described`,
  category: 'custom',
  definition: { schema: { type: 'object' }, layout: { body: [{ type: 'text', text: name }] } },
  ...extra,
});

describe.each(adapters)('custom templates store contract: $name', (adapter) => {
  let store: StoreUnderTest;
  /** Two replicas on one store: what one writes, the other must read at once. */
  let one: StoreServices;
  let two: StoreServices;
  let templatesOne: CustomTemplateStore;
  let templatesTwo: CustomTemplateStore;
  let workspaceA: string;
  let workspaceB: string;

  beforeAll(async () => {
    store = await adapter.setUp();
    one = await store.open();
    two = await store.open();
    templatesOne = new CustomTemplateStore(one.dataSource);
    templatesTwo = new CustomTemplateStore(two.dataSource);
    workspaceA = (await one.workspaces.create({ name: 'A', plan: 'business' })).id;
    workspaceB = (await one.workspaces.create({ name: 'B', plan: 'business' })).id;
  });
  afterAll(async () => {
    await Promise.all([one?.dataSource.destroy(), two?.dataSource.destroy()]);
    await store?.tearDown();
  });

  it('creates a template at version 1.0.0 that another replica reads at once', async () => {
    const before = Date.now();
    const created = await templatesOne.create(workspaceA, 'receipt', fields('Receipt', { category: 'receipt' }));
    expect(created).toEqual({
      workspaceId: workspaceA,
      id: 'receipt',
      name: 'Receipt',
      description: 'Receipt, described',
      category: 'receipt',
      version: '1.0.0',
      createdAt: expect.any(Date),
      updatedAt: created.createdAt,
    });
    expect(created.createdAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(await templatesTwo.find(workspaceA, 'receipt')).toEqual(created);
    expect(await templatesTwo.versions(workspaceA, 'receipt')).toEqual([{ version: '1.0.0', createdAt: created.createdAt }]);
  });

  it('refuses an id the workspace already has, and keeps the first template', async () => {
    await templatesOne.create(workspaceA, 'taken', fields('First'));
    await expect(templatesTwo.create(workspaceA, 'taken', fields('Second'))).rejects.toThrow(TemplateIdTaken);
    expect(await templatesOne.find(workspaceA, 'taken')).toMatchObject({ name: 'First', version: '1.0.0' });
    expect(await templatesOne.versions(workspaceA, 'taken')).toHaveLength(1);
  });

  it("keeps each workspace's templates to itself; the same id may exist in both", async () => {
    await templatesOne.create(workspaceA, 'shared-id', fields('A own'));
    await templatesOne.create(workspaceB, 'shared-id', fields('B own'));
    await templatesOne.create(workspaceA, 'a-only', fields('A only'));
    expect(await templatesTwo.find(workspaceB, 'a-only')).toBeNull();
    expect(await templatesTwo.findVersion(workspaceB, 'a-only')).toBeNull();
    expect(await templatesTwo.versions(workspaceB, 'a-only')).toEqual([]);
    expect(await templatesTwo.addVersion(workspaceB, 'a-only', '1.1.0', fields('Hijack'))).toBeNull();
    expect(await templatesTwo.delete(workspaceB, 'a-only')).toBe(false);
    expect(await templatesTwo.find(workspaceA, 'a-only')).toMatchObject({ name: 'A only', version: '1.0.0' });
    expect((await templatesTwo.find(workspaceB, 'shared-id'))?.name).toBe('B own');
    expect((await templatesTwo.find(workspaceA, 'shared-id'))?.name).toBe('A own');
    const uidA = (await templatesTwo.findVersion(workspaceA, 'shared-id'))!.uid;
    const uidB = (await templatesTwo.findVersion(workspaceB, 'shared-id'))!.uid;
    expect(uidA).not.toBe(uidB);
  });

  it('adds versions in order; the newest names the template, older ones stay readable', async () => {
    const workspace = (await one.workspaces.create({ name: 'Versions', plan: 'business' })).id;
    const created = await templatesOne.create(workspace, 'slip', fields('Slip v1'));
    const second = await templatesTwo.addVersion(workspace, 'slip', '1.1.0', fields('Slip v2', { category: 'shipping' }));
    expect(second).toEqual({ ...created, name: 'Slip v2', category: 'shipping', description: 'Slip v2, described', version: '1.1.0', updatedAt: expect.any(Date) });
    expect(second!.updatedAt.getTime()).toBeGreaterThanOrEqual(created.createdAt.getTime());
    // A named higher version, then one below it numerically but added later: order is the order of adding.
    await templatesOne.addVersion(workspace, 'slip', '3.0.0', fields('Slip v3'));
    await templatesOne.addVersion(workspace, 'slip', '10.0.0', fields('Slip v10'));
    expect((await templatesTwo.versions(workspace, 'slip')).map((v) => v.version)).toEqual(['1.0.0', '1.1.0', '3.0.0', '10.0.0']);
    expect(await templatesTwo.find(workspace, 'slip')).toMatchObject({ name: 'Slip v10', version: '10.0.0', createdAt: created.createdAt });
    expect(await templatesTwo.list(workspace)).toEqual([await templatesTwo.find(workspace, 'slip')]);
  });

  it('refuses a version the template has already, changing nothing', async () => {
    const workspace = (await one.workspaces.create({ name: 'Taken versions', plan: 'business' })).id;
    await templatesOne.create(workspace, 'memo', fields('Memo v1'));
    await templatesOne.addVersion(workspace, 'memo', '1.1.0', fields('Memo v2'));
    await expect(templatesTwo.addVersion(workspace, 'memo', '1.1.0', fields('Memo again'))).rejects.toThrow(TemplateVersionTaken);
    await expect(templatesTwo.addVersion(workspace, 'memo', '1.0.0', fields('Memo again'))).rejects.toThrow(TemplateVersionTaken);
    expect(await templatesOne.find(workspace, 'memo')).toMatchObject({ name: 'Memo v2', version: '1.1.0' });
    expect((await templatesOne.versions(workspace, 'memo')).map((v) => v.version)).toEqual(['1.0.0', '1.1.0']);
    // The failed attempts left the order intact: the next version follows.
    await templatesOne.addVersion(workspace, 'memo', '1.2.0', fields('Memo v3'));
    expect((await templatesTwo.findVersion(workspace, 'memo'))?.version).toBe('1.2.0');
  });

  it('answers null when adding a version to a template that does not exist', async () => {
    expect(await templatesOne.addVersion(workspaceA, 'never-made', '1.1.0', fields('Nope'))).toBeNull();
    expect(await templatesOne.find(workspaceA, 'never-made')).toBeNull();
  });

  it('finds the newest version, a named one, and nothing for an unknown version or template', async () => {
    const workspace = (await one.workspaces.create({ name: 'Find', plan: 'business' })).id;
    await templatesOne.create(workspace, 'label', fields('Label v1'));
    const first = await templatesTwo.findVersion(workspace, 'label');
    expect(first).toEqual({ uid: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/), version: '1.0.0' });
    await templatesOne.addVersion(workspace, 'label', '1.1.0', fields('Label v2'));
    const newest = await templatesTwo.findVersion(workspace, 'label');
    expect(newest?.version).toBe('1.1.0');
    expect(newest?.uid).not.toBe(first!.uid);
    expect(await templatesTwo.findVersion(workspace, 'label', '1.0.0')).toEqual(first);
    expect(await templatesTwo.findVersion(workspace, 'label', '1.1.0')).toEqual(newest);
    expect(await templatesTwo.findVersion(workspace, 'label', '9.9.9')).toBeNull();
    expect(await templatesTwo.findVersion(workspace, 'no-such-template')).toBeNull();
    expect(await templatesTwo.findVersion(workspace, 'no-such-template', '1.0.0')).toBeNull();
  });

  it('returns a whole version by uid with its definition exactly as stored', async () => {
    const definition = {
      schema: { type: 'object', properties: { 'naïve name': { type: 'string', description: 'Grüße, 你好, emoji 🧾, "quotes" and \\ backslash' } }, required: ['naïve name'] },
      layout: {
        theme: { accent: '#0a7', fontSize: 10.5 },
        body: [
          { type: 'text', text: '{{ client.name }} – €{{ total | money: "EUR", "de-DE" }}\nline two\ttab', style: 'title' },
          { type: 'columns', columns: [{ width: '60%', blocks: [{ type: 'if', condition: 'total > 100', blocks: [{ type: 'spacer', height: 0 }] }] }] },
          { type: 'table', rows: 'items', as: 'item', columns: [{ header: 'Ünit', cell: '{{ item.qty }}', width: 40 }], totals: [] },
        ],
        nothing: null,
        flags: [true, false, -0.25, 1e21, 12345678901234],
      },
      defaultOptions: { format: 'A4', margin: { top: '1in' } },
      sampleData: { 'naïve name': 'Zoë', nested: { deeper: { deepest: ['𝄞', { empty: {} }, []] } } },
    };
    const workspace = (await one.workspaces.create({ name: 'Round trip', plan: 'business' })).id;
    await templatesOne.create(workspace, 'unicode', { name: 'Ünïcødé ✓', description: 'Beschreibung – 説明', category: 'certificate', definition });
    const { uid } = (await templatesTwo.findVersion(workspace, 'unicode'))!;
    const version = await templatesTwo.versionByUid(uid);
    expect(version).toEqual({ uid, templateId: 'unicode', version: '1.0.0', name: 'Ünïcødé ✓', description: 'Beschreibung – 説明', category: 'certificate', definition, createdAt: expect.any(Date) });
    expect(JSON.stringify(version!.definition)).toBe(JSON.stringify(definition));
    // An older version keeps its own definition after a newer one is added.
    await templatesOne.addVersion(workspace, 'unicode', '1.1.0', fields('Plain'));
    expect((await templatesTwo.versionByUid(uid))?.definition).toEqual(definition);
    expect(await templatesTwo.versionByUid('00000000-0000-7000-8000-000000000000')).toBeNull();
    // The dashboard editor's texts come back with their version as written.
    const source = { definition: '{"schema":{},\n  "layout":{ }}', sampleData: '' };
    await templatesOne.addVersion(workspace, 'unicode', '1.2.0', { ...fields('Written'), source });
    const written = await templatesTwo.findVersion(workspace, 'unicode', '1.2.0');
    expect((await templatesTwo.versionByUid(written!.uid))?.source).toEqual(source);
  });

  it('lists and counts only the workspace own templates, by id', async () => {
    const workspace = (await one.workspaces.create({ name: 'List', plan: 'business' })).id;
    expect(await templatesTwo.list(workspace)).toEqual([]);
    expect(await templatesTwo.count(workspace)).toBe(0);
    for (const id of ['zeta-doc', 'alpha-2', 'alpha', 'mid-9', 'alpha-10']) await templatesOne.create(workspace, id, fields(`Name ${id}`));
    await templatesOne.addVersion(workspace, 'mid-9', '2.0.0', fields('Mid newest'));
    const listed = await templatesTwo.list(workspace);
    expect(listed.map((t) => t.id)).toEqual(['alpha', 'alpha-10', 'alpha-2', 'mid-9', 'zeta-doc']);
    expect(listed.find((t) => t.id === 'mid-9')).toMatchObject({ name: 'Mid newest', version: '2.0.0', workspaceId: workspace });
    expect(await templatesTwo.count(workspace)).toBe(5);
    expect((await templatesTwo.list(workspaceB)).map((t) => t.id)).toEqual(['shared-id']);
  });

  it('holds the plan limit exactly when 60 creates race on two replicas for the last 10 places', async () => {
    const workspace = (await one.workspaces.create({ name: 'Limit', plan: 'business' })).id;
    for (let i = 0; i < 40; i++) await templatesOne.create(workspace, `kept-${i}`, fields(`Kept ${i}`), 50);
    // On PostgreSQL a count before the insert let 200 concurrent creates make 121 templates of 100.
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        (i % 2 ? templatesOne : templatesTwo).create(workspace, `race-${i}`, fields(`Race ${i}`), 50).then(
          () => 'created',
          (error: unknown) => (error instanceof TemplateLimitReached ? 'limit' : String(error)),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'created')).toHaveLength(10);
    expect(outcomes.filter((outcome) => outcome === 'limit')).toHaveLength(50);
    expect(await templatesTwo.count(workspace)).toBe(50);
  });

  it('deletes a template with its versions, and the id is free again with fresh version uids', async () => {
    const workspace = (await one.workspaces.create({ name: 'Delete', plan: 'business' })).id;
    await templatesOne.create(workspace, 'gone', fields('Gone v1'));
    await templatesOne.addVersion(workspace, 'gone', '1.1.0', fields('Gone v2'));
    const oldUids = [(await templatesOne.findVersion(workspace, 'gone', '1.0.0'))!.uid, (await templatesOne.findVersion(workspace, 'gone', '1.1.0'))!.uid];
    expect(await templatesTwo.delete(workspace, 'gone')).toBe(true);
    expect(await templatesTwo.delete(workspace, 'gone')).toBe(false);
    expect(await templatesOne.find(workspace, 'gone')).toBeNull();
    expect(await templatesOne.findVersion(workspace, 'gone')).toBeNull();
    expect(await templatesOne.versions(workspace, 'gone')).toEqual([]);
    for (const uid of oldUids) expect(await templatesOne.versionByUid(uid)).toBeNull();
    expect(await templatesOne.count(workspace)).toBe(0);

    const again = await templatesTwo.create(workspace, 'gone', fields('Back'));
    expect(again).toMatchObject({ version: '1.0.0', name: 'Back' });
    expect(oldUids).not.toContain((await templatesOne.findVersion(workspace, 'gone'))!.uid);
    expect((await templatesOne.versions(workspace, 'gone')).map((v) => v.version)).toEqual(['1.0.0']);
  });

  it('gives exactly one winner to concurrent creates of one id across replicas', async () => {
    const workspace = (await one.workspaces.create({ name: 'Race', plan: 'business' })).id;
    const attempts = Array.from({ length: 8 }, (_, n) => (n % 2 ? templatesOne : templatesTwo).create(workspace, 'contested', fields(`Racer ${n}`)));
    const outcomes = await Promise.allSettled(attempts);
    const winners = outcomes.filter((o) => o.status === 'fulfilled');
    expect(winners).toHaveLength(1);
    for (const lost of outcomes.filter((o) => o.status === 'rejected')) expect((lost as PromiseRejectedResult).reason).toBeInstanceOf(TemplateIdTaken);
    const winner = (winners[0] as PromiseFulfilledResult<{ name: string }>).value;
    expect(await templatesOne.find(workspace, 'contested')).toMatchObject({ name: winner.name, version: '1.0.0' });
    expect(await templatesOne.versions(workspace, 'contested')).toHaveLength(1);
  });

  it('gives exactly one winner to concurrent additions of one version across replicas', async () => {
    const workspace = (await one.workspaces.create({ name: 'Version race', plan: 'business' })).id;
    await templatesOne.create(workspace, 'contested', fields('v1'));
    const attempts = Array.from({ length: 6 }, (_, n) => (n % 2 ? templatesOne : templatesTwo).addVersion(workspace, 'contested', '1.1.0', fields(`Racer ${n}`)));
    const outcomes = await Promise.allSettled(attempts);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const lost of outcomes.filter((o) => o.status === 'rejected')) expect((lost as PromiseRejectedResult).reason).toBeInstanceOf(TemplateVersionTaken);
    expect((await templatesOne.versions(workspace, 'contested')).map((v) => v.version)).toEqual(['1.0.0', '1.1.0']);
  });

  it("deletes a workspace's templates and versions with the workspace", async () => {
    const workspace = (await one.workspaces.create({ name: 'Doomed', plan: 'business' })).id;
    await templatesOne.create(workspace, 'doomed', fields('Doomed'));
    const { uid } = (await templatesOne.findVersion(workspace, 'doomed'))!;
    await one.dataSource.query(one.dataSource.options.type === 'postgres' ? 'DELETE FROM workspaces WHERE id = $1' : 'DELETE FROM workspaces WHERE id = ?', [workspace]);
    expect(await templatesTwo.count(workspace)).toBe(0);
    expect(await templatesTwo.versionByUid(uid)).toBeNull();
  });
});
