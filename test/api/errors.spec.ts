import { expectError } from '../support/expect-error';
import { sample } from '../support/samples';
import { startTestApp, TestApp } from '../support/test-app';

/** Every row of the contract's error table, plus the errors DECISIONS.md adds, in the check order it gives. */
describe('errors', () => {
  let t: TestApp;
  let business: { id: string; key: string };
  let free: { id: string; key: string };

  beforeAll(async () => {
    t = await startTestApp({ BODY_LIMIT_BYTES: '20000' });
    business = await t.createWorkspace('business');
    free = await t.createWorkspace('free');
  });
  afterAll(() => t.close());

  const generate = (key: string | null, body: unknown) => {
    const req = t.http.post('/api/v1/generate');
    if (key) req.set('X-API-Key', key);
    return req.send(body as object);
  };
  const invoice = () => ({ templateId: 'invoice-basic', data: sample('invoice-basic') });

  it('401 Missing API key without either header', async () => {
    const missing = await generate(null, invoice());
    expectError(missing, 401, 'Missing API key', 'MISSING_API_KEY');
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="pdfgen"');
    expectError(await t.http.get('/v1/templates/invoice-basic/schema'), 401, 'Missing API key', 'MISSING_API_KEY');
  });

  it('401 Invalid or inactive API key for a wrong key, in either header', async () => {
    expectError(await generate('pdfg_00000000-0000-4000-8000-000000000000', invoice()), 401, 'Invalid or inactive API key', 'INVALID_API_KEY');
    expectError(await generate('nonsense', invoice()), 401, 'Invalid or inactive API key', 'INVALID_API_KEY');
    const bearer = await t.http.post('/v1/generate').set('Authorization', 'Bearer pdfg_nope').send(invoice());
    expectError(bearer, 401, 'Invalid or inactive API key', 'INVALID_API_KEY');
  });

  it('401 before anything about the body', async () => {
    expectError(await generate('pdfg_wrong', {}), 401, 'Invalid or inactive API key', 'INVALID_API_KEY');
  });

  it('400 Missing required field: templateId', async () => {
    expectError(await generate(business.key, { data: {} }), 400, 'Missing required field: templateId', 'MISSING_TEMPLATE_ID');
    expectError(await t.http.post('/api/v1/generate').set('X-API-Key', business.key), 400, 'Missing required field: templateId', 'MISSING_TEMPLATE_ID');
  });

  it('400 Missing required field: data, also when data is not an object', async () => {
    for (const data of [undefined, null, 'text', [1, 2], 5]) {
      expectError(await generate(business.key, { templateId: 'invoice-basic', data }), 400, 'Missing required field: data', 'MISSING_DATA');
    }
  });

  it("400 Template '<id>' not found, with the templates this workspace may use", async () => {
    const res = await generate(free.key, { templateId: 'nope', data: {} });
    expectError(res, 400, "Template 'nope' not found", 'TEMPLATE_NOT_FOUND');
    expect(res.body.availableTemplates).toEqual(['invoice-basic', 'weekly-report']);
  });

  it("403 Template '<id>' is not enabled", async () => {
    const res = await generate(free.key, { templateId: 'kpi-dashboard', data: sample('kpi-dashboard') });
    expectError(res, 403, "Template 'kpi-dashboard' is not enabled", 'TEMPLATE_NOT_ENABLED');
  });

  it('400 Invalid request naming each bad request field', async () => {
    const res = await generate(business.key, { ...invoice(), outputFormat: 'pdf', options: { format: 'A3', margin: { top: 'big' } } });
    expectError(res, 400, 'Invalid request', 'INVALID_REQUEST');
    expect(res.body.validationErrors).toEqual([
      'outputFormat must be one of: url, base64, buffer',
      'options.format must be one of: Letter, A4, Legal',
      'options.margin.top must be a CSS length such as 0.75in or 20mm',
    ]);
  });

  it('400 Invalid request for options.lang that is no BCP 47 tag and options.pdfStandard that is no standard we make', async () => {
    const res = await generate(business.key, { ...invoice(), options: { lang: 'en_US', pdfStandard: 'PDF/A-1b' } });
    expectError(res, 400, 'Invalid request', 'INVALID_REQUEST');
    expect(res.body.validationErrors).toEqual([
      'options.lang must be a BCP 47 language tag such as en, fr-CA or zh-Hant (at most 35 characters)',
      'options.pdfStandard must be one of: PDF/A-2b, PDF/A-3b, PDF/UA-1',
    ]);
    for (const options of [{ lang: 42 }, { lang: '' }, { lang: 'x'.repeat(36) }, { pdfStandard: 'pdf/ua-1' }, { pdfStandard: ['PDF/A-2b', 'PDF/A-3b'] }]) {
      const bad = await generate(business.key, { ...invoice(), options });
      expectError(bad, 400, 'Invalid request', 'INVALID_REQUEST');
      expect(bad.body.validationErrors).toHaveLength(1);
      expect(bad.body.validationErrors[0]).toMatch(/^options\.(lang|pdfStandard) must be /);
    }
  });

  it('400 Invalid request for a webhook without url', async () => {
    const res = await generate(business.key, { ...invoice(), webhook: { headers: {} } });
    expectError(res, 400, 'Invalid request', 'INVALID_REQUEST');
    expect(res.body.validationErrors).toEqual(['webhook.url is required']);
  });

  it('400 Invalid data for template, listing every problem', async () => {
    const data = sample('invoice-basic');
    delete data.invoiceNumber;
    delete data.client.name;
    data.items[2].quantity = 'three';
    const res = await generate(business.key, { templateId: 'invoice-basic', data });
    expectError(res, 400, 'Invalid data for template', 'INVALID_DATA');
    expect(res.body.validationErrors).toEqual(
      expect.arrayContaining(['Missing required field: invoiceNumber', 'Missing required field: client.name', "Field 'items[2].quantity' must be number"]),
    );
    expect(res.body.validationErrors).toHaveLength(3);
  });

  it('checks webhook.url with the request fields (step 6): before the data and the plan', async () => {
    const badUrlFree = await generate(free.key, { ...invoice(), webhook: { url: 'ftp://example.com/hook' } });
    expectError(badUrlFree, 400, 'Invalid webhook URL', 'INVALID_WEBHOOK_URL');
    const privateUrlBadData = await generate(business.key, { templateId: 'invoice-basic', data: {}, webhook: { url: 'http://127.0.0.1/hook' } });
    expectError(privateUrlBadData, 400, 'Invalid webhook URL', 'INVALID_WEBHOOK_URL');
    // A developer's first webhook is often on localhost: the refusal names the setting that allows it.
    expect(privateUrlBadData.body.details).toBe(
      'webhook.url must point at a public address; 127.0.0.1 is 127.0.0.1 (loopback). WEBHOOK_ALLOW_PRIVATE=true on the service allows private and loopback addresses (for development)',
    );
  });

  it('takes a non-string templateId as an unknown template, not as its string form', async () => {
    const res = await generate(business.key, { templateId: ['invoice-basic'], data: sample('invoice-basic') });
    expectError(res, 400, 'Template \'["invoice-basic"]\' not found', 'TEMPLATE_NOT_FOUND');
  });

  it('treats null optional fields as absent', async () => {
    const res = await generate(business.key, { ...invoice(), outputFormat: null, options: null, webhook: null });
    expect(res.status).toBe(200);
    expect(res.body.pdfUrl).toMatch(/\/files\//);
  });

  it('403 Webhooks require the Pro plan or above', async () => {
    // A public address literal: the URL passes without DNS, so only the plan is left to refuse it.
    const res = await generate(free.key, { ...invoice(), webhook: { url: 'https://8.8.8.8/hook' } });
    expectError(res, 403, 'Webhooks require the Pro plan or above', 'WEBHOOKS_NOT_IN_PLAN');
  });

  it('403 Workspace is suspended, before the body is looked at', async () => {
    const ws = await t.createWorkspace('pro');
    await t.admin.patch(`/workspaces/${ws.id}`, { suspended: true }).expect(200);
    expectError(await generate(ws.key, {}), 403, 'Workspace is suspended', 'WORKSPACE_SUSPENDED');
    await t.admin.patch(`/workspaces/${ws.id}`, { suspended: false }).expect(200);
    expect((await generate(ws.key, { ...invoice(), outputFormat: 'base64' })).status).toBe(200);
  });

  it('429 Monthly PDF generation limit reached, with limit, used, remaining and Retry-After', async () => {
    const ws = await t.createWorkspace('free', { monthlyLimit: 1 });
    expect((await generate(ws.key, { ...invoice(), outputFormat: 'base64' })).status).toBe(200);
    const res = await generate(ws.key, invoice());
    expectError(res, 429, 'Monthly PDF generation limit reached', 'QUOTA_EXCEEDED');
    expect(res.body).toMatchObject({ limit: 1, used: 1, remaining: 0 });
    expect(res.headers['x-usage-remaining']).toBe('0');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(31 * 86_400);
  });

  it('429 Rate limit exceeded with Retry-After past RATE_LIMIT_PER_SECOND for one key', async () => {
    const limited = await startTestApp({ RATE_LIMIT_PER_SECOND: '3' });
    try {
      const ws = await limited.createWorkspace('free');
      const other = await limited.createWorkspace('free');
      const schema = (key: string) => limited.http.get('/api/v1/templates/invoice-basic/schema').set('X-API-Key', key);
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await schema(ws.key)).status);
      expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(4);
      const res = await schema(ws.key);
      expectError(res, 429, 'Rate limit exceeded', 'RATE_LIMITED');
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect((await schema(other.key)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('400 Invalid JSON body', async () => {
    const res = await t.http.post('/api/v1/generate').set('X-API-Key', business.key).set('Content-Type', 'application/json').send('{"templateId": ');
    expectError(res, 400, 'Invalid JSON body', 'INVALID_JSON');
  });

  it('415 for a body that is not JSON', async () => {
    const res = await t.http.post('/api/v1/generate').set('X-API-Key', business.key).set('Content-Type', 'text/plain').send('hello');
    expectError(res, 415, 'Content-Type must be application/json', 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('413 Request body too large', async () => {
    const res = await t.http
      .post('/api/v1/generate')
      .set('X-API-Key', business.key)
      .send({ templateId: 'invoice-basic', data: { notes: 'x'.repeat(30_000) } });
    expectError(res, 413, 'Request body too large', 'BODY_TOO_LARGE');
  });

  it('refuses prototype keys and absurd nesting with a 400, never a 500', async () => {
    const proto = await t.http
      .post('/api/v1/generate')
      .set('X-API-Key', business.key)
      .set('Content-Type', 'application/json')
      .send('{"templateId":"invoice-basic","data":{"__proto__":{"polluted":true}}}');
    expectError(proto, 400, 'Invalid JSON body', 'INVALID_JSON');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const deep = await t.http
      .post('/api/v1/generate')
      .set('X-API-Key', business.key)
      .set('Content-Type', 'application/json')
      .send(`{"templateId":"invoice-basic","data":${'['.repeat(5000)}${']'.repeat(5000)}}`);
    expectError(deep, 400, 'Invalid JSON body', 'INVALID_JSON');
  });

  it('404 Not found on unknown routes, in the contract shape, whatever the body', async () => {
    expectError(await t.http.get('/api/v1/nothing-here'), 404, 'Not found', 'NOT_FOUND');
    expectError(await t.http.post('/v2/generate').send({}), 404, 'Not found', 'NOT_FOUND');
    expectError(await t.http.post('/api/v1/nope').set('Content-Type', 'text/plain').send('x'), 404, 'Not found', 'NOT_FOUND');
  });

  it('400 Invalid category and 404 for an unknown template id on the list', async () => {
    const category = await t.http.get('/api/v1/templates?category=poetry');
    expectError(category, 400, 'Invalid category', 'INVALID_CATEGORY');
    expect(category.body.categories).toEqual(['calendar', 'report', 'dashboard', 'invoice', 'certificate', 'custom']);
    expectError(await t.http.get('/api/v1/templates?id=nope'), 404, "Template 'nope' not found", 'TEMPLATE_NOT_FOUND');
  });

  it("404 Template '<id>' not found on the schema endpoint, with availableTemplates", async () => {
    const res = await t.http.get('/api/v1/templates/nope/schema').set('X-API-Key', free.key);
    expectError(res, 404, "Template 'nope' not found", 'TEMPLATE_NOT_FOUND');
    expect(res.body.availableTemplates).toEqual(['invoice-basic', 'weekly-report']);
  });

  it('500 PDF generation failed when rendering exceeds RENDER_TIMEOUT_MS, without counting it', async () => {
    const slow = await startTestApp({ RENDER_TIMEOUT_MS: '5', RENDER_WORKERS: '1' });
    try {
      const ws = await slow.createWorkspace('business');
      const data = sample('invoice-basic');
      data.items = Array.from({ length: 1000 }, (_, i) => ({ description: `Line ${i} `.repeat(40), quantity: i, unitPrice: 1.5 }));
      const res = await slow.http.post('/api/v1/generate').set('X-API-Key', ws.key).send({ templateId: 'invoice-basic', data });
      expectError(res, 500, 'PDF generation failed', 'GENERATION_FAILED');
      expect(res.body.details).toBe('Rendering took longer than 5 ms');
      const usage = await slow.admin.get(`/workspaces/${ws.id}`).expect(200);
      expect(usage.body.usage.used).toBe(0);
    } finally {
      await slow.close();
    }
  });
});
