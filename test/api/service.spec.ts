import { startTestApp, TestApp } from '../support/test-app';

describe('health, metrics, docs and request ids', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('GET /healthz and /readyz', async () => {
    expect((await t.http.get('/healthz').expect(200)).body).toEqual({ status: 'ok' });
    const ready = (await t.http.get('/readyz').expect(200)).body;
    expect(ready).toMatchObject({ status: 'ok', checks: { database: 'ok', files: 'ok' } });
    // With REDIS_URL the queue is checked too.
    expect(Object.values(ready.checks)).toEqual(Object.keys(ready.checks).map(() => 'ok'));
    expect(Object.keys(ready.checks)).toEqual(t.config.redisUrl ? ['database', 'files', 'queue'] : ['database', 'files']);
  });

  it('GET /metrics in Prometheus text', async () => {
    await t.http.get('/api/v1/templates').expect(200);
    const res = await t.http.get('/metrics').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toMatch(/pdfgen_http_requests_total\{method="GET",route="\/api\/v1\/templates",status="200"\} \d+/);
    expect(res.text).toContain('pdfgen_render_duration_seconds');
    expect(res.text).toContain('pdfgen_generations_total');
  });

  it('serves an OpenAPI 3 document with every endpoint, and the docs page', async () => {
    const doc = (await t.http.get('/openapi.json').expect(200)).body;
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of ['/api/v1/generate', '/api/v1/templates', '/api/v1/templates/{id}/schema', '/api/v1/templates/{id}', '/api/v1/templates/preview', '/api/v1/template-language.schema.json', '/files/{name}', '/healthz', '/readyz', '/admin/v1/workspaces', '/admin/v1/workspaces/{id}/keys/{keyId}', '/admin/v1/workspaces/{id}/webhook-secret']) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    const generate = doc.paths['/api/v1/generate'].post;
    expect(Object.keys(generate.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '413', '415', '429', '500', '503']));
    expect(generate.responses['429'].content['application/json'].examples.QUOTA_EXCEEDED.value).toMatchObject({ error: 'Monthly PDF generation limit reached', limit: 100 });
    const invoiceData = doc.components.schemas['TemplateData-invoice-basic'];
    expect(invoiceData.required).toEqual(expect.arrayContaining(['invoiceNumber', 'items', 'client']));
    expect(invoiceData.properties.items.maxItems).toBe(1000);
    expect(generate.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/GenerateRequestDto');
    // The four built-ins' data schemas, then any object for a workspace's custom templates.
    expect(doc.components.schemas.GenerateRequestDto.properties.data.anyOf).toHaveLength(5);
    const docs = await t.http.get('/docs').redirects(1).expect(200);
    expect(docs.text).toContain('swagger');
  });

  it('returns a request id on every answer, keeping a sane one from the caller', async () => {
    const generated = await t.http.get('/healthz');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.http.get('/healthz').set('X-Request-Id', 'abc-123');
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await t.http.get('/healthz').set('X-Request-Id', 'bad id with spaces');
    expect(replaced.headers['x-request-id']).not.toBe('bad id with spaces');
  });
});
