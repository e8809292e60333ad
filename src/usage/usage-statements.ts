/**
 * The two statements that change a monthly counter, shared by the request path (UsageService)
 * and webhook jobs (JobUsage, which runs them inside its own transaction).
 */

/** Parameters: workspace id, period, limit. Returns the new `used`, or no row when the limit is reached. */
export const TAKE_SLOT_SQL = `INSERT INTO usage_counters (workspace_id, period, used) VALUES (?, ?, 1)
  ON CONFLICT (workspace_id, period) DO UPDATE SET used = usage_counters.used + 1
  WHERE usage_counters.used < ?
  RETURNING used`;

/** Parameters: workspace id, period. */
export const GIVE_BACK_SLOT_SQL = 'UPDATE usage_counters SET used = used - 1 WHERE workspace_id = ? AND period = ? AND used > 0';
