import { binary } from '../support/binary';
import { sample } from '../support/samples';
import { startTestApp, TestApp } from '../support/test-app';
import { TEMPLATE_IDS } from '../../src/engine/templates/template.types';

function expectPdf(bytes: Buffer): void {
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.subarray(-6).toString('latin1')).toMatch(/%%EOF\s*$/);
}

describe('POST /generate', () => {
  let t: TestApp;
  let ws: { id: string; key: string };

  beforeAll(async () => {
    t = await startTestApp();
    ws = await t.createWorkspace('business');
  });
  afterAll(() => t.close());

  describe.each(TEMPLATE_IDS)('%s', (templateId) => {
    it('url: JSON with a hosted pdfUrl that serves the PDF', async () => {
      const res = await t.http.post('/api/v1/generate').set('X-API-Key', ws.key).send({ templateId, data: sample(templateId) }).expect(200);
      expect(res.body).toEqual({ success: true, pdfUrl: expect.stringMatching(/^http:\/\/localhost:\d+\/files\/[A-Za-z0-9_-]{24,}\.pdf$/), templateId, templateVersion: '1.0.0', generatedAt: expect.any(String) });
      expect(new Date(res.body.generatedAt).toISOString()).toBe(res.body.generatedAt);
      expect(Number(res.headers['x-generation-time-ms'])).toBeGreaterThan(0);
      const path = new URL(res.body.pdfUrl).pathname;
      const file = await t.http.get(path).buffer(true).parse(binary).expect(200);
      expectPdf(file.body);
      expect(Number(res.headers['x-pdf-size-bytes'])).toBe(file.body.length);
    });

    it('base64: JSON with the PDF inline', async () => {
      const res = await t.http.post('/v1/generate').set('X-API-Key', ws.key).send({ templateId, data: sample(templateId), outputFormat: 'base64' }).expect(200);
      expect(Object.keys(res.body).sort()).toEqual(['base64', 'generatedAt', 'success', 'templateId', 'templateVersion']);
      const pdf = Buffer.from(res.body.base64, 'base64');
      expectPdf(pdf);
      expect(Number(res.headers['x-pdf-size-bytes'])).toBe(pdf.length);
    });

    it('buffer: the PDF bytes with an inline file name', async () => {
      const res = await t.http
        .post('/api/v1/generate')
        .set('Authorization', `Bearer ${ws.key}`)
        .send({ templateId, data: sample(templateId), outputFormat: 'buffer' })
        .buffer(true)
        .parse(binary)
        .expect(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(new RegExp(`^inline; filename="${templateId}-\\d{8}-\\d{6}\\.pdf"$`));
      expectPdf(res.body);
      expect(Number(res.headers['x-pdf-size-bytes'])).toBe(res.body.length);
      expect(res.headers['x-usage-remaining']).toMatch(/^\d+$/);
    });
  });

  it('counts each success once and reports what is left', async () => {
    const own = await t.createWorkspace('pro');
    const first = await t.http.post('/api/v1/generate').set('X-API-Key', own.key).send({ templateId: 'invoice-basic', data: sample('invoice-basic'), outputFormat: 'base64' });
    const second = await t.http.post('/api/v1/generate').set('X-API-Key', own.key).send({ templateId: 'invoice-basic', data: sample('invoice-basic'), outputFormat: 'base64' });
    expect([first.headers['x-usage-remaining'], second.headers['x-usage-remaining']]).toEqual(['999', '998']);
    const view = await t.admin.get(`/workspaces/${own.id}`).expect(200);
    expect(view.body.usage).toEqual({ period: new Date().toISOString().slice(0, 7), used: 2, limit: 1000, remaining: 998, testUsed: 0 });
  });

  it('does not count requests that fail validation', async () => {
    const own = await t.createWorkspace('pro');
    await t.http.post('/api/v1/generate').set('X-API-Key', own.key).send({ templateId: 'invoice-basic', data: {} }).expect(400);
    const view = await t.admin.get(`/workspaces/${own.id}`).expect(200);
    expect(view.body.usage.used).toBe(0);
  });

  it('applies options: A4 landscape gives a landscape A4 page', async () => {
    const res = await t.http
      .post('/api/v1/generate')
      .set('X-API-Key', ws.key)
      .send({ templateId: 'invoice-basic', data: sample('invoice-basic'), outputFormat: 'buffer', options: { format: 'A4', orientation: 'landscape', margin: { top: '10mm' } } })
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(res.body.toString('latin1')).toMatch(/\/MediaBox \[0 0 841\.89\d* 595\.2\d*\]/);
  });

  it('answers 503 Server is busy with Retry-After instead of queueing without bound', async () => {
    const busy = await startTestApp({ RENDER_WORKERS: '1', RENDER_QUEUE_LIMIT: '1' });
    try {
      const own = await busy.createWorkspace('business');
      const data = sample('invoice-basic');
      // Long renders, so that requests pile up behind the single worker.
      data.items = Array.from({ length: 1000 }, (_, i) => ({ description: `Line ${i} `.repeat(30), quantity: 1, unitPrice: 1 }));
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => busy.http.post('/api/v1/generate').set('X-API-Key', own.key).send({ templateId: 'invoice-basic', data, outputFormat: 'base64' })),
      );
      const statuses = responses.map((r) => r.status);
      expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
      const refused = responses.filter((r) => r.status === 503);
      expect(refused.length).toBeGreaterThan(0);
      expect(refused[0].body).toMatchObject({ success: false, error: 'Server is busy', code: 'SERVER_BUSY' });
      expect(refused[0].headers['retry-after']).toBe('1');
      const view = await busy.admin.get(`/workspaces/${own.id}`).expect(200);
      expect(view.body.usage.used).toBe(statuses.filter((s) => s === 200).length);
    } finally {
      await busy.close();
    }
  });
});
