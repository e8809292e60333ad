import { Module } from '@nestjs/common';
import { DatabaseModule } from '../database/database.module';
import { GenerationModule } from '../generation/generation.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { UsageModule } from '../usage/usage.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { BatchesController } from './batches.controller';
import { BatchesService } from './batches.service';
import { BatchRequestParser } from './request/batch-request.parser';

/** Accepting and looking up batches (DECISIONS section 15); the job worker renders and finishes them (BatchFinisher). */
@Module({
  imports: [DatabaseModule, GenerationModule, IdempotencyModule, UsageModule, WebhooksModule],
  controllers: [BatchesController],
  providers: [BatchesService, BatchRequestParser],
  exports: [BatchesService],
})
export class BatchesModule {}
