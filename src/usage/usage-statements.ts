/**
 * The statements that change a monthly counter, shared by the request path (UsageService)
 * and webhook jobs (JobUsage, which runs them inside its own transaction).
 *
 * A counter holds the month's confirmed generations plus its reservations. Every transaction
 * that changes both a counter and its reservations touches the counter row first, so that on
 * PostgreSQL they queue on that one row lock and never deadlock.
 */

/**
 * Parameters: workspace id, period, limit. Returns the new `used`, or no row when the limit is
 * reached. On PostgreSQL it locks the counter row either way (ON CONFLICT DO UPDATE does).
 */
export const TAKE_SLOT_SQL = `INSERT INTO usage_counters (workspace_id, period, used) VALUES (?, ?, 1)
  ON CONFLICT (workspace_id, period) DO UPDATE SET used = usage_counters.used + 1
  WHERE usage_counters.used < ?
  RETURNING used`;

/** Parameters: workspace id, period. */
export const GIVE_BACK_SLOT_SQL = 'UPDATE usage_counters SET used = used - 1 WHERE workspace_id = ? AND period = ? AND used > 0';

/** Parameters: count, count, workspace id, period. */
export const GIVE_BACK_SLOTS_SQL = 'UPDATE usage_counters SET used = CASE WHEN used > ? THEN used - ? ELSE 0 END WHERE workspace_id = ? AND period = ?';

/** Parameters: workspace id, period. Changes nothing; takes the counter row's lock. */
export const LOCK_COUNTER_SQL = 'UPDATE usage_counters SET used = used WHERE workspace_id = ? AND period = ?';

/** Parameters: id, workspace id, period, expiry (epoch ms). */
export const ADD_RESERVATION_SQL = 'INSERT INTO usage_reservations (id, workspace_id, period, expires_at) VALUES (?, ?, ?, ?)';

/** Parameters: id. Changes one row while the reservation is still held. */
export const DROP_RESERVATION_SQL = 'DELETE FROM usage_reservations WHERE id = ?';

/** Parameters: workspace id, period, now (epoch ms). */
export const DROP_LAPSED_RESERVATIONS_SQL = 'DELETE FROM usage_reservations WHERE workspace_id = ? AND period = ? AND expires_at <= ?';

/** Parameters: now (epoch ms), workspace id, period. The counter without its lapsed reservations. */
export const USED_SQL = `SELECT c.used - (SELECT COUNT(*) FROM usage_reservations r
    WHERE r.workspace_id = c.workspace_id AND r.period = c.period AND r.expires_at <= ?) AS used
  FROM usage_counters c WHERE c.workspace_id = ? AND c.period = ?`;
