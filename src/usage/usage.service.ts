import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { inDialect } from '../database/sql-dialect';
import { billingPeriod } from './billing-period';
import { GIVE_BACK_SLOT_SQL, TAKE_SLOT_SQL } from './usage-statements';

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
    const rows: Array<{ used: number | string }> = await this.dataSource.query(inDialect(this.dataSource, TAKE_SLOT_SQL), [
      workspaceId,
      period,
      limit,
    ]);
    if (rows.length === 0) return null;
    return { workspaceId, period, used: Number(rows[0].used), limit };
  }

  /** Gives back a reservation whose generation did not succeed. */
  async release(reservation: UsageReservation): Promise<void> {
    await this.dataSource.query(inDialect(this.dataSource, GIVE_BACK_SLOT_SQL), [reservation.workspaceId, reservation.period]);
  }

  async snapshot(workspaceId: string, limit: number, now = new Date()): Promise<UsageSnapshot> {
    const period = billingPeriod(now);
    const rows: Array<{ used: number | string }> = await this.dataSource.query(
      inDialect(this.dataSource, 'SELECT used FROM usage_counters WHERE workspace_id = ? AND period = ?'),
      [workspaceId, period],
    );
    const used = rows.length > 0 ? Number(rows[0].used) : 0;
    return { period, used, limit, remaining: Math.max(0, limit - used) };
  }
}
