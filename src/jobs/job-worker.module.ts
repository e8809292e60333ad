import { Module } from '@nestjs/common';
import { BatchDelivery } from '../batches/batch-delivery';
import { BatchFinisher } from '../batches/batch-finisher';
import { DatabaseModule } from '../database/database.module';
import { FilesModule } from '../files/files.module';
import { GenerationModule } from '../generation/generation.module';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { JobDelivery } from './job-delivery';
import { JobRenderer } from './job-renderer';
import { JobRunner } from './job-runner';
import { JobWorker } from './job-worker';

/**
 * The worker side of webhook jobs. Importing GenerationModule puts that module below this one,
 * so on shutdown Nest stops this worker before it closes the render pool.
 */
@Module({
  imports: [DatabaseModule, FilesModule, GenerationModule, WorkspacesModule],
  providers: [JobRenderer, JobDelivery, BatchFinisher, BatchDelivery, JobRunner, JobWorker],
})
export class JobWorkerModule {}
