import { randomUUID } from 'node:crypto';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { TEMPLATE_IDS } from '../../src/engine';
import { JobsService } from '../../src/jobs/jobs.service';
import { execute, sql } from '../../src/jobs/sql-script';
import { binary } from '../support/binary';
import { expectError } from '../support/expect-error';
import { sample } from '../support/samples';
import { startTestApp, TestApp } from '../support/test-app';
import { poppler } from '../rendering/render-helpers';
import { Receiver } from '../webhooks/receiver';

/** A greeting whose first word tells its design apart: `Hello` at 1.0.0, another word in later versions. */
function greeting(word: string, extra: object = {}) {
  return {
    name: 'Greeting',
    schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
    layout: {
      footer: [{ type: 'text', text: 'Folio {{ page.number }} of {{ page.total }}', style: 'small' }],
      body: [{ type: 'text', text: `${word} {{ name }}` }],
    },
    defaultOptions: { format: 'A4' },
    ...extra,
  };
}

/** Text of a PDF, whitespace folded to single spaces. */
const textOf = (pdf: Buffer) => poppler('pdftotext', pdf, ['-raw']).replace(/\s+/g, ' ');
const pageSizeOf = (pdf: Buffer) => /Page size:\s+([\d.]+ x [\d.]+)/.exec(poppler('pdfinfo', pdf))?.[1];
const A4 = '595.28 x 841.89';
const LETTER_LANDSCAPE = '792 x 612';

