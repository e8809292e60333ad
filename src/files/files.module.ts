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

/**
 * The bucket when S3_BUCKET is set (shared by every replica), else the local data folder.
 * The AWS SDK is loaded only when it is used: it costs tens of MB of a small container.
 */
async function fileStore(config: AppConfig): Promise<FileStore> {
  if (!config.s3) return new DiskFileStore(join(config.dataDir, 'files'));
  const { S3FileStore } = await import('./s3-file-store');
  return S3FileStore.fromConfig(config.s3);
}

@Module({
  imports: [IdempotencyModule],
  controllers: [FilesController],
  providers: [{ provide: FILE_STORE, inject: [APP_CONFIG], useFactory: fileStore }, FileOwners, HostedFiles],
  exports: [FILE_STORE, HostedFiles],
})
export class FilesModule {}
