import { Module } from '@nestjs/common';
import { join } from 'node:path';
import { AppConfig } from '../config/app-config';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { APP_CONFIG } from '../config/config.module';
import { DiskFileStore } from './disk/disk-file-store';
import { FileOwners } from './file-owners';
import { FILE_STORE, FileStore } from './file-store.port';
import { FilesController } from './files.controller';
import { HostedFiles } from './hosted-files';
import { TracedFileStore } from './traced-file-store';
import { tracing } from '../tracing';

/**
 * The bucket when S3_BUCKET is set (shared by every replica), else the local data folder.
 * The AWS SDK is loaded only when it is used: it costs tens of MB of a small container.
 * With tracing exporting, each call to the store is a span.
 */
async function fileStore(config: AppConfig): Promise<FileStore> {
  const store = config.s3 ? (await import('./s3-file-store')).S3FileStore.fromConfig(config.s3) : new DiskFileStore(join(config.dataDir, 'files'));
  return tracing().exporting ? new TracedFileStore(store, tracing()) : store;
}

@Module({
  imports: [IdempotencyModule],
  controllers: [FilesController],
  providers: [{ provide: FILE_STORE, inject: [APP_CONFIG], useFactory: fileStore }, FileOwners, HostedFiles],
  exports: [FILE_STORE, HostedFiles],
})
export class FilesModule {}
