import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { placeholder } from '../database/sql-dialect';
import { billingPeriod } from './billing-period';

export interface UsageSnapshot {
  period: string;
  used: number;
  limit: number;
  remaining: number;
}

/** A slot taken against the monthly limit; released again if the generation fails. */
export interface UsageReservation {
  workspaceId: string;
  period: string;
  used: number;
  limit: number;
}

/** Takes and gives back slots of a month's allowance. */
export interface UsageLedger {
  reserve(workspaceId: string, limit: number, now?: Date): Promise<UsageReservation | null>;
  release(reservation: UsageReservation): Promise<void>;
}

/**
 * Monthly counters, changed only by single conditional statements so that the database,
 * not the process, guarantees that no more than `limit` generations succeed in a month.
 */
@Injectable()
export class UsageService implements UsageLedger {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Takes one generation from the month's allowance; null when the limit is already reached. */
  async reserve(workspaceId: string, limit: number, now = new Date()): Promise<UsageReservation | null> {
    if (limit <= 0) return null;
    const period = billingPeriod(now);
    const p = (i: number) => placeholder(this.dataSource, i);
    const rows: Array<{ used: number | string }> = await this.dataSource.query(
      `INSERT INTO usage_counters (workspace_id, period, used) VALUES (${p(1)}, ${p(2)}, 1)
       ON CONFLICT (workspace_id, period) DO UPDATE SET used = usage_counters.used + 1
       WHERE usage_counters.used < ${p(3)}
       RETURNING used`,
      [workspaceId, period, limit],
    );
    if (rows.length === 0) return null;
    return { workspaceId, period, used: Number(rows[0].used), limit };
  }

  /** Gives back a reservation whose generation did not succeed. */
  async release(reservation: UsageReservation): Promise<void> {
    const p = (i: number) => placeholder(this.dataSource, i);
    await this.dataSource.query(
      `UPDATE usage_counters SET used = used - 1 WHERE workspace_id = ${p(1)} AND period = ${p(2)} AND used > 0`,
      [reservation.workspaceId, reservation.period],
    );
  }

  async snapshot(workspaceId: string, limit: number, now = new Date()): Promise<UsageSnapshot> {
    const period = billingPeriod(now);
    const p = (i: number) => placeholder(this.dataSource, i);
    const rows: Array<{ used: number | string }> = await this.dataSource.query(
      `SELECT used FROM usage_counters WHERE workspace_id = ${p(1)} AND period = ${p(2)}`,
      [workspaceId, period],
    );
    const used = rows.length > 0 ? Number(rows[0].used) : 0;
    return { period, used, limit, remaining: Math.max(0, limit - used) };
  }
}
