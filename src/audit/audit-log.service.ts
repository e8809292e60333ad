import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { JsonLogger } from '../common/logging/json-logger';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { encodeCursor, HistoryPosition } from '../history/history-cursor';
import { DAY_MS } from '../history/month-activity';
import { timeOrderedId } from '../history/time-ordered-id';
import { execute, executeStatement, sql, SqlStep } from '../jobs/sql-script';
import { AuditAction, AuditActor, AuditEntry, AuditTarget, AuditView, SignInMethod } from './audit-entry';

export interface AuditQuery {
  limit: number;
  after?: HistoryPosition;
  workspaceId?: string;
  action?: AuditAction;
}

export interface AuditPage {
  entries: AuditView[];
  nextCursor: string | null;
}

const PRUNE_EVERY_MS = 60 * 60 * 1000;
const COLUMNS = 'id, at, workspace_id, action, actor_type, actor_id, target_type, target_id, ip, request_id, method';
const INSERT = `INSERT INTO audit_log (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/**
 * The audit log (DECISIONS section 16): who changed keys, members, templates, secrets, plans and
 * files, and who signed in, from where. Unlike the generation history an entry is written in the
 * transaction of the change it records: a change the log could not record is rolled back and fails
 * its request (500) rather than go unrecorded. Kept AUDIT_DAYS, cursor-paged like the history.
 */
@Injectable()
export class AuditLog implements OnModuleInit, OnModuleDestroy {
  private pruneTimer?: NodeJS.Timeout;
  private lastAt = 0;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'auditDays'>,
    private readonly logger: JsonLogger,
  ) {}

  onModuleInit(): void {
    this.pruneTimer = setInterval(() => void this.prune(), PRUNE_EVERY_MS).unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.pruneTimer);
  }

  /**
   * The statement that writes one entry, for a service to run in the transaction (`atomically`) of
   * the change it records: both are stored or neither. The origin is the one its controller took
   * with `@ActingAs('operator' | 'key' | 'user')` (OPERATOR_OFFLINE from the CLI).
   */
  insert(entry: AuditEntry): SqlStep {
    // A millisecond apart at least: the entries of one request (invited, then role changed) list in
    // their order, where ids within one millisecond would order at random. A clock set back by more
    // than a second is followed.
    const now = Date.now();
    const at = (this.lastAt = now > this.lastAt || this.lastAt - now > 1000 ? now : this.lastAt + 1);
    const { actor, target } = entry;
    return sql(INSERT, timeOrderedId(at), at, entry.workspaceId, entry.action, actor.type, actor.id ?? null, target.type, target.id, entry.ip, entry.requestId, entry.method ?? null);
  }

  /** Writes one entry on its own: for what changes nothing else, such as a refused sign-in. */
  async record(entry: AuditEntry): Promise<void> {
    await executeStatement(this.dataSource, this.insert(entry));
  }

  /** Newest first, optionally one workspace's or one action's. */
  async list(query: AuditQuery): Promise<AuditPage> {
    const conditions: string[] = [];
    const params: unknown[] = [];
    if (query.workspaceId !== undefined) {
      conditions.push('workspace_id = ?');
      params.push(query.workspaceId);
    }
    if (query.action !== undefined) {
      conditions.push('action = ?');
      params.push(query.action);
    }
    if (query.after) {
      conditions.push('(at < ? OR (at = ? AND id < ?))');
      params.push(query.after.createdAt, query.after.createdAt, query.after.id);
    }
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const { rows } = await execute(this.dataSource, sql(`SELECT ${COLUMNS} FROM audit_log ${where} ORDER BY at DESC, id DESC LIMIT ?`, ...params, query.limit + 1));
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return {
      entries: page.map(fromRow),
      nextCursor: rows.length > query.limit && last ? encodeCursor({ createdAt: Number(last.at), id: String(last.id) }) : null,
    };
  }

  /** Drops entries older than AUDIT_DAYS. */
  async prune(now = Date.now()): Promise<number> {
    try {
      const { changes } = await execute(this.dataSource, sql('DELETE FROM audit_log WHERE at < ?', now - this.config.auditDays * DAY_MS));
      return changes;
    } catch (error) {
      this.logger.error('audit log: prune failed', { error: String(error) });
      return 0;
    }
  }
}

function fromRow(row: Record<string, unknown>): AuditView {
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  const actor: AuditActor = { type: row.actor_type as AuditActor['type'] };
  if (row.actor_id !== null && row.actor_id !== undefined) actor.id = String(row.actor_id);
  return {
    id: String(row.id),
    at: new Date(Number(row.at)).toISOString(),
    workspaceId: text(row.workspace_id),
    action: row.action as AuditAction,
    actor,
    target: { type: row.target_type as AuditTarget['type'], id: text(row.target_id) },
    ip: text(row.ip),
    requestId: text(row.request_id),
    ...(row.method === null || row.method === undefined ? {} : { method: String(row.method) as SignInMethod }),
  };
}
