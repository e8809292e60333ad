import type { DataSource } from 'typeorm';
import type { KeyMode } from '../auth/key-mode';
import { billingPeriod, usageCounter } from '../usage/billing-period';
import { UsageLedger, UsageReservation } from '../usage/usage.service';
import { GIVE_BACK_SLOT_SQL, TAKE_SLOT_SQL } from '../usage/usage-statements';
import { atomically, sql, SqlScript } from './sql-script';

/**
 * The monthly counter as one job sees it: the slot is taken and marked on the job row in one
 * transaction, so a job rendered again after a crash finds its slot already taken and is never
 * counted twice; giving it back clears the mark in the same way.
 */
export class JobUsage implements UsageLedger {
  constructor(
    private readonly db: DataSource,
    private readonly jobId: string,
  ) {}

  reserve(workspaceId: string, limit: number, now = new Date(), mode: KeyMode = 'live'): Promise<UsageReservation | null> {
    const jobId = this.jobId;
    return atomically(this.db, function* (): SqlScript<UsageReservation | null> {
      const period = usageCounter(billingPeriod(now), mode);
      const marked = yield sql('UPDATE jobs SET usage_period = ? WHERE id = ? AND usage_period IS NULL', period, jobId);
      if (marked.changes === 0) {
        const { rows } = yield sql('SELECT j.usage_period AS period, u.used AS used FROM jobs j LEFT JOIN usage_counters u ON u.workspace_id = j.workspace_id AND u.period = j.usage_period WHERE j.id = ?', jobId);
        return { workspaceId, period: String(rows[0].period), used: Number(rows[0].used ?? 0), limit };
      }
      const counted = yield sql(TAKE_SLOT_SQL, workspaceId, period, limit);
      if (counted.rows.length === 0) {
        yield sql('UPDATE jobs SET usage_period = NULL WHERE id = ?', jobId);
        return null;
      }
      return { workspaceId, period, used: Number(counted.rows[0].used), limit };
    });
  }

  release(reservation: UsageReservation): Promise<void> {
    const jobId = this.jobId;
    return atomically(this.db, function* (): SqlScript<void> {
      const cleared = yield sql('UPDATE jobs SET usage_period = NULL WHERE id = ? AND usage_period = ?', jobId, reservation.period);
      if (cleared.changes === 0) return;
      yield sql(GIVE_BACK_SLOT_SQL, reservation.workspaceId, reservation.period);
    });
  }
}
