import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { legacyIdOf } from '../../../test/support/legacy-file-id';
import { newFileId } from '../file-id';
import { NoSuchFile } from '../file-store.port';
import { DiskFileStore } from './disk-file-store';
import { loadVolumeKey, VOLUME_KEY_FILE } from './volume-key';
import { RecordIds } from './record-ids';
import { encodeErasedHeader, encodeHeader, HEADER_BYTES, newCookie, newVolumeName } from './volume-record';

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

  it('serves a record only under the id it handed out: no bit of an id can be changed', async () => {
    const store = storeIn(root);
    const first = await store.save(randomBytes(500));
    await store.save(randomBytes(500));
    const raw = Buffer.from(first.id, 'base64url');
    for (let bit = 0; bit < raw.length * 8; bit++) {
      const forged = Buffer.from(raw);
      forged[bit >> 3] ^= 1 << (bit & 7);
      expect(await store.stat(forged.toString('base64url'))).toBeNull();
    }
    const sealed = new RecordIds(randomBytes(32)).open(first.id);
    expect(sealed).toBeNull();
    expect(await store.stat(first.id)).toMatchObject({ size: 500 });
  });

  it('gives nothing to a record header planted inside a stored PDF (issue 11: forged ids)', async () => {
    // Records written by an earlier version, with ids that carry an unauthenticated location.
    const key = await loadVolumeKey(root);
    const victim = randomBytes(700);
    const planted = encodeHeader(randomBytes(18), 50 * 1024 * 1024, Date.now());
    const attackerPdf = Buffer.concat([randomBytes(300), planted, randomBytes(300)]);
    const volume = writeLegacyVolume(root, [victim, attackerPdf]);
    const [victimRecord, attackerRecord] = volume.records;
    // The attacker knows the cookie their planted header repeats, and steers the offset bits.
    const plantedCookie = planted.subarray(4, 22);
    const plantedAt = attackerRecord.offset + 36 + 300;
    const store = storeIn(root);
    expect(await store.stat(legacyIdOf(key, { cookie: plantedCookie, volume: volume.name, offset: plantedAt }))).toBeNull();
    expect(await store.stat(legacyIdOf(key, { ...victimRecord, volume: volume.name, offset: plantedAt }))).toBeNull();

    // Ids handed out before stay valid, and serve exactly their record.
    const victimId = legacyIdOf(key, { ...victimRecord, volume: volume.name });
    expect(await store.stat(victimId)).toMatchObject({ size: 700 });
    expect((await buffer(await store.open(victimId))).equals(victim)).toBe(true);
    expect((await buffer(await store.open(legacyIdOf(key, { ...attackerRecord, volume: volume.name })))).equals(attackerPdf)).toBe(true);
  });

  it('keeps serving legacy ids of a volume that grew after it was first read', async () => {
    const key = await loadVolumeKey(root);
    const volume = writeLegacyVolume(root, [randomBytes(100)]);
    const store = storeIn(root);
    expect(await store.stat(legacyIdOf(key, { ...volume.records[0], volume: volume.name }))).toMatchObject({ size: 100 });
    const later = appendLegacyRecord(root, volume.name, randomBytes(200));
    expect(await store.stat(legacyIdOf(key, { ...later, volume: volume.name }))).toMatchObject({ size: 200 });
  });

  it('never serves past a record, whatever range is asked', async () => {
    const store = storeIn(root);
    const content = randomBytes(1_000);
    const { id } = await store.save(content);
    await store.save(randomBytes(1_000));
    expect((await buffer(await store.open(id, { start: 990, end: 5_000 }))).equals(content.subarray(990))).toBe(true);
  });

  it('keeps what it writes private to the service user', async () => {
    const store = storeIn(join(root, 'files'));
    await store.save(randomBytes(10));
    expect(statSync(join(root, 'files')).mode & 0o777).toBe(0o700);
    for (const name of readdirSync(join(root, 'files'))) expect(statSync(join(root, 'files', name)).mode & 0o077).toBe(0);
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
    expect(ids.open(next.id)?.location.volume).not.toBe(ids.open(id)?.location.volume);
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

describe('DiskFileStore erasure', () => {
  let root: string;
  let store: DiskFileStore;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'pdfgen-erase-'));
    store = new DiskFileStore(root);
  });
  afterEach(() => {
    store.onModuleDestroy();
    rmSync(root, { recursive: true, force: true });
  });

  it('overwrites the record in place with zeros: the volume keeps its size and its other records', async () => {
    const contents = [randomBytes(3_000), randomBytes(5_000), randomBytes(3_000)];
    const saved = [];
    for (const content of contents) saved.push(await store.save(content));
    const [volume] = volumesIn(root);
    const size = statSync(join(root, volume)).size;

    await store.erase(saved[1].id);
    const after = readFileSync(join(root, volume));
    expect(after.length).toBe(size);
    expect(after.includes(contents[1].subarray(0, 32))).toBe(false);
    expect(after.includes(contents[1].subarray(-32))).toBe(false);
    const offset = new RecordIds(readFileSync(join(root, VOLUME_KEY_FILE))).open(saved[1].id)!.location.offset;
    expect(after.subarray(offset + HEADER_BYTES, offset + HEADER_BYTES + contents[1].length).equals(Buffer.alloc(contents[1].length))).toBe(true);
    expect(await store.stat(saved[1].id)).toBeNull();
    for (const i of [0, 2]) expect((await buffer(await store.open(saved[i].id))).equals(contents[i])).toBe(true);
  });

  it('keeps the chain walkable for legacy ids, and an erased legacy id stays gone, even where the chain was walked before', async () => {
    const key = await loadVolumeKey(root);
    const bodies = [randomBytes(700), randomBytes(900), randomBytes(500)];
    const volume = writeLegacyVolume(root, bodies);
    const ids = volume.records.map((record) => legacyIdOf(key, { ...record, volume: volume.name }));
    for (const id of ids) expect(await store.stat(id)).not.toBeNull(); // walks and remembers the chain

    await store.erase(ids[1]);
    const fresh = new DiskFileStore(root);
    try {
      for (const reader of [store, fresh]) {
        expect(await reader.stat(ids[1])).toBeNull();
        await expect(reader.open(ids[1])).rejects.toBeInstanceOf(NoSuchFile);
        expect((await buffer(await reader.open(ids[2]))).equals(bodies[2])).toBe(true);
      }
    } finally {
      fresh.onModuleDestroy();
    }
    expect(readFileSync(join(root, `${volume.name}.vol`)).includes(bodies[1].subarray(0, 64))).toBe(false);
  });

  it('stops a read racing an erase before it would serve a byte of zeros', async () => {
    const content = randomBytes(1_000_000);
    const { id } = await store.save(content);
    const stream = await store.open(id);
    const first = await firstChunkOf(stream);
    await store.erase(id);
    const rest: Buffer[] = [];
    await expect(
      (async () => {
        for await (const chunk of stream) rest.push(chunk);
      })(),
    ).rejects.toBeInstanceOf(NoSuchFile);
    const got = Buffer.concat([first, ...rest]);
    expect(got.length).toBeLessThan(content.length);
    expect(got.equals(content.subarray(0, got.length))).toBe(true);
  });

  it('finishes, when asked again, an erase that a crash stopped after marking the record', async () => {
    const content = randomBytes(2_000);
    const { id } = await store.save(content);
    const { location } = new RecordIds(readFileSync(join(root, VOLUME_KEY_FILE))).open(id)!;
    const volume = join(root, `${location.volume}.vol`);
    const bytes = readFileSync(volume);
    encodeErasedHeader(location.cookie, content.length).copy(bytes, location.offset);
    writeFileSync(volume, bytes);
    expect(await store.stat(id)).toBeNull();

    await store.erase(id);
    expect(readFileSync(volume).includes(content.subarray(0, 64))).toBe(false);
  });

  it('overwrites, then unlinks, a file of the older one-per-PDF layout, also one a crash left half-erased', async () => {
    const [whole, halfErased] = [newFileId(), newFileId()];
    const contents = [randomBytes(200_000), randomBytes(3_000)];
    for (const id of [whole, halfErased]) mkdirSync(join(root, id.slice(0, 2)), { recursive: true });
    writeFileSync(join(root, whole.slice(0, 2), `${whole}.pdf`), contents[0]);
    writeFileSync(join(root, halfErased.slice(0, 2), `${halfErased}.pdf.erasing`), contents[1]);

    const reading = await store.open(whole);
    const first = await firstChunkOf(reading);
    await store.erase(whole);
    await store.erase(halfErased);
    await expect(buffer(reading)).rejects.toBeInstanceOf(NoSuchFile);
    expect(first.equals(contents[0].subarray(0, first.length))).toBe(true);
    expect(await store.stat(whole)).toBeNull();
    await expect(store.open(whole)).rejects.toBeInstanceOf(NoSuchFile);
    expect(readdirSync(join(root, whole.slice(0, 2)))).toEqual([]);
    expect(readdirSync(join(root, halfErased.slice(0, 2)))).toEqual([]);
  });

  it('leaves everything alone for an id that names nothing it holds', async () => {
    const content = randomBytes(1_000);
    const { id } = await store.save(content);
    const [volume] = volumesIn(root);
    const before = readFileSync(join(root, volume));
    for (const other of [newFileId(), '../../etc/passwd', id.slice(0, -1) + (id.endsWith('A') ? 'B' : 'A')]) await store.erase(other);
    expect(readFileSync(join(root, volume)).equals(before)).toBe(true);
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

interface LegacyRecord {
  cookie: Buffer;
  offset: number;
}

/** A volume as an earlier version wrote it. */
function writeLegacyVolume(root: string, bodies: Buffer[]): { name: string; records: LegacyRecord[] } {
  const name = newVolumeName();
  writeFileSync(join(root, `${name}.vol`), '');
  return { name, records: bodies.map((body) => appendLegacyRecord(root, name, body)) };
}

function appendLegacyRecord(root: string, volume: string, body: Buffer): LegacyRecord {
  const path = join(root, `${volume}.vol`);
  const offset = statSync(path).size;
  const cookie = newCookie();
  appendFileSync(path, Buffer.concat([encodeHeader(cookie, body.length, Date.now()), body]));
  return { cookie, offset };
}

function volumesIn(root: string): string[] {
  return readdirSync(root).filter((name) => name.endsWith('.vol'));
}

/** The stream's first chunk; the stream is left paused after it, its later error kept for the next reader. */
function firstChunkOf(stream: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    stream.on('error', reject);
    stream.once('data', (chunk: Buffer) => {
      stream.pause();
      resolve(chunk);
    });
  });
}
