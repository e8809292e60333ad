import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuthenticationError, NotFoundError, PdfgenClient, PdfgenError, TemplateData, TemplateId, ValidationError } from '../../clients/typescript/src';
import { sample } from '../support/samples';
import { startTestApp, TestApp } from '../support/test-app';
import { clientFor, recordingFetch, rejectionOf } from './client-support';

const invoiceData = (): TemplateData<'invoice-basic'> => sample('invoice-basic') as TemplateData<'invoice-basic'>;
const PDF_MAGIC = '%PDF-';
const magic = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).toString('latin1');
/** The path of a pdfUrl on the test app (its PUBLIC_URL names no reachable port). */
const filePath = (pdfUrl: string) => new URL(pdfUrl).pathname;

describe('PdfgenClient against the service', () => {
  let t: TestApp;
  let workspace: { id: string; key: string };
  let client: PdfgenClient;

  beforeAll(async () => {
    t = await startTestApp();
    workspace = await t.createWorkspace('business');
    client = clientFor(t, workspace.key);
  });
  afterAll(() => t?.close());

  describe('templates', () => {
    it('lists them, filtered by category or id', async () => {
      const all = await client.templates.list();
      expect(all.templates.map((template) => template.id)).toEqual(['invoice-basic', 'weekly-report', 'calendar-schedule', 'kpi-dashboard']);
      expect(all).toMatchObject({ total: 4, categories: ['calendar', 'report', 'dashboard', 'invoice', 'certificate', 'custom'] });
      expect((await client.templates.list({ category: 'dashboard' })).templates.map((template) => template.id)).toEqual(['kpi-dashboard']);
      expect(await client.templates.list({ id: 'weekly-report' })).toMatchObject({ total: 1, templates: [{ id: 'weekly-report' }] });
    });

    it('gets one template and its schema', async () => {
      expect(await client.templates.get('calendar-schedule')).toEqual({ id: 'calendar-schedule', name: expect.any(String), description: expect.any(String), category: 'calendar', version: '1.0.0', custom: false });
      const schema = await client.templates.schema('invoice-basic');
      expect(schema).toMatchObject({ templateId: 'invoice-basic', defaultOptions: { format: 'Letter', orientation: 'portrait', margin: { top: '0.75in' } } });
      expect(schema.schema.required).toEqual(expect.arrayContaining(['invoiceNumber', 'items', 'client']));
    });
  });

  describe('generate', () => {
    it('answers a hosted URL by default, with the generation headers', async () => {
      const result = await client.generate({ templateId: 'invoice-basic', data: invoiceData(), options: { format: 'A4' } });
      expect(result).toEqual({
        outputFormat: 'url',
        pdfUrl: expect.stringMatching(/\/files\/[^/]+\.pdf$/),
        templateId: 'invoice-basic',
        templateVersion: '1.0.0',
        generatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        generationTimeMs: expect.any(Number),
        pdfSizeBytes: expect.any(Number),
        usageRemaining: 9999,
        requestId: expect.stringMatching(/.+/),
        idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
        replayed: false,
        testMode: false,
      });
      const file = await t.http.get(filePath(result.pdfUrl)).expect(200);
      expect(Number(file.headers['content-length'])).toBe(result.pdfSizeBytes);
    });

    it('answers base64 decoded, and buffer as bytes', async () => {
      const base64 = await client.generate({ templateId: 'weekly-report', data: sample('weekly-report') as TemplateData<'weekly-report'>, outputFormat: 'base64' });
      expect(base64.outputFormat).toBe('base64');
      expect(Buffer.from(base64.pdf).toString('base64')).toBe(base64.base64);
      expect(magic(base64.pdf)).toBe(PDF_MAGIC);
      expect(base64.pdf.byteLength).toBe(base64.pdfSizeBytes);

      const buffer = await client.generate({ templateId: 'invoice-basic', data: invoiceData(), outputFormat: 'buffer' });
      expect(buffer).toMatchObject({ outputFormat: 'buffer', templateId: 'invoice-basic', replayed: false, testMode: false, usageRemaining: expect.any(Number) });
      expect(buffer.pdf).toBeInstanceOf(Uint8Array);
      expect(magic(buffer.pdf)).toBe(PDF_MAGIC);
      expect(buffer.pdf.byteLength).toBe(buffer.pdfSizeBytes);
    });

    it('writes the PDF to a file with generateToFile', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'pdfgen-client-'));
      try {
        const path = join(dir, 'invoice.pdf');
        const result = await client.generateToFile({ templateId: 'invoice-basic', data: invoiceData() }, path);
        expect(result).toMatchObject({ outputFormat: 'buffer', path, templateId: 'invoice-basic' });
        expect(result).not.toHaveProperty('pdf');
        const written = readFileSync(path);
        expect(magic(written)).toBe(PDF_MAGIC);
        expect(written.byteLength).toBe(result.pdfSizeBytes);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('types data by templateId and the result by outputFormat (checked by tsc, not run)', () => {
      const typeChecks = async (c: PdfgenClient) => {
        // @ts-expect-error kpi-dashboard data needs title and metrics, not an invoice
        await c.generate({ templateId: 'kpi-dashboard', data: invoiceData() });
        const bytes: Uint8Array = (await c.generate({ templateId: 'invoice-basic', data: invoiceData(), outputFormat: 'buffer' })).pdf;
        const jobId: string = (await c.generate({ templateId: 'invoice-basic', data: invoiceData(), webhook: { url: 'https://hooks.example.com/' } })).jobId;
        const pdfUrl: string = (await c.generate({ templateId: 'invoice-basic', data: invoiceData() })).pdfUrl;
        return [bytes, jobId, pdfUrl];
      };
      expect(typeChecks).toBeInstanceOf(Function);
    });

    it('says when a test key made the PDF', async () => {
      const testKey = (await t.admin.post(`/workspaces/${workspace.id}/keys`, { mode: 'test' }).expect(201)).body.key;
      const result = await clientFor(t, testKey).generate({ templateId: 'invoice-basic', data: invoiceData(), outputFormat: 'buffer' });
      expect(result.testMode).toBe(true);
    });
  });

  describe('typed errors', () => {
    it('carries code, requestId and the extra fields of the error body', async () => {
      const { fetch, sent } = recordingFetch();
      const recorded = clientFor(t, workspace.key, { fetch });
      const unknown = await rejectionOf(recorded.generate({ templateId: 'no-such-template' as 'invoice-basic', data: invoiceData() }));
      expect(unknown).toBeInstanceOf(ValidationError);
      expect(unknown).toBeInstanceOf(PdfgenError);
      expect(unknown).toMatchObject({ name: 'ValidationError', status: 400, code: 'TEMPLATE_NOT_FOUND', message: "Template 'no-such-template' not found", requestId: sent[0].requestId });
      expect(unknown.availableTemplates).toEqual(['invoice-basic', 'weekly-report', 'calendar-schedule', 'kpi-dashboard']);

      const { invoiceNumber: _missing, ...data } = invoiceData();
      const invalid = await rejectionOf(recorded.generate({ templateId: 'invoice-basic', data: { ...data, items: [{ description: 'x', quantity: 'two' }] } as never }));
      expect(invalid).toMatchObject({ status: 400, code: 'INVALID_DATA', message: 'Invalid data for template', requestId: sent[1].requestId });
      expect(invalid.validationErrors).toEqual(['Missing required field: invoiceNumber', "Field 'items[0].quantity' must be number"]);
      expect(invalid.body).toMatchObject({ success: false, code: 'INVALID_DATA' });
      expect(sent).toHaveLength(2);
    });

    it('for keys, jobs and templates too, each of its kind', async () => {
      const badKey = await rejectionOf(clientFor(t, 'pdfg_00000000-0000-4000-8000-000000000000').jobs.get('x'));
      expect(badKey).toBeInstanceOf(AuthenticationError);
      expect(badKey).toMatchObject({ status: 401, code: 'INVALID_API_KEY' });
      const noJob = await rejectionOf(client.jobs.get('no-such-job'));
      expect(noJob).toBeInstanceOf(NotFoundError);
      expect(noJob).toMatchObject({ status: 404, code: 'JOB_NOT_FOUND', requestId: expect.any(String) });
      expect(await rejectionOf(client.templates.schema('nope' as TemplateId))).toMatchObject({ name: 'NotFoundError', status: 404, code: 'TEMPLATE_NOT_FOUND' });
      expect(await rejectionOf(client.templates.get('nope' as TemplateId))).toMatchObject({ code: 'TEMPLATE_NOT_FOUND' });
    });

    it('does not retry a used-up month', async () => {
      const capped = await t.createWorkspace('free', { monthlyLimit: 0 });
      const { fetch, sent } = recordingFetch();
      const error = await rejectionOf(clientFor(t, capped.key, { fetch }).generate({ templateId: 'invoice-basic', data: invoiceData() }));
      expect(error).toMatchObject({ status: 429, code: 'QUOTA_EXCEEDED', limit: 0, used: 0, remaining: 0, retryAfterSeconds: expect.any(Number) });
      expect(sent).toHaveLength(1);
    });
  });

  describe('generations', () => {
    it('iterates over every page, newest first, following nextCursor', async () => {
      const own = await t.createWorkspace('business');
      const { fetch, sent } = recordingFetch();
      const history = clientFor(t, own.key, { fetch });
      const made: string[] = [];
      for (const templateId of ['invoice-basic', 'weekly-report', 'invoice-basic'] as const) {
        made.push((await history.generate({ templateId, data: sample(templateId) as never, outputFormat: 'buffer' })).requestId);
      }
      sent.length = 0;

      const listed = [];
      for await (const generation of history.generations.list({ pageSize: 2 })) listed.push(generation);
      expect(listed.map((g) => g.requestId)).toEqual([...made].reverse());
      expect(listed[0]).toMatchObject({ templateId: 'invoice-basic', status: 'succeeded', outputFormat: 'buffer', mode: 'live' });
      expect(sent.map((r) => [r.url.searchParams.get('limit'), r.url.searchParams.has('cursor')])).toEqual([
        ['2', false],
        ['2', true],
      ]);

      const filtered = [];
      for await (const generation of history.generations.list({ templateId: 'weekly-report' })) filtered.push(generation.requestId);
      expect(filtered).toEqual([made[1]]);

      const first = await history.generations.page({ limit: 2 });
      expect(first.nextCursor).toEqual(expect.any(String));
      expect((await history.generations.page({ limit: 2, cursor: first.nextCursor! })).nextCursor).toBeNull();
    });
  });

  describe('files', () => {
    it("deletes a hosted PDF by its URL or id, and not another workspace's", async () => {
      const { pdfUrl } = await client.generate({ templateId: 'invoice-basic', data: invoiceData() });
      const other = await t.createWorkspace('business');
      expect(await rejectionOf(clientFor(t, other.key).files.delete(pdfUrl))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      await t.http.get(filePath(pdfUrl)).expect(200);

      await client.files.delete(pdfUrl);
      await t.http.get(filePath(pdfUrl)).expect(404);
      expect(await rejectionOf(client.files.delete(pdfUrl))).toMatchObject({ status: 404, code: 'NOT_FOUND' });

      const second = (await client.generate({ templateId: 'invoice-basic', data: invoiceData() })).pdfUrl;
      const id = filePath(second).split('/').pop()!.replace(/\.pdf$/, '');
      await client.files.delete(id);
      await t.http.get(filePath(second)).expect(404);
    });
  });
});
