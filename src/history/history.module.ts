import { Module } from '@nestjs/common';
import { TemplatesModule } from '../templates/templates.module';
import { GenerationHistory } from './generation-history.service';
import { GenerationsController } from './generations.controller';

/** The record of every generation, and GET /api/v1/generations (DECISIONS section 11). */
@Module({ imports: [TemplatesModule], controllers: [GenerationsController], providers: [GenerationHistory], exports: [GenerationHistory] })
export class HistoryModule {}
