import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { CustomTemplateStoreModule } from '../../templates/custom/store/custom-template-store.module';
import { TemplatePreviewModule } from '../../templates/preview/template-preview.module';
import { TemplatesModule } from '../../templates/templates.module';
import { DashboardModule } from '../dashboard.module';
import { FormBodyMiddleware } from '../http/form-body.middleware';
import { DashboardTemplatesService } from './dashboard-templates.service';
import { TemplatesPageController } from './templates-page.controller';

/**
 * The dashboard's templates pages and editor, over the API's template services (a module of its
 * own: the shell's DashboardModule need not import the templates and generation modules).
 */
@Module({
  imports: [DashboardModule, TemplatesModule, CustomTemplateStoreModule, TemplatePreviewModule],
  controllers: [TemplatesPageController],
  providers: [DashboardTemplatesService],
})
export class DashboardTemplatesModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // The shell's body parser and Origin check, as on every dashboard page (DashboardModule applies it to its own).
    consumer.apply(FormBodyMiddleware).forRoutes(TemplatesPageController);
  }
}
