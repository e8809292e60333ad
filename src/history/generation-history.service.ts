import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { JsonLogger } from '../common/logging/json-logger';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { atomically, execute, sql, SqlScript } from '../jobs/sql-script';
import type { KeyMode } from '../auth/key-mode';
import { GenerationOutcome, GenerationRecord, GenerationStatus, GenerationView, toGenerationView } from './generation-record';
import { encodeCursor, HistoryPosition } from './history-cursor';
import { ActivityRow, DAY_MS, foldActivity, MonthActivity, monthBounds } from './month-activity';
import { timeOrderedId } from './time-ordered-id';

export interface HistoryQuery {
  limit: number;
  after?: HistoryPosition;
  templateId?: string;
  status?: GenerationStatus;
}

export interface HistoryPage {
  generations: GenerationView[];
  nextCursor: string | null;
}

/**
 * Records are written in batches, off the request: a generation only appends to a list, and
 * one transaction a quarter second writes what gathered (an INSERT per generation on the HTTP
 * thread would cost each request a SQLite commit). Reading this replica's history writes its
 * batch first; another replica's records show within FLUSH_MS. A crash loses at most that much
 * history, never a PDF or a count.
 */
const FLUSH_MS = 250;
const FLUSH_AT = 200;
/** While the database is away, records wait in memory up to this many; older ones are dropped, and logged. */
const MAX_PENDING = 20_000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

const COLUMNS =
  'id, workspace_id, template_id, template_version, output_format, status, pdf_url, job_id, size_bytes, pages, generation_time_ms, request_id, mode, created_at, error';
/** Rows a statement inserts at most: one statement a chunk costs far less than one a row. */
const ROWS_PER_INSERT = 50;
const ROW_PLACEHOLDERS = `(${Array(15).fill('?').join(', ')})`;
const insertRowsSql = (rows: number) => `INSERT INTO generations (${COLUMNS}) VALUES ${Array(rows).fill(ROW_PLACEHOLDERS).join(', ')}`;

