import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import type { JsonLogger } from './common/logging/json-logger';
import { standInForSwagger } from './common/openapi/swagger-stand-ins';
import { tuneHeapForMemory } from './config/heap-tuning';
import { standInForTypeOrm } from './database/typeorm-stand-ins';
import { startTracing, stopTracing } from './tracing';

async function main(): Promise<void> {
  // Before the application's modules load: loading them is what first grows the young generation,
  // and they ask for the packages these stand in for as they load.
  tuneHeapForMemory();
  standInForTypeOrm();
  standInForSwagger();
  const { ConfigError, loadConfig } = await import('./config/app-config');
  const { createApp } = await import('./app.factory');
  const { JsonLogger } = await import('./common/logging/json-logger');
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  // Before the application: the file store and the request middleware ask whether spans are exported.
  startTracing(process.env, new JsonLogger(config.logLevel));
  const app = await createApp(config);
  await app.listen(config.port, config.host);
  const logger = app.get(JsonLogger);
  logger.info('pdfgen listening', { url: config.publicUrl, docs: `${config.publicUrl}/docs`, host: config.host, port: config.port, dataDir: config.dataDir });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void shutdown(app, logger, signal));
}

/** Longest wait for requests in flight before their connections are cut. */
const DRAIN_TIMEOUT_MS = 30_000;

/**
 * Stops taking requests first and lets those in flight finish, and only then closes the
 * modules (render pool, queue, database): Nest's own hooks would close them first.
 */
async function shutdown(app: INestApplication, logger: JsonLogger, signal: string): Promise<void> {
  logger.info('shutting down', { signal });
  const server = app.getHttpServer() as Server;
  const drained = new Promise<void>((done) => server.close(() => done()));
  // Keep-alive connections go idle once their response is sent; close them as they do.
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  const force = setTimeout(() => server.closeAllConnections(), DRAIN_TIMEOUT_MS);
  await drained;
  clearInterval(sweep);
  clearTimeout(force);
  await app.close();
  // Last: the spans of the requests and jobs that just finished are sent too.
  await stopTracing().catch((error: unknown) => logger.warn('could not send the last spans', { error: String(error) }));
  logger.info('stopped');
  process.exit(0);
}

main().catch((error: unknown) => {
  process.stderr.write(`pdfgen failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
