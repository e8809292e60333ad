/**
 * The statements on `idempotency_keys`, with `?` placeholders for both databases. A claim is
 * identified by its `claim_id`, so that a request whose claim lapsed and was taken over can
 * neither store its answer over the new claim's nor free it.
 */

/**
 * Parameters: workspace id, key, digest, claim id, now, claim deadline, now. Returns the claim id
 * when the key was free or its row had expired; no row when it is held. On PostgreSQL a held
 * row stays locked to the end of the transaction (ON CONFLICT DO UPDATE locks it either way).
 */
export const CLAIM_SQL = `INSERT INTO idempotency_keys (workspace_id, idempotency_key, request_digest, claim_id, state, created_at, expires_at)
  VALUES (?, ?, ?, ?, 'processing', ?, ?)
  ON CONFLICT (workspace_id, idempotency_key) DO UPDATE SET
    request_digest = excluded.request_digest, claim_id = excluded.claim_id, state = excluded.state,
    reply_status = NULL, reply_headers = NULL, reply_json = NULL, reply_pdf = NULL,
    created_at = excluded.created_at, expires_at = excluded.expires_at
  WHERE idempotency_keys.expires_at <= ?
  RETURNING claim_id`;

/** Parameters: workspace id, key. */
export const HELD_SQL = `SELECT request_digest, state, reply_status, reply_headers, reply_json, reply_pdf
  FROM idempotency_keys WHERE workspace_id = ? AND idempotency_key = ?`;

/** Parameters: status, headers (JSON), JSON body or null, PDF bytes or null, expiry, workspace id, key, claim id. */
export const COMPLETE_SQL = `UPDATE idempotency_keys
  SET state = 'done', reply_status = ?, reply_headers = ?, reply_json = ?, reply_pdf = ?, expires_at = ?
  WHERE workspace_id = ? AND idempotency_key = ? AND claim_id = ?`;

/** Parameters: workspace id, key, claim id. */
export const RELEASE_SQL = 'DELETE FROM idempotency_keys WHERE workspace_id = ? AND idempotency_key = ? AND claim_id = ?';

/**
 * Parameters: workspace id, a LIKE pattern of the file's URL path (escaped with `\`). The stored
 * JSON answers that hand out the file: url answers name it in `pdfUrl`.
 */
export const FORGET_FILE_SQL = "DELETE FROM idempotency_keys WHERE workspace_id = ? AND reply_json LIKE ? ESCAPE '\\'";

/** Parameters: now. */
export const SWEEP_SQL = 'DELETE FROM idempotency_keys WHERE expires_at <= ?';
