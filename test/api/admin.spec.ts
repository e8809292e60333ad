import { expectError } from '../support/expect-error';
import { sample } from '../support/samples';
import { ADMIN_TOKEN, startTestApp, TestApp } from '../support/test-app';

describe('operator API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('refuses a missing or wrong admin token', async () => {
    expectError(await t.http.get('/admin/v1/workspaces'), 401, 'Invalid admin token', 'INVALID_ADMIN_TOKEN');
    expectError(await t.http.get('/admin/v1/workspaces').set('Authorization', 'Bearer wrong'), 401, 'Invalid admin token', 'INVALID_ADMIN_TOKEN');
    expectError(await t.http.get('/admin/v1/workspaces').set('X-API-Key', ADMIN_TOKEN), 401, 'Invalid admin token', 'INVALID_ADMIN_TOKEN');
  });

  it('creates a workspace with the plan defaults', async () => {
    const res = await t.admin.post('/workspaces', { name: 'Acme', plan: 'free' }).expect(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: 'Acme',
      plan: 'free',
      monthlyLimit: null,
      suspended: false,
      enabledTemplates: ['invoice-basic', 'weekly-report'],
      webhookSecret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/),
      createdAt: expect.any(String),
    });
    expect(Buffer.from(res.body.webhookSecret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    const got = await t.admin.get(`/workspaces/${res.body.id}`).expect(200);
    expect(got.body.usage).toEqual({ period: new Date().toISOString().slice(0, 7), used: 0, limit: 100, remaining: 100, testUsed: 0 });
  });

  it('validates workspace fields, naming each and its valid values', async () => {
    const res = await t.admin.post('/workspaces', { name: '', plan: 'gold', monthlyLimit: -1 }).expect(400);
    expectError(res, 400, 'Invalid request', 'INVALID_REQUEST');
    expect(res.body.validationErrors).toEqual([
      'name must be a non-empty string of at most 200 characters',
      'plan must be one of: free, pro, business',
      "monthlyLimit must be a whole number from 0 to 1000000000, or null for the plan's limit",
    ]);
  });

  it.each([
    ['NUL', 'Acme\u0000Corp'],
    ['tab', 'Acme\tCorp'],
    ['line feed', 'Acme\n'],
    ['DEL', 'Acme\u007f'],
    ['C1 next line', 'Acme\u0085Corp'],
    ['C1 last', '\u009fAcme'],
  ])('refuses a %s in a stored name with 400 naming the field', async (_, name) => {
    // U+0000 is refused where every JSON body is parsed (DECISIONS section 13), before the DTO's own check.
    const message = name.includes('\u0000') ? 'name must not contain U+0000 (NUL)' : 'name must not contain control characters (U+0000-U+001F, U+007F-U+009F)';
    const created = await t.admin.post('/workspaces', { name, plan: 'free' });
    expectError(created, 400, 'Invalid request', 'INVALID_REQUEST');
    expect(created.body.validationErrors).toEqual([message]);

    const ws = await t.admin.post('/workspaces', { name: 'Plain', plan: 'free' }).expect(201);
    const renamed = await t.admin.patch(`/workspaces/${ws.body.id}`, { name });
    expectError(renamed, 400, 'Invalid request', 'INVALID_REQUEST');
    expect(renamed.body.validationErrors).toEqual([message]);
    const key = await t.admin.post(`/workspaces/${ws.body.id}/keys`, { name });
    expectError(key, 400, 'Invalid request', 'INVALID_REQUEST');
    expect(key.body.validationErrors).toEqual([message]);
    expect((await t.admin.get(`/workspaces/${ws.body.id}`).expect(200)).body.name).toBe('Plain');
    expect((await t.admin.get(`/workspaces/${ws.body.id}/keys`).expect(200)).body.keys).toEqual([]);
  });

  it('keeps every other character of a name, accents, symbols and emoji included', async () => {
    const name = 'Zürich Bäckerei – «Ünïcödé» 株式会社 🥐';
    const ws = await t.admin.post('/workspaces', { name, plan: 'free' }).expect(201);
    expect((await t.admin.get(`/workspaces/${ws.body.id}`).expect(200)).body.name).toBe(name);
    const key = await t.admin.post(`/workspaces/${ws.body.id}/keys`, { name }).expect(201);
    expect(key.body.name).toBe(name);
  });

  it('answers 404 for an unknown workspace', async () => {
    expectError(await t.admin.get('/workspaces/nope'), 404, "Workspace 'nope' not found", 'WORKSPACE_NOT_FOUND');
  });

  it('creates keys once, lists them without secrets, deactivates them at once', async () => {
    const ws = await t.admin.post('/workspaces', { name: 'Keys', plan: 'pro' }).expect(201);
    const created = await t.admin.post(`/workspaces/${ws.body.id}/keys`, { name: 'zapier' }).expect(201);
    expect(created.body).toEqual({ id: expect.any(String), key: expect.stringMatching(/^pdfg_[0-9a-f-]{36}$/), createdAt: expect.any(String), name: 'zapier', mode: 'live' });
    const key = created.body.key;
    const list = await t.admin.get(`/workspaces/${ws.body.id}/keys`).expect(200);
    expect(JSON.stringify(list.body)).not.toContain(key);
    expect(list.body.keys).toEqual([expect.objectContaining({ id: created.body.id, name: 'zapier', active: true })]);

    await t.http.get('/api/v1/templates/invoice-basic/schema').set('X-API-Key', key).expect(200);
    await t.admin.delete(`/workspaces/${ws.body.id}/keys/${created.body.id}`).expect(204);
    expectError(await t.http.get('/api/v1/templates/invoice-basic/schema').set('X-API-Key', key), 401, 'Invalid or inactive API key', 'INVALID_API_KEY');
    const after = await t.admin.get(`/workspaces/${ws.body.id}/keys`).expect(200);
    expect(after.body.keys[0]).toMatchObject({ active: false, revokedAt: expect.any(String) });
    expectError(await t.admin.delete(`/workspaces/${ws.body.id}/keys/nope`), 404, "API key 'nope' not found", 'API_KEY_NOT_FOUND');
  });

  it('restricts enabled templates to the plan and enforces them on generate', async () => {
    const ws = await t.createWorkspace('pro');
    const refused = await t.admin.patch(`/workspaces/${ws.id}`, { plan: 'free', enabledTemplates: ['kpi-dashboard'] }).expect(400);
    expect(refused.body.validationErrors[0]).toMatch(/^enabledTemplates may only name templates of the free plan: invoice-basic, weekly-report/);
    const patched = await t.admin.patch(`/workspaces/${ws.id}`, { enabledTemplates: ['kpi-dashboard'] }).expect(200);
    expect(patched.body.enabledTemplates).toEqual(['kpi-dashboard']);
    const blocked = await t.http.post('/api/v1/generate').set('X-API-Key', ws.key).send({ templateId: 'invoice-basic', data: sample('invoice-basic') });
    expectError(blocked, 403, "Template 'invoice-basic' is not enabled", 'TEMPLATE_NOT_ENABLED');
    await t.http.post('/api/v1/generate').set('X-API-Key', ws.key).send({ templateId: 'kpi-dashboard', data: sample('kpi-dashboard'), outputFormat: 'base64' }).expect(200);
  });

  it('changes plan, which changes limit and templates', async () => {
    const ws = await t.createWorkspace('free');
    const blocked = await t.http.post('/api/v1/generate').set('X-API-Key', ws.key).send({ templateId: 'calendar-schedule', data: sample('calendar-schedule') });
    expect(blocked.status).toBe(403);
    const pro = await t.admin.patch(`/workspaces/${ws.id}`, { plan: 'pro', name: 'Upgraded' }).expect(200);
    expect(pro.body).toMatchObject({ plan: 'pro', name: 'Upgraded', enabledTemplates: ['invoice-basic', 'weekly-report', 'calendar-schedule', 'kpi-dashboard'] });
    expect(pro.body.usage.limit).toBe(1000);
    await t.http.post('/api/v1/generate').set('X-API-Key', ws.key).send({ templateId: 'calendar-schedule', data: sample('calendar-schedule'), outputFormat: 'base64' }).expect(200);
  });

  it('rotates the webhook secret', async () => {
    const ws = await t.createWorkspace('pro');
    const before = (await t.admin.get(`/workspaces/${ws.id}`)).body.webhookSecret;
    const rotated = await t.admin.post(`/workspaces/${ws.id}/webhook-secret`).expect(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(before);
    expect((await t.admin.get(`/workspaces/${ws.id}`)).body.webhookSecret).toBe(rotated.body.secret);
  });
});

describe('operator API without ADMIN_TOKEN', () => {
  it('answers 404 on every /admin path', async () => {
    const t = await startTestApp({ ADMIN_TOKEN: '' });
    try {
      expectError(await t.http.get('/admin/v1/workspaces').set('Authorization', `Bearer ${ADMIN_TOKEN}`), 404, 'Not found', 'NOT_FOUND');
      expectError(await t.http.post('/admin/v1/workspaces').send({ name: 'x', plan: 'free' }), 404, 'Not found', 'NOT_FOUND');
      const notJson = await t.http.post('/admin/v1/workspaces').set('Content-Type', 'text/plain').send('x');
      expectError(notJson, 404, 'Not found', 'NOT_FOUND');
    } finally {
      await t.close();
    }
  });
});
