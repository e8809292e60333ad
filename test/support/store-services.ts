import type { DataSource } from 'typeorm';
import { AccountsService } from '../../src/accounts/accounts.service';
import { Clock, SystemClock } from '../../src/accounts/clock';
import { SessionsService } from '../../src/accounts/sessions.service';
import { AuditLog } from '../../src/audit/audit-log.service';
import { ApiKeyEntity } from '../../src/auth/api-key.entity';
import { JsonLogger } from '../../src/common/logging/json-logger';
import { loadConfig } from '../../src/config/app-config';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { openDataSource } from '../../src/database/open-data-source';
import { UsageService } from '../../src/usage/usage.service';
import { BootstrapService } from '../../src/workspaces/bootstrap.service';
import { WorkspaceEntity } from '../../src/workspaces/workspace.entity';
import { WorkspacesService } from '../../src/workspaces/workspaces.service';

export interface StoreServices {
  dataSource: DataSource;
  workspaces: WorkspacesService;
  usage: UsageService;
  bootstrap: BootstrapService;
  accounts: AccountsService;
  sessions: SessionsService;
  audit: AuditLog;
}

/**
 * The store's services as one replica holds them, without the HTTP application: the
 * same data source options, migrations and services. PostgreSQL when `databaseUrl` is given;
 * `clock` stands in for the time where accounts and sessions read it.
 */
export async function openStore(where: { dataDir: string; databaseUrl?: string }, clock: Clock = new SystemClock()): Promise<StoreServices> {
  const dataSource = await openDataSource(dataSourceOptions(where));
  const usage = new UsageService(dataSource);
  const config = loadConfig({ DATA_DIR: where.dataDir, BOOTSTRAP: 'true' });
  const audit = new AuditLog(dataSource, config, new JsonLogger('silent'));
  const workspaces = new WorkspacesService(dataSource.getRepository(WorkspaceEntity), dataSource.getRepository(ApiKeyEntity), dataSource, usage, audit);
  const bootstrap = new BootstrapService(config, workspaces, new JsonLogger('silent'), dataSource);
  const accounts = new AccountsService(dataSource, workspaces, config, clock, audit);
  const sessions = new SessionsService(dataSource, clock);
  return { dataSource, workspaces, usage, bootstrap, accounts, sessions, audit };
}
