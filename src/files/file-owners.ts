import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { atomically, executeStatement, sql, SqlStep } from '../jobs/sql-script';

const RECORD_SQL = 'INSERT INTO hosted_files (file_id, workspace_id, created_at) VALUES (?, ?, ?)';
const OWNER_SQL = 'SELECT workspace_id FROM hosted_files WHERE file_id = ?';
const FORGET_SQL = 'DELETE FROM hosted_files WHERE file_id = ? AND workspace_id = ?';

/** Which workspace made each hosted file (table `hosted_files`): ids only, never a PDF's bytes. */
@Injectable()
export class FileOwners {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** On the path of every `url` generation, after the PDF is durable: one prepared statement on SQLite. */
  async record(fileId: string, workspaceId: string): Promise<void> {
    await executeStatement(this.dataSource, sql(RECORD_SQL, fileId, workspaceId, Date.now()));
  }

  /** null for a file saved before owners were recorded, or never saved. */
  async ownerOf(fileId: string): Promise<string | null> {
    const { rows } = await executeStatement(this.dataSource, sql(OWNER_SQL, fileId));
    return rows.length > 0 ? String(rows[0].workspace_id) : null;
  }

  /** false when the file is not that workspace's (any more). `recorded` (the erasure's audit entry) is written in the same transaction when the row goes. */
  async forget(fileId: string, workspaceId: string, recorded?: SqlStep): Promise<boolean> {
    return atomically(this.dataSource, function* () {
      if ((yield sql(FORGET_SQL, fileId, workspaceId)).changes === 0) return false;
      if (recorded) yield recorded;
      return true;
    });
  }
}