describe.each(['sqlite', 'postgres'] as const)('generating custom templates (DECISIONS section 9) on %s', (store) => {
  let t: TestApp;
  let receiver: Receiver;

  beforeAll(async () => {
    t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BASE_MS: '50' }, { store, files: 'disk' });
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const generate = (key: string, body: object) => t.http.post('/api/v1/generate').set('X-API-Key', key).send(body);
  const generatePdf = (key: string, body: object) => generate(key, { ...body, outputFormat: 'buffer' }).buffer(true).parse(binary).expect(200);
  const usage = async (workspaceId: string) => (await t.admin.get(`/workspaces/${workspaceId}`).expect(200)).body.usage;
  const download = async (pdfUrl: string) => (await t.http.get(new URL(pdfUrl).pathname).buffer(true).parse(binary).expect(200)).body as Buffer;

  async function create(key: string, id: string, definition: object = greeting('Hello')): Promise<void> {
    const res = await t.http.post('/api/v1/templates').set('X-API-Key', key).send({ id, ...definition });
    expect({ status: res.status, body: res.body }).toMatchObject({ status: 201, body: { id, version: '1.0.0' } });
  }
  async function newVersion(key: string, id: string, definition: object): Promise<string> {
    const res = await t.http.put(`/api/v1/templates/${id}`).set('X-API-Key', key).send(definition);
    expect(res.status).toBeLessThan(300);
    return res.body.version as string;
  }
  async function workspaceWith(id: string, plan = 'business', extra: object = {}) {
    const ws = await t.createWorkspace(plan, extra);
    await create(ws.key, id);
    return ws;
  }

  it('renders in every output format, over its own default options, with the layout footer and the options header', async () => {
    const ws = await workspaceWith('greeting');

    const url = await generate(ws.key, { templateId: 'greeting', data: { name: 'Ada' } }).expect(200);
    expect(url.body).toEqual({ success: true, pdfUrl: expect.stringMatching(/\/files\/[A-Za-z0-9_-]{24,}\.pdf$/), templateId: 'greeting', templateVersion: '1.0.0', generatedAt: expect.any(String) });
    const hosted = await download(url.body.pdfUrl);
    expect(textOf(hosted)).toContain('Hello Ada');
    expect(textOf(hosted)).toContain('Folio 1 of 1');
    expect(pageSizeOf(hosted)).toBe(A4);

    const options = { format: 'Letter', orientation: 'landscape', displayHeaderFooter: true, headerTemplate: '<div>Header for <b>Ada</b></div>' };
    const base64 = await generate(ws.key, { templateId: 'greeting', data: { name: 'Ada' }, outputFormat: 'base64', options }).expect(200);
    expect(base64.body).toEqual({ success: true, base64: expect.any(String), templateId: 'greeting', templateVersion: '1.0.0', generatedAt: expect.any(String) });
    const fromBase64 = Buffer.from(base64.body.base64, 'base64');
    expect(textOf(fromBase64)).toContain('Header for Ada');
    expect(textOf(fromBase64)).toContain('Hello Ada');
    expect(pageSizeOf(fromBase64)).toBe(LETTER_LANDSCAPE);

    const buffer = await generatePdf(ws.key, { templateId: 'greeting', data: { name: 'Grace' } });
    expect(buffer.headers['content-type']).toBe('application/pdf');
    expect(buffer.headers['content-disposition']).toMatch(/^inline; filename="greeting-\d{8}-\d{6}\.pdf"$/);
    for (const header of ['x-generation-time-ms', 'x-pdf-size-bytes', 'x-usage-remaining']) expect(Number(buffer.headers[header])).toBeGreaterThanOrEqual(0);
    expect(textOf(buffer.body)).toContain('Hello Grace');
    expect((await usage(ws.id)).used).toBe(3);
  });

  it('renders the newest version by default and an older one by name, refuses an unknown version, and records the version rendered', async () => {
    const ws = await workspaceWith('greeting');
    expect(await newVersion(ws.key, 'greeting', greeting('Bonjour'))).toBe('1.1.0');

    const newest = await generatePdf(ws.key, { templateId: 'greeting', data: { name: 'Ada' } });
    expect(textOf(newest.body)).toContain('Bonjour Ada');
    const older = await generate(ws.key, { templateId: 'greeting', templateVersion: '1.0.0', data: { name: 'Ada' } }).expect(200);
    expect(older.body.templateVersion).toBe('1.0.0');
    expect(textOf(await download(older.body.pdfUrl))).toContain('Hello Ada');
    expect((await generate(ws.key, { templateId: 'greeting', data: { name: 'Ada' }, outputFormat: 'base64' }).expect(200)).body.templateVersion).toBe('1.1.0');

    const unknown = await generate(ws.key, { templateId: 'greeting', templateVersion: '9.9.9', data: { name: 'Ada' } });
    expectError(unknown, 400, "Template 'greeting' has no version '9.9.9'", 'TEMPLATE_VERSION_NOT_FOUND');
    expectError(
      await generate(ws.key, { templateId: 'invoice-basic', templateVersion: '1.1.0', data: sample('invoice-basic') }),
      400,
      "Template 'invoice-basic' has no version '1.1.0'",
      'TEMPLATE_VERSION_NOT_FOUND',
    );
    const builtIn = await generate(ws.key, { templateId: 'invoice-basic', templateVersion: '1.0.0', data: sample('invoice-basic') }).expect(200);
    expect(builtIn.body.templateVersion).toBe('1.0.0');

    const history = (await t.http.get('/api/v1/generations').set('X-API-Key', ws.key).expect(200)).body.generations;
    expect(history.map((g: { templateId: string; templateVersion: string }) => `${g.templateId}@${g.templateVersion}`)).toEqual([
      'invoice-basic@1.0.0',
      'greeting@1.1.0',
      'greeting@1.0.0',
      'greeting@1.1.0',
    ]);
  });

  it("checks data against the template's own schema", async () => {
    const ws = await workspaceWith('greeting');
    const res = await generate(ws.key, { templateId: 'greeting', data: { name: 7 } });
    expectError(res, 400, 'Invalid data for template', 'INVALID_DATA');
    expect(res.body.validationErrors).toEqual(["Field 'name' must be string"]);
    expect((await generate(ws.key, { templateId: 'greeting', data: {} })).body.validationErrors).toEqual(['Missing required field: name']);
  });

  it('answers 400 Invalid data for template, uncounted, when the data cannot be drawn by the layout', async () => {
    const ws = await t.createWorkspace('business');
    await create(ws.key, 'badge', {
      name: 'Badge',
      schema: { type: 'object', properties: { logo: { type: 'string' } } },
      layout: { body: [{ type: 'image', src: '{{ logo }}', width: 40 }] },
    });
    const res = await generate(ws.key, { templateId: 'badge', data: { logo: 'https://example.com/logo.png' } });
    expectError(res, 400, 'Invalid data for template', 'INVALID_DATA');
    expect(res.body.validationErrors).toEqual([expect.stringMatching(/^layout\.body\[0\]/)]);
    expect((await usage(ws.id)).used).toBe(0);
  });

  it('answers 500 PDF generation failed with details, uncounted, past 1,000 pages', async () => {
    const ws = await t.createWorkspace('business');
    await create(ws.key, 'many-pages', {
      name: 'Many pages',
      schema: { type: 'object', properties: { pages: { type: 'array' } } },
      layout: { body: [{ type: 'each', items: 'pages', as: 'n', blocks: [{ type: 'text', text: 'Sheet {{ n }}' }, { type: 'pageBreak' }] }] },
    });
    const res = await generate(ws.key, { templateId: 'many-pages', data: { pages: Array.from({ length: 1001 }, (_, n) => n) } });
    expectError(res, 500, 'PDF generation failed', 'GENERATION_FAILED');
    expect(res.body.details).toBe('Document exceeds 1000 pages');
    expect((await usage(ws.id)).used).toBe(0);
  });

  it('carries templateVersion in webhook bodies, rendering the version the job was accepted with', async () => {
    const ws = await workspaceWith('greeting');
    receiver.trust((await t.admin.get(`/workspaces/${ws.id}`).expect(200)).body.webhookSecret);
    await newVersion(ws.key, 'greeting', greeting('Bonjour'));

    const submit = async (extra: object) => {
      const res = await generate(ws.key, { templateId: 'greeting', data: { name: 'Ada' }, webhook: { url: receiver.url() }, ...extra }).expect(202);
      expect(res.body).toEqual({ success: true, jobId: expect.any(String), status: 'queued', templateId: 'greeting' });
      return (await receiver.waitForJob(res.body.jobId, 1))[0].body;
    };
    const older = await submit({ templateVersion: '1.0.0' });
    expect(older).toEqual({ type: 'generation.succeeded', success: true, pdfUrl: expect.any(String), templateId: 'greeting', templateVersion: '1.0.0', generatedAt: expect.any(String), jobId: expect.any(String) });
    expect(textOf(await download(older.pdfUrl))).toContain('Hello Ada');
    const newest = await submit({});
    expect(newest.templateVersion).toBe('1.1.0');
    expect(textOf(await download(newest.pdfUrl))).toContain('Bonjour Ada');
  });

  it('runs a job from the layout stored with it, once its template is gone, and a job stored before versions were kept', async () => {
    const ws = await t.createWorkspace('business');
    receiver.trust((await t.admin.get(`/workspaces/${ws.id}`).expect(200)).body.webhookSecret);
    const dataSource = t.app.get<DataSource>(getDataSourceToken());
    const options = { format: 'Letter', orientation: 'portrait', margin: { top: '1in', right: '1in', bottom: '1in', left: '1in' }, displayHeaderFooter: false };
    // 'vanished' was never in the store (or was deleted since): the job needs nothing but itself.
    const custom = { key: `gone-${randomUUID()}`, title: 'Vanished', layout: { body: [{ type: 'text', text: 'Kept {{ name }}' }] } };
    const stored = [
      { templateId: 'vanished', request: { data: { name: 'Ada' }, options, templateVersion: '2.3.0', custom } },
      { templateId: 'invoice-basic', request: { data: sample('invoice-basic'), options } },
    ];
    const jobIds: string[] = [];
    for (const { templateId, request } of stored) {
      const jobId = randomUUID();
      const deliveryId = `msg_${randomUUID().replace(/-/g, '')}`;
      await execute(
        dataSource,
        sql(
          `INSERT INTO jobs (id, workspace_id, template_id, status, request, webhook_url, webhook_headers, delivery_id, attempts, mode, created_at, updated_at)
           VALUES (?, ?, ?, 'queued', ?, ?, '{}', ?, 0, 'live', ?, ?)`,
          jobId, ws.id, templateId, JSON.stringify(request), receiver.url(), deliveryId, Date.now(), Date.now(),
        ),
      );
      await execute(
        dataSource,
        sql(`INSERT INTO webhook_deliveries (id, job_id, workspace_id, status, attempts, created_at, updated_at) VALUES (?, ?, ?, 'pending', 0, ?, ?)`, deliveryId, jobId, ws.id, Date.now(), Date.now()),
      );
      jobIds.push(jobId);
    }
    await t.app.get(JobsService).requeueUnfinished();

    const [kept] = await receiver.waitForJob(jobIds[0], 1);
    expect(kept.body).toMatchObject({ success: true, templateId: 'vanished', templateVersion: '2.3.0' });
    expect(textOf(await download(kept.body.pdfUrl))).toContain('Kept Ada');
    const [older] = await receiver.waitForJob(jobIds[1], 1);
    expect(older.body).toMatchObject({ success: true, templateId: 'invoice-basic', templateVersion: '1.0.0' });
  });

  it('counts against the monthly limit', async () => {
    const ws = await workspaceWith('greeting', 'business', { monthlyLimit: 2 });
    for (const remaining of ['1', '0']) {
      expect((await generate(ws.key, { templateId: 'greeting', data: { name: 'Ada' } }).expect(200)).headers['x-usage-remaining']).toBe(remaining);
    }
    const over = await generate(ws.key, { templateId: 'greeting', data: { name: 'Ada' } });
    expectError(over, 429, 'Monthly PDF generation limit reached', 'QUOTA_EXCEEDED');
    expect(over.body).toMatchObject({ limit: 2, used: 2, remaining: 0 });
  });

  it("is unknown to another workspace's key, which is shown its own templates", async () => {
    await workspaceWith('greeting');
    const other = await workspaceWith('their-letter');
    const res = await generate(other.key, { templateId: 'greeting', data: { name: 'Ada' } });
    expectError(res, 400, "Template 'greeting' not found", 'TEMPLATE_NOT_FOUND');
    expect(res.body.availableTemplates).toEqual([...TEMPLATE_IDS, 'their-letter']);
    const pro = await t.createWorkspace('pro');
    expect((await generate(pro.key, { templateId: 'greeting', data: { name: 'Ada' } })).body.availableTemplates).toEqual([...TEMPLATE_IDS]);
  });

  it('stays enabled for its workspace after a downgrade to free', async () => {
    const ws = await workspaceWith('greeting');
    await t.admin.patch(`/workspaces/${ws.id}`, { plan: 'free' }).expect(200);
    const res = await generate(ws.key, { templateId: 'greeting', data: { name: 'Ada' } }).expect(200);
    expect(res.body).toMatchObject({ templateId: 'greeting', templateVersion: '1.0.0' });
    const unknown = await generate(ws.key, { templateId: 'kpi-dashboard', data: {} });
    expectError(unknown, 403, "Template 'kpi-dashboard' is not enabled", 'TEMPLATE_NOT_ENABLED');
    expect((await generate(ws.key, { templateId: 'nope', data: {} })).body.availableTemplates).toEqual(['invoice-basic', 'weekly-report', 'greeting']);
  });

  it('replays an idempotent request, even once a newer version exists, and counts it once', async () => {
    const ws = await workspaceWith('greeting');
    const send = () => generate(ws.key, { templateId: 'greeting', data: { name: 'Ada' } }).set('Idempotency-Key', 'order-7').expect(200);
    const first = await send();
    await newVersion(ws.key, 'greeting', greeting('Bonjour'));
    const replay = await send();
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(replay.body.templateVersion).toBe('1.0.0');
    expect((await usage(ws.id)).used).toBe(1);
  });

  it("labels custom templates' metrics 'custom': their ids are each workspace's own", async () => {
    const ws = await workspaceWith('metered-greeting');
    await generate(ws.key, { templateId: 'metered-greeting', data: { name: 'Ada' } }).expect(200);
    const metrics = (await t.http.get('/metrics').expect(200)).text;
    expect(metrics).toMatch(/pdfgen_generations_total\{template="custom",format="url"\} \d+/);
    expect(metrics).not.toContain('metered-greeting');
  });

  it('forgets a deleted template at once', async () => {
    const ws = await workspaceWith('greeting');
    await generate(ws.key, { templateId: 'greeting', data: { name: 'Ada' } }).expect(200);
    await t.http.delete('/api/v1/templates/greeting').set('X-API-Key', ws.key).expect(204);
    expectError(await generate(ws.key, { templateId: 'greeting', data: { name: 'Ada' } }), 400, "Template 'greeting' not found", 'TEMPLATE_NOT_FOUND');
  });
});
