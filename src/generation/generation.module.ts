import { Module } from '@nestjs/common';
import { FilesModule } from '../files/files.module';
import { HistoryModule } from '../history/history.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { SignaturesModule } from '../signatures/signatures.module';
import { TemplatesModule } from '../templates/templates.module';
import { UsageModule } from '../usage/usage.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { GenerateController } from './generate.controller';
import { GenerationService } from './generation.service';
import { RenderPool } from './pool/render-pool';
import { GenerateRequestParser } from './request/generate-request.parser';

/** Generation around the engine: the request parser, the render pool, and the service that counts, renders and stores. */
@Module({
  imports: [TemplatesModule, UsageModule, FilesModule, WebhooksModule, HistoryModule, IdempotencyModule, SignaturesModule],
  controllers: [GenerateController],
  providers: [RenderPool, GenerationService, GenerateRequestParser],
  exports: [GenerationService, RenderPool, GenerateRequestParser],
})
export class GenerationModule {}
