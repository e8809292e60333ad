import { createApp } from './app.factory';
import { ConfigError, loadConfig } from './config/app-config';
import { JsonLogger } from './common/logging/json-logger';

async function main(): Promise<void> {
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
  const app = await createApp(config);
  await app.listen(config.port, config.host);
  const logger = app.get(JsonLogger);
  logger.info('pdfgen listening', { url: config.publicUrl, host: config.host, port: config.port, dataDir: config.dataDir });
  process.stdout.write(`pdfgen listening on ${config.publicUrl} (API docs: ${config.publicUrl}/docs)\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`pdfgen failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
