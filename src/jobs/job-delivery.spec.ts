import type { BatchFinisher } from '../batches/batch-finisher';
import { JobStore, openJobStore } from '../../test/webhooks/job-store';
import { JsonLogger } from '../common/logging/json-logger';
import type { AppConfig } from '../config/app-config';
import type { MetricsService } from '../metrics/metrics.service';
import type { WorkspacesService } from '../workspaces/workspaces.service';
import { JobDelivery } from './job-delivery';
import type { JobRenderer } from './job-renderer';
import { JobRunner } from './job-runner';
import { JobEntity } from './job.entity';
import { execute, sql } from './sql-script';

const MAX_ATTEMPTS = 2;
const config = { webhookAllowPrivate: true, webhookTimeoutMs: 1000, webhookMaxAttempts: MAX_ATTEMPTS, webhookRetryBaseMs: 1 } as AppConfig;
const metrics = { observeDelivery: () => undefined } as unknown as MetricsService;
const secretOf = { get: async () => ({ webhookSecret: 'whsec_' + Buffer.alloc(24, 7).toString('base64') }) } as unknown as WorkspacesService;

/** Attempts whose error comes before anything is sent still count, so WEBHOOK_MAX_ATTEMPTS ends every job. */
describe('JobDelivery errors before the request is sent', () => {
  let store: JobStore;
  beforeAll(async () => {
    store = await openJobStore();
  });
  afterAll(() => store.close());

  /** A rendered job waiting for its delivery, with these headers stored as they are. */
  const deliveringJob = async (headers: Record<string, string>): Promise<string> => {
    const { workspaceId, jobId } = await store.addJob();
    await execute(
      store.dataSource,
      sql(
        `UPDATE jobs SET status = 'delivering', webhook_url = 'http://127.0.0.1:9/hook', webhook_headers = ?, pdf_url = 'https://pdf.example/files/x.pdf', generated_at = '2025-01-01T00:00:00.000Z' WHERE id = ?`,
        JSON.stringify(headers), jobId,
      ),
    );
    await execute(store.dataSource, sql("INSERT INTO webhook_deliveries (id, job_id, workspace_id, status, attempts, created_at, updated_at) VALUES (?, ?, ?, 'pending', 0, 0, 0)", `msg_${jobId}`, jobId, workspaceId));
    return jobId;
  };

  const runner = (workspaces: WorkspacesService) =>
    new JobRunner(
      store.dataSource.getRepository(JobEntity),
      {} as JobRenderer,
      new JobDelivery(config, store.dataSource, workspaces, metrics),
      {} as BatchFinisher,
      new JsonLogger('silent'),
    );

  const stored = (jobId: string) => store.dataSource.getRepository(JobEntity).findOneByOrFail({ id: jobId });

  it('records a header Node refuses to send (ERR_INVALID_CHAR) as an attempt, and fails the job after the last one', async () => {
    const jobId = await deliveringJob({ 'X-City': 'Zürich €' });
    const jobs = runner(secretOf);
    expect(await jobs.handle(jobId)).toEqual({ retryInMs: expect.any(Number) });
    expect(await stored(jobId)).toMatchObject({ status: 'delivering', attempts: 1, lastError: expect.stringContaining('ERR_INVALID_CHAR') });
    expect(await jobs.handle(jobId)).toEqual({ done: true });
    expect(await stored(jobId)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, lastError: expect.stringMatching(/ERR_INVALID_CHAR.*gave up after the last attempt$/) });
    const { rows } = await execute(store.dataSource, sql('SELECT number, error FROM webhook_attempts WHERE delivery_id = ? ORDER BY number', `msg_${jobId}`));
    expect(rows.map((r) => Number(r.number))).toEqual([1, 2]);
  });

  it('counts a workspace lookup that throws as an attempt too', async () => {
    const jobId = await deliveringJob({});
    const gone = { get: async () => Promise.reject(new Error('workspace lookup failed')) } as unknown as WorkspacesService;
    const jobs = runner(gone);
    await jobs.handle(jobId);
    expect(await jobs.handle(jobId)).toEqual({ done: true });
    expect(await stored(jobId)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, lastError: 'workspace lookup failed; gave up after the last attempt' });
  });
});
