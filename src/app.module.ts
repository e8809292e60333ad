import { DynamicModule, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { AccountsModule } from './accounts/accounts.module';
import { MembersAdminController } from './accounts/members-admin.controller';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { BatchesController } from './batches/batches.controller';
import { BatchesModule } from './batches/batches.module';
import { CommonModule } from './common/common.module';
import { JsonBodyMiddleware } from './common/http/json-body.middleware';
import { SigningCertificateController } from './signatures/signing-certificate.controller';
import { RequestContextMiddleware } from './common/http/request-context.middleware';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { DashboardTemplatesModule } from './dashboard/templates/dashboard-templates.module';
import { DatabaseModule } from './database/database.module';
import { FilesModule } from './files/files.module';
import { HealthModule } from './health/health.module';
import { JobWorkerModule } from './jobs/job-worker.module';
import { JobsModule } from './jobs/jobs.module';
import { MetricsModule } from './metrics/metrics.module';
import { JobsAdminController } from './jobs/jobs-admin.controller';
import { GenerateController } from './generation/generate.controller';
import { GenerationModule } from './generation/generation.module';
import { AdminController } from './workspaces/admin.controller';
import { CustomTemplatesController } from './templates/custom/custom-templates.controller';
import { TemplatePreviewController } from './templates/preview/template-preview.controller';
import { TemplatePreviewModule } from './templates/preview/template-preview.module';
import { TemplatesModule } from './templates/templates.module';
import { UsageModule } from './usage/usage.module';
import { WorkspacesModule } from './workspaces/workspaces.module';

@Module({})
export class AppModule implements NestModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        CommonModule,
        MetricsModule,
        DatabaseModule,
        AuditModule,
        AuthModule,
        WorkspacesModule,
        AccountsModule,
        DashboardModule,
        DashboardTemplatesModule,
        UsageModule,
        TemplatesModule,
        FilesModule,
        GenerationModule,
        BatchesModule,
        TemplatePreviewModule,
        JobsModule.forRoot(config),
        JobWorkerModule,
        HealthModule,
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(RequestContextMiddleware).forRoutes('{*path}');
    // Only routes that take a body read one: an unknown route stays a plain 404.
    consumer.apply(JsonBodyMiddleware).forRoutes(GenerateController, BatchesController, CustomTemplatesController, TemplatePreviewController, AdminController, MembersAdminController, JobsAdminController, SigningCertificateController);
  }
}
