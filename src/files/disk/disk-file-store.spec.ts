import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { newFileId } from '../file-id';
import { DiskFileStore } from './disk-file-store';
import { loadVolumeKey, VOLUME_KEY_FILE } from './volume-key';
import { RecordIds } from './volume-record';

describe('DiskFileStore (volumes)', () => {
  let root: string;
  const opened: DiskFileStore[] = [];
  /** A store as the service makes it; closed after each test like the service closes it on shutdown. */
  const storeIn = (dir: string, rotateAt?: number) => {
    const store = new DiskFileStore(dir, rotateAt);
    opened.push(store);
    return store;
  };
  beforeEach(() => (root = mkdtempSync(join(tmpdir(), 'pdfgen-volumes-'))));
  afterEach(() => {
    opened.splice(0).forEach((store) => store.onModuleDestroy());
    rmSync(root, { recursive: true, force: true });
  });

  it('refuses an id whose cookie is not the record’s, or that points anywhere but a record', async () => {
    const store = storeIn(root);
    const first = await store.save(randomBytes(500));
    const second = await store.save(randomBytes(500));
    const ids = new RecordIds(readFileSync(join(root, VOLUME_KEY_FILE)));
    const a = ids.locationOf(first.id);
    const b = ids.locationOf(second.id);
    const flipped = Buffer.from(first.id, 'base64url');
    flipped[25] ^= 1;
    const forgeries = [
      ids.idOf({ ...a, cookie: randomBytes(18) }),
      ids.idOf({ ...a, offset: b.offset }),
      ids.idOf({ ...a, offset: a.offset + 36 }),
      ids.idOf({ ...a, offset: 10_000_000 }),
      ids.idOf({ ...a, volume: 'abcdefabcdef' }),
      flipped.toString('base64url'),
      new RecordIds(randomBytes(32)).idOf(a),
    ];
    for (const id of forgeries) expect(await store.stat(id)).toBeNull();
    expect(await store.stat(first.id)).toMatchObject({ size: 500 });
  });

  it('keeps where a file is out of its id: consecutive ids share no visible volume or offset', async () => {
    const store = storeIn(root);
    const [x, y] = [await store.save(randomBytes(100)), await store.save(randomBytes(100))];
    expect(x.id.slice(24)).not.toBe(y.id.slice(24));
    expect(x.id).toMatch(/^[A-Za-z0-9_-]{40}$/);
  });

  it('starts a new volume past the size limit, and every record stays readable', async () => {
    const store = storeIn(root, 2_000);
    const contents = Array.from({ length: 8 }, () => randomBytes(900));
    const saved = [];
    for (const content of contents) saved.push(await store.save(content));
    expect(readdirSync(root).filter((name) => name.endsWith('.vol')).length).toBeGreaterThanOrEqual(3);
    for (const [i, file] of saved.entries()) expect((await buffer(await store.open(file.id))).equals(contents[i])).toBe(true);
  });

  it('after a restart appends to a new volume; a torn tail left by a crash harms no saved record', async () => {
    const before = storeIn(root);
    const kept = randomBytes(4_000);
    const { id } = await before.save(kept);
    const [volume] = readdirSync(root).filter((name) => name.endsWith('.vol'));
    appendFileSync(join(root, volume), randomBytes(123));

    const after = storeIn(root);
    const next = await after.save(randomBytes(100));
    expect(readdirSync(root).filter((name) => name.endsWith('.vol'))).toHaveLength(2);
    const ids = new RecordIds(readFileSync(join(root, VOLUME_KEY_FILE)));
    expect(ids.locationOf(next.id).volume).not.toBe(ids.locationOf(id).volume);
    expect((await buffer(await after.open(id))).equals(kept)).toBe(true);
    expect((await buffer(await after.open(id, { start: 10, end: 19 }))).equals(kept.subarray(10, 20))).toBe(true);
  });

  it('still serves files saved one per PDF by earlier versions', async () => {
    const id = newFileId();
    const bytes = randomBytes(3_000);
    mkdirSync(join(root, id.slice(0, 2)));
    writeFileSync(join(root, id.slice(0, 2), `${id}.pdf`), bytes);
    const store = storeIn(root);
    expect(await store.stat(id)).toMatchObject({ size: 3_000 });
    expect((await buffer(await store.open(id, { start: 5, end: 9 }))).equals(bytes.subarray(5, 10))).toBe(true);
    expect(await store.stat(newFileId())).toBeNull();
  });
});

describe('volume key', () => {
  it('is made once and shared by every process on the folder, even when they start together', async () => {
    const root = mkdtempSync(join(tmpdir(), 'pdfgen-volume-key-'));
    try {
      const keys = await Promise.all(Array.from({ length: 8 }, () => loadVolumeKey(root)));
      expect(keys[0]).toHaveLength(32);
      for (const key of keys) expect(key.equals(keys[0])).toBe(true);
      expect(readdirSync(root)).toEqual([VOLUME_KEY_FILE]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
