import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { JsonLogger } from '../common/logging/json-logger';
import { MetricsService } from '../metrics/metrics.service';
import { JOB_QUEUE, JobQueue } from './job-queue.port';
import { JobRunner } from './job-runner';
import { JobsService } from './jobs.service';

/** Jobs handled at once by one process; deliveries mostly wait on receivers. */
const CONCURRENCY = 16;
const SWEEP_INTERVAL_MS = 60_000;
const DEPTH_INTERVAL_MS = 5_000;

/**
 * Consumes the job queue while the application runs. On shutdown it stops claiming and lets the
 * jobs in hand finish; its module is torn down before the render pool it uses.
 */
@Injectable()
export class JobWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private timers: NodeJS.Timeout[] = [];

  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly runner: JobRunner,
    private readonly jobs: JobsService,
    private readonly metrics: MetricsService,
    private readonly logger: JsonLogger,
  ) {}

  onApplicationBootstrap(): void {
    this.queue.consume((jobId) => this.runner.handle(jobId), CONCURRENCY);
    void this.sweep();
    this.timers = [setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS), setInterval(() => void this.refreshDepth(), DEPTH_INTERVAL_MS)];
  }

  async onModuleDestroy(): Promise<void> {
    this.timers.forEach(clearInterval);
    await this.queue.stopConsuming();
  }

  private async sweep(): Promise<void> {
    try {
      await this.jobs.requeueUnfinished();
    } catch (error) {
      this.logger.error('could not requeue unfinished jobs', { error: String(error) });
    }
  }

  private async refreshDepth(): Promise<void> {
    try {
      this.metrics.queueDepth.set({ queue: 'jobs' }, await this.queue.depth());
    } catch (error) {
      this.logger.warn('could not read the job queue depth', { error: String(error) });
    }
  }
}
