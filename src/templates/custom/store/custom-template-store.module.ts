import { Module } from '@nestjs/common';
import { CustomTemplateStore } from './custom-template.store';

/** The store of custom templates; the templates API and the generate path import it. */
@Module({ providers: [CustomTemplateStore], exports: [CustomTemplateStore] })
export class CustomTemplateStoreModule {}
