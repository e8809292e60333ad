import { sample } from '../support/samples';
import { startTestApp, TestApp } from '../support/test-app';

describe('monthly limit under concurrency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ RENDER_WORKERS: '2' });
  });
  afterAll(() => t.close());

  it('never lets more than the limit succeed, however the requests interleave', async () => {
    const limit = 7;
    const ws = await t.createWorkspace('pro', { monthlyLimit: limit });
    const body = { templateId: 'invoice-basic', data: sample('invoice-basic'), outputFormat: 'base64' };
    const responses = await Promise.all(Array.from({ length: 60 }, () => t.http.post('/api/v1/generate').set('X-API-Key', ws.key).send(body)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - limit);
    const remaining = responses.filter((r) => r.status === 200).map((r) => Number(r.headers['x-usage-remaining']));
    expect(remaining.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const view = await t.admin.get(`/workspaces/${ws.id}`).expect(200);
    expect(view.body.usage).toMatchObject({ used: limit, limit, remaining: 0 });
  });

  it('a raised limit lets generation continue in the same month', async () => {
    const ws = await t.createWorkspace('free', { monthlyLimit: 1 });
    const body = { templateId: 'weekly-report', data: sample('weekly-report'), outputFormat: 'base64' };
    await t.http.post('/api/v1/generate').set('X-API-Key', ws.key).send(body).expect(200);
    await t.http.post('/api/v1/generate').set('X-API-Key', ws.key).send(body).expect(429);
    await t.admin.patch(`/workspaces/${ws.id}`, { monthlyLimit: 2 }).expect(200);
    await t.http.post('/api/v1/generate').set('X-API-Key', ws.key).send(body).expect(200);
    await t.admin.patch(`/workspaces/${ws.id}`, { monthlyLimit: null }).expect(200);
    const view = await t.admin.get(`/workspaces/${ws.id}`).expect(200);
    expect(view.body.monthlyLimit).toBeNull();
    expect(view.body.usage).toMatchObject({ used: 2, limit: 100, remaining: 98 });
  });
});
