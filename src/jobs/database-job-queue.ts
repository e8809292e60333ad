import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { OnApplicationShutdown } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { JsonLogger } from '../common/logging/json-logger';
import { JobHandler, JobQueue } from './job-queue.port';
import { execute, sql } from './sql-script';

/** Longest sleep between looks for due entries: entries queued by other processes are seen this soon. */
const MAX_POLL_MS = 1000;

interface ClaimedEntry {
  id: string;
  jobId: string;
}

/**
 * The embedded queue: a table in the service's own database. A worker claims an entry with one
 * conditional UPDATE that sets a lease (`locked_until`), so of several processes on one
 * PostgreSQL only one gets it; the lease is renewed while the handler runs, and an entry whose
 * lease ran out (its process died) is claimed again by whoever looks next.
 */
export class DatabaseJobQueue implements JobQueue, OnApplicationShutdown {
  private readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly running = new Map<string, Promise<void>>();
  private handler?: JobHandler;
  private concurrency = 1;
  private loop?: Promise<void>;
  private heartbeat?: NodeJS.Timeout;
  private stopping = false;
  private wake: () => void = () => undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly leaseMs: number,
    private readonly logger: JsonLogger,
  ) {}

  async enqueue(key: string, jobId: string): Promise<void> {
    await execute(this.dataSource, sql('INSERT INTO job_queue (id, job_id, run_at) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING', key, jobId, Date.now()));
    this.wake();
  }

  consume(handler: JobHandler, concurrency: number): void {
    this.handler = handler;
    this.concurrency = concurrency;
    this.stopping = false;
    this.heartbeat = setInterval(() => void this.renewLeases(), Math.max(100, Math.floor(this.leaseMs / 3)));
    this.loop = this.claimLoop();
  }

  async stopConsuming(): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.loop;
    // Leases are renewed until the last handler is done, so nobody else takes its entry meanwhile.
    await Promise.all(this.running.values());
    clearInterval(this.heartbeat);
  }

  async depth(): Promise<number> {
    const { rows } = await execute(this.dataSource, sql('SELECT COUNT(*) AS n FROM job_queue'));
    return Number(rows[0].n);
  }

  onApplicationShutdown(): Promise<void> {
    return this.stopConsuming();
  }

  private async claimLoop(): Promise<void> {
    while (!this.stopping) {
      const entry = this.running.size < this.concurrency ? await this.claim().catch((error) => this.failed('claim', error)) : null;
      if (entry) this.run(entry);
      else await this.sleep(this.running.size < this.concurrency ? await this.untilNextDue() : MAX_POLL_MS);
    }
  }

  private async claim(): Promise<ClaimedEntry | null> {
    const now = Date.now();
    const { rows } = await execute(
      this.dataSource,
      sql(
        `UPDATE job_queue SET locked_by = ?, locked_until = ?
         WHERE id = (SELECT id FROM job_queue WHERE run_at <= ? AND (locked_until IS NULL OR locked_until <= ?) ORDER BY run_at LIMIT 1)
           AND (locked_until IS NULL OR locked_until <= ?)
         RETURNING id, job_id`,
        this.owner,
        now + this.leaseMs,
        now,
        now,
        now,
      ),
    );
    return rows.length > 0 ? { id: String(rows[0].id), jobId: String(rows[0].job_id) } : null;
  }

  private run(entry: ClaimedEntry): void {
    const done = this.handle(entry).finally(() => {
      this.running.delete(entry.id);
      this.wake();
    });
    this.running.set(entry.id, done);
  }

  private async handle(entry: ClaimedEntry): Promise<void> {
    const outcome = await this.handler!(entry.jobId);
    // Only while this process still holds the entry: if its lease was lost, the new holder decides.
    const release =
      'done' in outcome
        ? sql('DELETE FROM job_queue WHERE id = ? AND locked_by = ?', entry.id, this.owner)
        : sql('UPDATE job_queue SET run_at = ?, locked_by = NULL, locked_until = NULL WHERE id = ? AND locked_by = ?', Date.now() + outcome.retryInMs, entry.id, this.owner);
    await execute(this.dataSource, release).catch((error) => this.failed('release', error));
  }

  private async renewLeases(): Promise<void> {
    if (this.running.size === 0) return;
    await execute(this.dataSource, sql('UPDATE job_queue SET locked_until = ? WHERE locked_by = ?', Date.now() + this.leaseMs, this.owner)).catch((error) =>
      this.failed('renew leases', error),
    );
  }

  /** Milliseconds until an entry may be due: its run time, or the end of its lease. */
  private async untilNextDue(): Promise<number> {
    const { rows } = await execute(
      this.dataSource,
      sql('SELECT MIN(CASE WHEN locked_until IS NOT NULL AND locked_until > run_at THEN locked_until ELSE run_at END) AS next FROM job_queue'),
    ).catch((error) => this.failed('poll', error) ?? { rows: [] });
    const next = rows[0]?.next;
    if (next === null || next === undefined) return MAX_POLL_MS;
    return Math.min(MAX_POLL_MS, Math.max(5, Number(next) - Date.now()));
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private failed(step: string, error: unknown): null {
    this.logger.error(`job queue: ${step} failed`, { error: String(error) });
    return null;
  }
}