@Injectable()
export class GenerationHistory implements OnModuleInit, OnModuleDestroy {
  private pending: GenerationRecord[] = [];
  private flushTimer?: NodeJS.Timeout;
  private pruneTimer?: NodeJS.Timeout;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly logger: JsonLogger,
  ) {}

  onModuleInit(): void {
    this.pruneTimer = setInterval(() => void this.prune(), PRUNE_EVERY_MS).unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.pruneTimer);
    clearTimeout(this.flushTimer);
    await this.flush();
  }

  /** Notes a generation; it reaches the database with the next batch. */
  record(outcome: GenerationOutcome): void {
    const createdAt = Date.now();
    this.pending.push({ ...outcome, id: timeOrderedId(createdAt), createdAt });
    if (this.pending.length > MAX_PENDING) {
      const dropped = this.pending.splice(0, this.pending.length - MAX_PENDING);
      this.logger.error('generation history: records dropped while the database was away', { dropped: dropped.length });
    }
    if (this.pending.length >= FLUSH_AT) void this.flush();
    else this.flushTimer ??= setTimeout(() => void this.flush(), FLUSH_MS).unref();
  }

  /** Writes what has gathered; batches are written one after the other. */
  flush(): Promise<void> {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.writing = this.writing.then(() => this.writeBatch());
    return this.writing;
  }

  async list(workspaceId: string, query: HistoryQuery): Promise<HistoryPage> {
    await this.flush();
    const conditions = ['workspace_id = ?'];
    const params: unknown[] = [workspaceId];
    if (query.templateId !== undefined) {
      conditions.push('template_id = ?');
      params.push(query.templateId);
    }
    if (query.status !== undefined) {
      conditions.push('status = ?');
      params.push(query.status);
    }
    if (query.after) {
      conditions.push('(created_at < ? OR (created_at = ? AND id < ?))');
      params.push(query.after.createdAt, query.after.createdAt, query.after.id);
    }
    const { rows } = await execute(
      this.dataSource,
      sql(`SELECT ${COLUMNS} FROM generations WHERE ${conditions.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT ?`, ...params, query.limit + 1),
    );
    const records = rows.slice(0, query.limit).map(fromRow);
    const last = records[records.length - 1];
    return { generations: records.map(toGenerationView), nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null };
  }

  /**
   * The workspace's generations in the UTC month of `now`, per day, template and format (the
   * dashboard's overview). Grouped in the database by a day index computed with integer
   * arithmetic on the epoch milliseconds, the same on SQLite and PostgreSQL.
   */
  async monthActivity(workspaceId: string, now: Date = new Date()): Promise<MonthActivity> {
    await this.flush();
    const { start, end } = monthBounds(now);
    const { rows } = await execute(
      this.dataSource,
      sql(
        `SELECT CAST((created_at - ?) / ${DAY_MS} AS INTEGER) AS day, template_id, output_format, mode, status, COUNT(*) AS n
         FROM generations WHERE workspace_id = ? AND created_at >= ? AND created_at < ?
         GROUP BY 1, template_id, output_format, mode, status`,
        start,
        workspaceId,
        start,
        end,
      ),
    );
    const grouped: ActivityRow[] = rows.map((row) => ({
      day: Number(row.day),
      templateId: String(row.template_id),
      outputFormat: String(row.output_format),
      mode: row.mode as ActivityRow['mode'],
      status: row.status as ActivityRow['status'],
      count: Number(row.n),
    }));
    return foldActivity(now, grouped);
  }

  /** Drops records older than HISTORY_DAYS; the PDFs they name stay. */
  async prune(now = Date.now()): Promise<number> {
    try {
      const { changes } = await execute(this.dataSource, sql('DELETE FROM generations WHERE created_at < ?', now - this.config.historyDays * DAY_MS));
      return changes;
    } catch (error) {
      this.logger.error('generation history: prune failed', { error: String(error) });
      return 0;
    }
  }

  private async writeBatch(): Promise<void> {
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    try {
      await atomically(this.dataSource, function* (): SqlScript<void> {
        for (let start = 0; start < batch.length; start += ROWS_PER_INSERT) {
          const chunk = batch.slice(start, start + ROWS_PER_INSERT);
          yield sql(insertRowsSql(chunk.length), ...chunk.flatMap(toRow));
        }
      });
    } catch (error) {
      // Kept for the next batch: the database may be back by then.
      this.pending = [...batch, ...this.pending];
      this.logger.error('generation history: write failed, will retry', { records: batch.length, error: String(error) });
    }
  }
}

function toRow(r: GenerationRecord): unknown[] {
  return [
    r.id, r.workspaceId, r.templateId, r.templateVersion, r.outputFormat, r.status, r.pdfUrl ?? null, r.jobId ?? null,
    r.sizeBytes ?? null, r.pages ?? null, r.generationTimeMs, r.requestId, r.mode, r.createdAt, r.error ?? null,
  ];
}

function fromRow(row: Record<string, unknown>): GenerationRecord {
  const optional = (value: unknown) => (value === null || value === undefined ? undefined : value);
  const optionalNumber = (value: unknown) => (value === null || value === undefined ? undefined : Number(value));
  return {
    id: String(row.id),
    workspaceId: String(row.workspace_id),
    templateId: String(row.template_id),
    templateVersion: String(row.template_version),
    outputFormat: String(row.output_format),
    status: row.status as GenerationStatus,
    pdfUrl: optional(row.pdf_url) as string | undefined,
    jobId: optional(row.job_id) as string | undefined,
    sizeBytes: optionalNumber(row.size_bytes),
    pages: optionalNumber(row.pages),
    generationTimeMs: Number(row.generation_time_ms),
    requestId: String(row.request_id),
    mode: row.mode as KeyMode,
    createdAt: Number(row.created_at),
    error: optional(row.error) as string | undefined,
  };
}
