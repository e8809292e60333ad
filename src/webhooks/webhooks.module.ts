import { Module } from '@nestjs/common';
import { DatabaseModule } from '../database/database.module';
import { DeliveriesService } from './deliveries.service';
import { WebhookUrlPolicy } from './webhook-url-policy';

@Module({ imports: [DatabaseModule], providers: [DeliveriesService, WebhookUrlPolicy], exports: [DeliveriesService, WebhookUrlPolicy] })
export class WebhooksModule {}
