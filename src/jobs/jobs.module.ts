import { DynamicModule, Module, Provider } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { JsonLogger } from '../common/logging/json-logger';
import { AppConfig } from '../config/app-config';
import { DatabaseModule } from '../database/database.module';
import { QUEUE_READINESS, ReadinessProbe } from '../health/readiness-probe';
import { UsageModule } from '../usage/usage.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import type { BullmqJobQueue } from './bullmq-job-queue';
import { DatabaseJobQueue } from './database-job-queue';
import { JOB_QUEUE } from './job-queue.port';
import { JobsAdminController } from './jobs-admin.controller';
import { JobsController } from './jobs.controller';
import { JobsService } from './jobs.service';

/**
 * Accepting and looking up webhook jobs, and the queue that carries them. Global so that the
 * generate endpoint can hand jobs over and /readyz can see the queue; the worker that consumes
 * the queue is JobWorkerModule.
 */
@Module({})
export class JobsModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: JobsModule,
      global: true,
      imports: [DatabaseModule, UsageModule, WorkspacesModule, WebhooksModule],
      controllers: [JobsController, JobsAdminController],
      providers: [JobsService, ...(config.redisUrl ? bullmqQueue(config, config.redisUrl) : embeddedQueue(config))],
      exports: [JobsService, JOB_QUEUE, ...(config.redisUrl ? [QUEUE_READINESS] : [])],
    };
  }
}

function embeddedQueue(config: AppConfig): Provider[] {
  return [
    {
      provide: JOB_QUEUE,
      inject: [getDataSourceToken(), JsonLogger],
      useFactory: (dataSource: DataSource, logger: JsonLogger) => new DatabaseJobQueue(dataSource, config.jobLeaseMs, logger),
    },
  ];
}

function bullmqQueue(config: AppConfig, redisUrl: string): Provider[] {
  return [
    {
      provide: JOB_QUEUE,
      inject: [JsonLogger],
      // Loaded only when REDIS_URL is set: BullMQ and its Redis client are heavy for the embedded default.
      useFactory: async (logger: JsonLogger) => {
        const { BullmqJobQueue } = await import('./bullmq-job-queue');
        return new BullmqJobQueue(redisUrl, config.bullmqPrefix, config.jobLeaseMs, logger);
      },
    },
    {
      provide: QUEUE_READINESS,
      inject: [JOB_QUEUE],
      useFactory: (queue: BullmqJobQueue): ReadinessProbe => ({ name: 'queue', check: () => queue.ping() }),
    },
  ];
}
