import { Module } from '@nestjs/common';
import { DatabaseModule } from '../database/database.module';
import { UsageModule } from '../usage/usage.module';
import { AdminController } from './admin.controller';
import { BootstrapService } from './bootstrap.service';
import { WorkspacesService } from './workspaces.service';

@Module({
  imports: [DatabaseModule, UsageModule],
  controllers: [AdminController],
  providers: [WorkspacesService, BootstrapService],
  exports: [WorkspacesService, BootstrapService],
})
export class WorkspacesModule {}
