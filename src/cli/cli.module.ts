import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AuditModule } from '../audit/audit.module';
import { CommonModule } from '../common/common.module';
import { AppConfig } from '../config/app-config';
import { ConfigModule } from '../config/config.module';
import { DatabaseModule } from '../database/database.module';
import { MetricsModule } from '../metrics/metrics.module';
import { SignaturesModule } from '../signatures/signatures.module';
import { UsageModule } from '../usage/usage.module';
import { WorkspacesModule } from '../workspaces/workspaces.module';

/** What the operator commands need: the store, the workspace and account services and the audit log they write, no HTTP server. */
@Module({})
export class CliModule {
  static forRoot(config: AppConfig) {
    return {
      module: CliModule,
      imports: [ConfigModule.forRoot(config), CommonModule, MetricsModule, DatabaseModule, AuditModule, UsageModule, WorkspacesModule, AccountsModule, SignaturesModule],
    };
  }
}
