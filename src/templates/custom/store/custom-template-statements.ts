/** The statements on `custom_templates` and `custom_template_versions`, with `?` placeholders for both databases. */

/**
 * Parameters: workspace id. Locks the workspace's row to the end of the transaction on PostgreSQL
 * (SQLite's transactions take the write lock at BEGIN): creates in one workspace count its
 * templates one at a time, so the plan's limit holds under any concurrency, across replicas.
 */
export const LOCK_WORKSPACE_SQL = 'UPDATE workspaces SET id = id WHERE id = ?';

/** Parameters: workspace id, id. Its versions go with it (their foreign key cascades). */
export const DELETE_TEMPLATE_SQL = 'DELETE FROM custom_templates WHERE workspace_id = ? AND id = ?';

/** Parameters: workspace id. */
export const COUNT_TEMPLATES_SQL = 'SELECT COUNT(*) AS n FROM custom_templates WHERE workspace_id = ?';

/** Parameters: workspace id, id, now, now. Returns the id; no row when the workspace has that id already. */
export const INSERT_TEMPLATE_SQL = `INSERT INTO custom_templates (workspace_id, id, version, last_sequence, created_at, updated_at)
  VALUES (?, ?, '1.0.0', 1, ?, ?)
  ON CONFLICT (workspace_id, id) DO NOTHING
  RETURNING id`;

/**
 * Parameters: version, now, workspace id, id. Returns the new version's sequence number and the
 * template's creation time; no row when there is no such template. On PostgreSQL the row stays
 * locked to the end of the transaction, so versions of one template are added one at a time.
 */
export const BUMP_TEMPLATE_SQL = `UPDATE custom_templates SET version = ?, last_sequence = last_sequence + 1, updated_at = ?
  WHERE workspace_id = ? AND id = ?
  RETURNING last_sequence, created_at`;

/** Parameters: uid, workspace id, template id, version, sequence, name, description, category, definition, source, now. No row when the version exists. */
export const INSERT_VERSION_SQL = `INSERT INTO custom_template_versions (uid, workspace_id, template_id, version, sequence, name, description, category, definition, source, created_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (workspace_id, template_id, version) DO NOTHING
  RETURNING uid`;

const RECORD_SQL = `SELECT t.workspace_id, t.id, v.name, v.description, v.category, t.version, t.created_at, t.updated_at
  FROM custom_templates t
  JOIN custom_template_versions v ON v.workspace_id = t.workspace_id AND v.template_id = t.id AND v.version = t.version`;

/** Parameters: workspace id, id. */
export const FIND_SQL = `${RECORD_SQL} WHERE t.workspace_id = ? AND t.id = ?`;

/** Parameters: workspace id. Unordered: PostgreSQL's collation would not order ids as SQLite does. */
export const LIST_SQL = `${RECORD_SQL} WHERE t.workspace_id = ?`;

/** Parameters: workspace id, template id. One lookup in the (workspace_id, template_id, sequence) index. */
export const NEWEST_VERSION_SQL = `SELECT uid, version FROM custom_template_versions
  WHERE workspace_id = ? AND template_id = ? ORDER BY sequence DESC LIMIT 1`;

/** Parameters: workspace id, template id, version. */
export const NAMED_VERSION_SQL = 'SELECT uid, version FROM custom_template_versions WHERE workspace_id = ? AND template_id = ? AND version = ?';
