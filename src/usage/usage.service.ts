import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig, DEFAULT_RENDER_TIMEOUT_MS } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { atomically, executeStatement, sql, SqlScript } from '../jobs/sql-script';
import type { KeyMode } from '../auth/key-mode';
import { billingPeriod, usageCounter } from './billing-period';
import {
  ADD_RESERVATION_SQL,
  DROP_LAPSED_RESERVATIONS_SQL,
  DROP_RESERVATION_SQL,
  GIVE_BACK_SLOT_SQL,
  GIVE_BACK_SLOTS_SQL,
  LOCK_COUNTER_SQL,
  TAKE_SLOT_SQL,
  USED_SQL,
} from './usage-statements';

export interface UsageSnapshot {
  period: string;
  used: number;
  limit: number;
  remaining: number;
}

/** A slot taken against the monthly limit; released again if the generation fails. */
export interface UsageReservation {
  workspaceId: string;
  /** The counter: `YYYY-MM`, or `YYYY-MM:test` for a test key's generations. */
  period: string;
  used: number;
  limit: number;
}

/** Takes, keeps and gives back slots of a month's allowance. */
export interface UsageLedger {
  reserve(workspaceId: string, limit: number, now?: Date, mode?: KeyMode): Promise<UsageReservation | null>;
  /**
   * Keeps the slot of a generation that succeeded; false if the slot had lapsed meanwhile and the
   * month is now used up. Left out by ledgers whose slots never lapse.
   */
  confirm?(reservation: UsageReservation, now?: Date): Promise<boolean>;
  release(reservation: UsageReservation): Promise<void>;
}

/** A reservation held in `usage_reservations` until it is confirmed, released or lapses. */
export interface HeldReservation extends UsageReservation {
  id: string;
}

/** Storing a PDF and the database round trips, after the longest wait for a worker and render. */
const STORING_MARGIN_MS = 60_000;

/**
 * Monthly counters, changed only in transactions that take the counter row first, so that the
 * database, not the process, guarantees that no more than `limit` generations succeed in a month.
 *
 * A generation reserves a slot, then confirms it on success or releases it on failure. A process
 * killed in between does neither: its reservation lapses once the generation could no longer be
 * running, and from then on it does not count (`snapshot`) and is given back (next `reserve`).
 */
@Injectable()
export class UsageService implements UsageLedger {
  /** A request waits for a worker at most RENDER_TIMEOUT_MS, then renders at most as long. */
  private readonly reservationLifetimeMs: number;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'renderTimeoutMs'> = { renderTimeoutMs: DEFAULT_RENDER_TIMEOUT_MS },
  ) {
    this.reservationLifetimeMs = 2 * config.renderTimeoutMs + STORING_MARGIN_MS;
  }

  /** Takes one generation from the month's allowance (a test key's: its own); null when the limit is already reached. */
  async reserve(workspaceId: string, limit: number, now = new Date(), mode: KeyMode = 'live'): Promise<HeldReservation | null> {
    if (limit <= 0) return null;
    const period = usageCounter(billingPeriod(now), mode);
    const id = randomUUID();
    const expiresAt = now.getTime() + this.reservationLifetimeMs;
    const used = await atomically(this.dataSource, function* (): SqlScript<number | null> {
      const taken = yield sql(TAKE_SLOT_SQL, workspaceId, period, limit);
      const lapsed = (yield sql(DROP_LAPSED_RESERVATIONS_SQL, workspaceId, period, now.getTime())).changes;
      if (lapsed > 0) yield sql(GIVE_BACK_SLOTS_SQL, lapsed, lapsed, workspaceId, period);
      let used = taken.rows.length > 0 ? Number(taken.rows[0].used) - lapsed : null;
      if (used === null && lapsed > 0) {
        const retaken = yield sql(TAKE_SLOT_SQL, workspaceId, period, limit);
        used = retaken.rows.length > 0 ? Number(retaken.rows[0].used) : null;
      }
      if (used !== null) yield sql(ADD_RESERVATION_SQL, id, workspaceId, period, expiresAt);
      return used;
    });
    return used === null ? null : { id, workspaceId, period, used, limit };
  }

  /**
   * Keeps the slot of a successful generation. A reservation that lapsed (and was given back)
   * takes a slot again, which the limit may refuse: then the generation must not be delivered.
   */
  async confirm(reservation: HeldReservation): Promise<boolean> {
    const kept = await executeStatement(this.dataSource, sql(DROP_RESERVATION_SQL, reservation.id));
    if (kept.changes > 0) return true;
    const retaken = await executeStatement(this.dataSource, sql(TAKE_SLOT_SQL, reservation.workspaceId, reservation.period, reservation.limit));
    return retaken.rows.length > 0;
  }

  /** Gives back a reservation whose generation did not succeed; nothing if it lapsed already. */
  async release(reservation: HeldReservation): Promise<void> {
    const { id, workspaceId, period } = reservation;
    await atomically(this.dataSource, function* (): SqlScript<void> {
      yield sql(LOCK_COUNTER_SQL, workspaceId, period);
      const dropped = yield sql(DROP_RESERVATION_SQL, id);
      if (dropped.changes > 0) yield sql(GIVE_BACK_SLOT_SQL, workspaceId, period);
    });
  }

  /** `used` counts confirmed generations and the reservations that have not lapsed (of test keys' counter for `test`). */
  async snapshot(workspaceId: string, limit: number, now = new Date(), mode: KeyMode = 'live'): Promise<UsageSnapshot> {
    const period = billingPeriod(now);
    const { rows } = await executeStatement(this.dataSource, sql(USED_SQL, now.getTime(), workspaceId, usageCounter(period, mode)));
    const used = rows.length > 0 ? Math.max(0, Number(rows[0].used)) : 0;
    return { period, used, limit, remaining: Math.max(0, limit - used) };
  }
}
