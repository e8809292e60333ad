import { openJobStore, JobStore } from '../../test/webhooks/job-store';
import { UsageService } from '../usage/usage.service';
import { JobUsage } from './job-usage';

describe('JobUsage', () => {
  let store: JobStore;
  beforeAll(async () => {
    store = await openJobStore();
  });
  afterAll(() => store.close());

  const used = async (workspaceId: string) => (await new UsageService(store.dataSource).snapshot(workspaceId, 10)).used;

  it('counts a job once, however often its rendering is started again', async () => {
    const { workspaceId, jobId } = await store.addJob();
    const usage = new JobUsage(store.dataSource, jobId);
    const first = await usage.reserve(workspaceId, 10);
    const again = await new JobUsage(store.dataSource, jobId).reserve(workspaceId, 10);
    expect(first).toMatchObject({ workspaceId, used: 1, limit: 10 });
    expect(again).toEqual(first);
    expect(await used(workspaceId)).toBe(1);
  });

  it('gives the slot back once, and then the job can take one again', async () => {
    const { workspaceId, jobId } = await store.addJob();
    const usage = new JobUsage(store.dataSource, jobId);
    const reservation = (await usage.reserve(workspaceId, 10))!;
    await usage.release(reservation);
    await usage.release(reservation);
    expect(await used(workspaceId)).toBe(0);
    await usage.reserve(workspaceId, 10);
    expect(await used(workspaceId)).toBe(1);
  });

  it('takes nothing and marks nothing when the month is used up', async () => {
    const { workspaceId, jobId } = await store.addJob();
    const other = await store.addJob();
    await new UsageService(store.dataSource).reserve(workspaceId, 1);
    expect(await new JobUsage(store.dataSource, jobId).reserve(workspaceId, 1)).toBeNull();
    expect(await used(workspaceId)).toBe(1);
    // Not marked: once the limit is raised, the job is counted.
    expect(await new JobUsage(store.dataSource, jobId).reserve(workspaceId, 2)).toMatchObject({ used: 2 });
    expect(await used(other.workspaceId)).toBe(0);
  });
});
