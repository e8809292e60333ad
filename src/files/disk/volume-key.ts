import { link, mkdir, open, readFile, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { syncFolder } from './volume-writer';

/** The file, beside the volumes, holding the key that encrypts record locations in file ids. */
export const VOLUME_KEY_FILE = 'volumes.key';
const VOLUME_KEY_BYTES = 32;

/**
 * Reads the volumes' key (or the key of another `file` in `dir`, such as the signing
 * certificates'), making it on first use. Every process sharing the folder must use the same key,
 * so a process that loses the race to create it reads the winner's.
 */
export async function loadVolumeKey(dir: string, file = VOLUME_KEY_FILE): Promise<Buffer> {
  const path = join(dir, file);
  try {
    return checked(await readFile(path), path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // Written under a temporary name and linked into place: link fails if the key exists, so a
  // reader never sees a half-written key and the first process to link wins.
  const key = randomBytes(VOLUME_KEY_BYTES);
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFileSynced(temp, key);
    await link(temp, path);
    await syncFolder(dir);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return checked(await readFile(path), path);
    throw error;
  } finally {
    await rm(temp, { force: true });
  }
}

async function writeFileSynced(path: string, bytes: Buffer): Promise<void> {
  const handle = await open(path, 'wx', 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function checked(key: Buffer, path: string): Buffer {
  if (key.length !== VOLUME_KEY_BYTES) throw new Error(`${path} is not a key (${key.length} bytes, expected ${VOLUME_KEY_BYTES})`);
  return key;
}
