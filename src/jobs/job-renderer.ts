import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, Repository } from 'typeorm';
import { JsonLogger } from '../common/logging/json-logger';
import { failsForGood, failureDetails } from '../generation/generation-errors';
import { GenerationService } from '../generation/generation.service';
import { PLANS } from '../workspaces/plans';
import { effectiveMonthlyLimit } from '../workspaces/workspace-rules';
import { generationFailure } from '../webhooks/webhook-body';
import { WorkspacesService } from '../workspaces/workspaces.service';
import { JobEntity, jobTemplateVersion } from './job.entity';
import { JobUsage } from './job-usage';

/** Rendering could not be tried now (workers busy, store unreachable): the job waits and tries again. */
export class RenderPostponed extends Error {}

/**
 * The rendering step of a job: a generation like a synchronous request's, counted against the
 * month through the job's own usage slot, then the outcome stored on the job. A rendering that
 * fails for good is stored too: the failure body is what gets delivered then.
 */
@Injectable()
export class JobRenderer {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(JobEntity) private readonly jobs: Repository<JobEntity>,
    private readonly workspaces: WorkspacesService,
    private readonly generation: GenerationService,
    private readonly logger: JsonLogger,
  ) {}

  /** Renders the job and moves it to `delivering`; throws RenderPostponed when it should be tried later. */
  async render(job: JobEntity): Promise<JobEntity> {
    await this.jobs.update({ id: job.id }, { status: 'rendering', updatedAt: Date.now() });
    const outcome = await this.generate(job);
    const update = {
      ...outcome,
      status: 'delivering' as const,
      lastError: generationFailure(outcome),
      updatedAt: Date.now(),
      // Rendered: the passwords are not needed again, and are not kept at rest.
      ...(job.request.options.encryption ? { request: withoutPasswords(job.request) as QueryDeepPartialEntity<JobEntity>['request'] } : {}),
    };
    await this.jobs.update({ id: job.id, status: In(['queued', 'rendering']) }, update);
    // Reloaded: if another worker finished this step first, its result is the one to deliver.
    return this.jobs.findOneByOrFail({ id: job.id });
  }

  private async generate(job: JobEntity): Promise<Pick<JobEntity, 'pdfUrl' | 'generatedAt' | 'generationError'>> {
    const workspace = await this.workspaces.get(job.workspaceId);
    try {
      const { data, options, custom } = job.request;
      const command = { templateId: job.templateId, templateVersion: jobTemplateVersion(job), custom, data, options, outputFormat: 'url' as const };
      const context = {
        workspaceId: job.workspaceId,
        monthlyLimit: job.mode === 'test' ? PLANS[workspace.plan].monthlyLimit : effectiveMonthlyLimit(workspace),
        // Jobs made before request ids were kept name their job instead.
        requestId: job.requestId ?? job.id,
        jobId: job.id,
        mode: job.mode,
      };
      const result = await this.generation.generate(command, context, new JobUsage(this.dataSource, job.id));
      return { pdfUrl: result.pdfUrl!, generatedAt: result.generatedAt, generationError: null };
    } catch (error) {
      if (!failsForGood(error)) {
        this.logger.warn('job rendering postponed', { jobId: job.id, error: String(error) });
        throw new RenderPostponed(String(error), { cause: error });
      }
      return { pdfUrl: null, generatedAt: null, generationError: failureDetails(error) };
    }
  }
}

/** The request with options.encryption's passwords replaced by a mark that they were there. */
function withoutPasswords(request: JobEntity['request']): JobEntity['request'] {
  const { encryption, ...options } = request.options;
  const removed = '(removed after rendering)';
  return { ...request, options: { ...options, encryption: { ...encryption!, ownerPassword: removed, ...(encryption!.userPassword ? { userPassword: removed } : {}) } } };
}
