import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';

/** Creates a folder (and its missing parents) readable by the service's user only. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/**
 * Makes the SQLite database file exist with mode 0600 before SQLite opens it: SQLite gives its
 * -wal and -shm files the mode of the database file. Files an older version left 0644 are
 * tightened too, where the service's user owns them.
 */
export function makePrivateDatabaseFile(path: string): void {
  closeSync(openSync(path, 'a', 0o600));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) tighten(file);
}

function tighten(file: string): void {
  let stats;
  try {
    stats = statSync(file);
  } catch {
    return; // not there yet: SQLite creates it with the database's mode
  }
  if ((stats.mode & 0o077) !== 0 && stats.uid === process.getuid?.()) chmodSync(file, stats.mode & 0o700);
}
