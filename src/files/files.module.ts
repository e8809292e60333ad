import { Module } from '@nestjs/common';
import { join } from 'node:path';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { DiskFileStore } from './disk-file-store';
import { FILE_STORE } from './file-store.port';
import { FilesController } from './files.controller';

@Module({
  controllers: [FilesController],
  providers: [{ provide: FILE_STORE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new DiskFileStore(join(config.dataDir, 'files')) }],
  exports: [FILE_STORE],
})
export class FilesModule {}
