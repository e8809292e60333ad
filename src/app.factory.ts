import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { ExpressAdapterWithTimeouts } from './common/http/server-timeouts';
import { JsonLogger } from './common/logging/json-logger';
import { AppConfig } from './config/app-config';
import { setupOpenApi } from './openapi';

/** Builds the HTTP application for a configuration; main.ts and the e2e tests both use it. */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  const logger = new JsonLogger(config.logLevel);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), new ExpressAdapterWithTimeouts(config.http), {
    bodyParser: false,
    logger,
  });
  app.disable('x-powered-by');
  setupOpenApi(app, config);
  return app;
}
