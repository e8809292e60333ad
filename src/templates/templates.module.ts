import { Module } from '@nestjs/common';
import { DefinitionChecker } from './custom/checks/definition-checker';
import { CustomTemplateCatalog } from './custom/custom-template-catalog';
import { CustomTemplatesController } from './custom/custom-templates.controller';
import { CustomTemplatesService } from './custom/custom-templates.service';
import { CustomTemplateStoreModule } from './custom/store/custom-template-store.module';
import { TemplatesController } from './templates.controller';
import { TemplatesService } from './templates.service';

@Module({
  imports: [CustomTemplateStoreModule],
  controllers: [TemplatesController, CustomTemplatesController],
  providers: [TemplatesService, CustomTemplatesService, CustomTemplateCatalog, DefinitionChecker],
  exports: [TemplatesService, CustomTemplatesService, CustomTemplateCatalog, DefinitionChecker],
})
export class TemplatesModule {}
