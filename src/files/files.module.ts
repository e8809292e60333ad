import { Module } from '@nestjs/common';
import { join } from 'node:path';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { DiskFileStore } from './disk-file-store';
import { FILE_STORE, FileStore } from './file-store.port';
import { FilesController } from './files.controller';
import { S3FileStore } from './s3-file-store';

/** The bucket when S3_BUCKET is set (shared by every replica), else the local data folder. */
function fileStore(config: AppConfig): FileStore {
  return config.s3 ? S3FileStore.fromConfig(config.s3) : new DiskFileStore(join(config.dataDir, 'files'));
}

@Module({
  controllers: [FilesController],
  providers: [{ provide: FILE_STORE, inject: [APP_CONFIG], useFactory: fileStore }],
  exports: [FILE_STORE],
})
export class FilesModule {}
