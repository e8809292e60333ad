import { Module } from '@nestjs/common';
import { GenerationModule } from '../../generation/generation.module';
import { TemplatesModule } from '../templates.module';
import { TemplatePreviewController } from './template-preview.controller';
import { TemplatePreviewService } from './template-preview.service';

/** Previews render through generation's pool, which itself needs the templates: a module of their own keeps the two apart. */
@Module({
  imports: [TemplatesModule, GenerationModule],
  controllers: [TemplatePreviewController],
  providers: [TemplatePreviewService],
  // The dashboard's template editor previews through the same service.
  exports: [TemplatePreviewService],
})
export class TemplatePreviewModule {}
