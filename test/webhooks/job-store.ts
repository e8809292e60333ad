import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { openDataSource } from '../../src/database/open-data-source';
import { execute, sql } from '../../src/jobs/sql-script';

export interface JobStore {
  dataSource: DataSource;
  /** Adds a workspace and a queued job of it; resolves with their ids. */
  addJob(): Promise<{ workspaceId: string; jobId: string }>;
  close(): Promise<void>;
}

/** A migrated SQLite store in a temp folder, for unit tests of the jobs tables. */
export async function openJobStore(): Promise<JobStore> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pdfgen-jobs-'));
  const dataSource = await openDataSource(dataSourceOptions({ dataDir }));
  return {
    dataSource,
    async addJob() {
      const workspaceId = randomUUID();
      const jobId = randomUUID();
      await execute(dataSource, sql("INSERT INTO workspaces (id, name, plan, webhook_secret) VALUES (?, 'w', 'pro', 'whsec_x')", workspaceId));
      await execute(
        dataSource,
        sql(
          "INSERT INTO jobs (id, workspace_id, template_id, status, request, webhook_url, webhook_headers, delivery_id, created_at, updated_at) VALUES (?, ?, 'invoice-basic', 'queued', '{}', 'http://x', '{}', ?, 0, 0)",
          jobId, workspaceId, `msg_${jobId}`,
        ),
      );
      return { workspaceId, jobId };
    },
    async close() {
      await dataSource.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
