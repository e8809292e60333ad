import { Module } from '@nestjs/common';
import { DatabaseModule } from '../database/database.module';
import { DeliveriesService } from './deliveries.service';

@Module({ imports: [DatabaseModule], providers: [DeliveriesService], exports: [DeliveriesService] })
export class WebhooksModule {}
