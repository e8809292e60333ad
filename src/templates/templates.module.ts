import { Module } from '@nestjs/common';
import { CustomTemplateCatalog } from './custom/custom-template-catalog';
import { CustomTemplatesController } from './custom/custom-templates.controller';
import { CustomTemplatesService } from './custom/custom-templates.service';
import { CustomTemplateStoreModule } from './custom/store/custom-template-store.module';
import { TemplatesController } from './templates.controller';
import { TemplatesService } from './templates.service';

@Module({
  imports: [CustomTemplateStoreModule],
  controllers: [TemplatesController, CustomTemplatesController],
  providers: [TemplatesService, CustomTemplatesService, CustomTemplateCatalog],
  exports: [TemplatesService, CustomTemplatesService, CustomTemplateCatalog],
})
export class TemplatesModule {}
