import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { answerMethodNotAllowed } from './common/http/method-not-allowed';
import { securityHeaders } from './common/http/security-headers';
import { answerClientErrors } from './common/http/client-errors';
import { applyServerTimeouts } from './common/http/server-timeouts';
import { ignoreUnknownExpectations } from './common/http/unknown-expectations';
import { JsonLogger } from './common/logging/json-logger';
import { AppConfig } from './config/app-config';
import { setupOpenApi } from './openapi';

/** Builds the HTTP application for a configuration; main.ts and the e2e tests both use it. */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  const logger = new JsonLogger(config.logLevel);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
    logger,
  });
  app.disable('x-powered-by');
  app.use(securityHeaders(config.publicUrl));
  answerMethodNotAllowed(app, (path) => !config.adminToken && path.startsWith('/admin/'));
  applyServerTimeouts(app.getHttpServer(), config.http);
  answerClientErrors(app.getHttpServer());
  ignoreUnknownExpectations(app.getHttpServer());
  setupOpenApi(app, config);
  return app;
}
