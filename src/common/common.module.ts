import { Global, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { ApiExceptionFilter } from './errors/api-exception.filter';
import { ErrorPages } from './errors/error-pages';
import { JsonLogger } from './logging/json-logger';

@Global()
@Module({
  providers: [
    { provide: JsonLogger, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new JsonLogger(config.logLevel) },
    ErrorPages,
    { provide: APP_FILTER, useClass: ApiExceptionFilter },
  ],
  exports: [JsonLogger, ErrorPages],
})
export class CommonModule {}
