import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { DiskFileStore } from '../src/files/disk/disk-file-store';
import { newFileId } from '../src/files/file-id';
import { ms, summarize, table } from './stats';

/*
 * Hosted-PDF storage measured against the well-known alternative (issue 11): our volumes (one
 * O_DSYNC positioned write per PDF) and PDFs as blobs in a dedicated SQLite database in WAL mode,
 * synchronous FULL (durable like the volumes) and NORMAL (durable against a process crash, not
 * against power loss). better-sqlite3 is synchronous, so a SQLite save holds the event loop for its
 * whole duration, fsync included: that time is what every other request waits.
 *   npm run bench:build && node bench/.build/bench/file-stores.js [count] [kilobytes]
 */

const COUNT = Number(process.argv[2] ?? 3000);
const SIZE = Number(process.argv[3] ?? 25) * 1024;
const CONCURRENCY = 16;

interface Candidate {
  name: string;
  save(bytes: Buffer): Promise<string>;
  read(id: string): Promise<Buffer>;
  close(): void;
}

function volumes(dir: string): Candidate {
  const store = new DiskFileStore(dir);
  return {
    name: 'volumes (O_DSYNC)',
    save: async (bytes) => (await store.save(bytes)).id,
    read: async (id) => buffer(await store.open(id)),
    close: () => store.onModuleDestroy(),
  };
}

function sqlite(dir: string, synchronous: 'FULL' | 'NORMAL'): Candidate {
  const db = new Database(join(dir, 'files.db'));
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous}`);
  db.exec('CREATE TABLE files (id TEXT PRIMARY KEY, created INTEGER NOT NULL, bytes BLOB NOT NULL) WITHOUT ROWID');
  const insert = db.prepare('INSERT INTO files (id, created, bytes) VALUES (?, ?, ?)');
  const select = db.prepare<[string], { bytes: Buffer }>('SELECT bytes FROM files WHERE id = ?');
  return {
    name: `SQLite blobs (WAL, ${synchronous})`,
    save: async (bytes) => {
      const id = newFileId();
      insert.run(id, Date.now(), bytes);
      return id;
    },
    read: async (id) => select.get(id)!.bytes,
    close: () => db.close(),
  };
}

async function measure(candidate: Candidate): Promise<string[]> {
  const payloads = Array.from({ length: 64 }, () => randomBytes(SIZE));
  const latencies: number[] = [];
  const ids: string[] = [];
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < COUNT) {
        const bytes = payloads[next++ % payloads.length];
        const t0 = performance.now();
        ids.push(await candidate.save(bytes));
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const wall = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const reads: number[] = [];
  for (let i = 0; i < 1000; i++) {
    const t0 = performance.now();
    await candidate.read(ids[(i * 7919) % ids.length]);
    reads.push(performance.now() - t0);
  }
  const save = summarize(latencies);
  const read = summarize(reads);
  return [
    candidate.name,
    `${Math.round(COUNT / (wall / 1000))}/s`,
    ms((cpu.user + cpu.system) / 1000 / COUNT),
    ms(save.median),
    ms(save.p99),
    ms(read.median),
    ms(read.p99),
  ];
}

async function main(): Promise<void> {
  const rows: string[][] = [];
  // Interleaved rounds, so a noisy neighbour hurts every candidate alike; medians of rounds are in the rows.
  for (let round = 0; round < 3; round++) {
    for (const make of [(d: string) => volumes(d), (d: string) => sqlite(d, 'FULL'), (d: string) => sqlite(d, 'NORMAL')]) {
      const dir = mkdtempSync(join(tmpdir(), 'pdfgen-store-bench-'));
      const candidate = make(dir);
      try {
        rows.push([`#${round + 1}`, ...(await measure(candidate))]);
      } finally {
        candidate.close();
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }
  console.log(`${COUNT} PDFs of ${SIZE / 1024} KB, ${CONCURRENCY} saves in flight; reads: 1,000 whole files one at a time`);
  console.log(table(['round', 'store', 'saves', 'CPU per save', 'save p50', 'save p99', 'read p50', 'read p99'], rows));
}

void main();
