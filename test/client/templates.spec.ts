import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConflictError, ConnectionError, CreateTemplateRequest, PdfgenClient, PdfgenError, PdfgenNetworkError, PermissionDeniedError, TemplateLayout } from '../../clients/typescript/src';
import { poppler } from '../rendering/render-helpers';
import { startTestApp, TestApp } from '../support/test-app';
import { clientFor, rejectionOf } from './client-support';
import { FakeAnswer, FakeServer } from './fake-server';

const magic = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).toString('latin1');
const textOf = (pdf: Uint8Array) => poppler('pdftotext', Buffer.from(pdf), ['-raw']).replace(/\s+/g, ' ');
/** The diagonal watermark comes out of pdftotext one letter a line. */
const hasWatermark = (pdf: Uint8Array) => poppler('pdftotext', Buffer.from(pdf), ['-raw']).replace(/\s+/g, '').includes('PREVIEW');

const greetingLayout = (word: string): TemplateLayout => ({
  theme: { accent: '#1e3a8a' },
  body: [
    { type: 'text', text: `${word} {{ name }}`, style: 'title' },
    { type: 'columns', columns: [{ width: '1fr', blocks: [{ type: 'keyValue', items: [{ key: 'Count', value: '{{ count | default: 0 }}' }] }] }] },
  ],
});

/** A small valid definition; `word` tells its versions apart in the PDF. */
const greeting = (word = 'Hello'): CreateTemplateRequest => ({
  name: 'Greeting',
  description: 'Says hello',
  schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, count: { type: 'integer' } } },
  layout: greetingLayout(word),
  defaultOptions: { format: 'A4' },
  sampleData: { name: 'Sample Person' },
});

describe('PdfgenClient custom templates against the service', () => {
  let t: TestApp;
  let client: PdfgenClient;

  beforeAll(async () => {
    t = await startTestApp();
    client = clientFor(t, (await t.createWorkspace('business')).key);
  });
  afterAll(() => t?.close());

  it('creates a template at 1.0.0 and gets it with its definition and versions', async () => {
    const created = await client.templates.create({ ...greeting(), id: 'client-greeting' });
    expect(created).toEqual({
      id: 'client-greeting',
      name: 'Greeting',
      description: 'Says hello',
      category: 'custom',
      version: '1.0.0',
      custom: true,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    const detail = await client.templates.get('client-greeting');
    expect(detail).toMatchObject({ ...created, definition: { schema: greeting().schema, layout: greetingLayout('Hello'), sampleData: { name: 'Sample Person' } } });
    expect(detail.definition?.defaultOptions).toEqual({ format: 'A4', orientation: 'portrait', margin: { top: '0.75in', right: '0.75in', bottom: '0.75in', left: '0.75in' } });
    expect(detail.versions).toEqual([{ version: '1.0.0', createdAt: expect.any(String) }]);
    expect((await client.templates.list()).templates.map((template) => template.id)).toContain('client-greeting');
  });

  it('makes 1.1.0 on update, and still renders 1.0.0 when generate names it', async () => {
    const { id } = await client.templates.create(greeting());
    // From the name; a suffix only when another test's "Greeting" took the plain id first.
    expect(id).toMatch(/^greeting(-[0-9a-f]{6})?$/);
    const updated = await client.templates.update(id, { ...greeting('Welcome'), name: 'Greeting v2' });
    expect(updated).toMatchObject({ id, name: 'Greeting v2', version: '1.1.0', custom: true });

    const detail = await client.templates.get(id);
    expect(detail.versions?.map((v) => v.version)).toEqual(['1.0.0', '1.1.0']);
    expect(detail.definition?.layout).toEqual(greetingLayout('Welcome'));

    const newest = await client.generate({ templateId: id, data: { name: 'Ada' }, outputFormat: 'base64' });
    expect(newest.templateVersion).toBe('1.1.0');
    expect(textOf(newest.pdf)).toContain('Welcome Ada');

    const old = await client.generate({ templateId: id, templateVersion: '1.0.0', data: { name: 'Ada' }, outputFormat: 'base64' });
    expect(old.templateVersion).toBe('1.0.0');
    expect(magic(old.pdf)).toBe('%PDF-');
    expect(textOf(old.pdf)).toContain('Hello Ada');

    expect(await rejectionOf(client.generate({ templateId: id, templateVersion: '9.9.9', data: { name: 'Ada' } }))).toMatchObject({
      status: 400,
      code: 'TEMPLATE_VERSION_NOT_FOUND',
      message: `Template '${id}' has no version '9.9.9'`,
    });
  });

  it('previews a stored template or a layout as watermarked PDF bytes, and writes one to a file', async () => {
    const { id } = await client.templates.create(greeting('Preview of'));
    const seen: Array<string | null> = [];
    const watching = clientFor(t, (await t.createWorkspace('business')).key, {
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        seen.push(response.headers.get('x-preview'));
        return response;
      },
    });

    const stored = await client.templates.preview({ templateId: id });
    expect(stored).toBeInstanceOf(Uint8Array);
    expect(magic(stored)).toBe('%PDF-');
    expect(textOf(stored)).toContain('Preview of Sample Person');
    expect(hasWatermark(stored)).toBe(true);

    const layout = await watching.templates.preview({ layout: greetingLayout('Draft for'), schema: greeting().schema, data: { name: 'Grace' }, options: { format: 'Letter' } });
    expect(magic(layout)).toBe('%PDF-');
    expect(textOf(layout)).toContain('Draft for Grace');
    expect(seen).toEqual(['true']);

    const dir = mkdtempSync(join(tmpdir(), 'pdfgen-preview-'));
    try {
      const path = join(dir, 'preview.pdf');
      await client.templates.previewToFile({ templateId: 'invoice-basic' }, path);
      const written = readFileSync(path);
      expect(magic(written)).toBe('%PDF-');
      expect(hasWatermark(written)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('deletes a template: afterwards it is 404 TEMPLATE_NOT_FOUND, and unknown to generate', async () => {
    const { id } = await client.templates.create(greeting());
    await client.templates.delete(id);
    const gone = await rejectionOf(client.templates.get(id));
    expect(gone).toBeInstanceOf(PdfgenError);
    expect(gone).toMatchObject({ status: 404, code: 'TEMPLATE_NOT_FOUND', message: `Template '${id}' not found` });
    expect(gone.availableTemplates).not.toContain(id);
    expect(await rejectionOf(client.templates.delete(id))).toMatchObject({ status: 404, code: 'TEMPLATE_NOT_FOUND' });
    expect(await rejectionOf(client.generate({ templateId: id, data: { name: 'Ada' } }))).toMatchObject({ status: 400, code: 'TEMPLATE_NOT_FOUND' });
  });

  it('throws a typed error with validationErrors for an invalid definition', async () => {
    const liquid = await rejectionOf(client.templates.create({ ...greeting(), layout: { body: [{ type: 'text', text: 'Hello {{ name ' }] } }));
    expect(liquid).toBeInstanceOf(PdfgenError);
    expect(liquid).toMatchObject({ status: 400, code: 'INVALID_TEMPLATE_DEFINITION', message: 'Invalid template definition', requestId: expect.any(String) });
    expect(liquid.validationErrors).toEqual([expect.stringMatching(/^layout\.body\[0\]\.text has a Liquid syntax error/)]);

    // What the types refuse, the service refuses too (for callers without TypeScript).
    // @ts-expect-error not a block type
    const unknownBlock = await rejectionOf(client.templates.create({ ...greeting(), layout: { body: [{ type: 'heading', text: 'x' }] } }));
    expect(unknownBlock).toMatchObject({ status: 400, code: 'INVALID_TEMPLATE_DEFINITION' });
    expect(unknownBlock.validationErrors).toEqual([expect.stringMatching(/^layout\.body\[0\]\.type must be one of: /)]);
    const misplaced = await rejectionOf(
      // @ts-expect-error each block type has its own properties, in nested blocks too
      client.templates.create({ ...greeting(), layout: { body: [{ type: 'columns', columns: [{ blocks: [{ type: 'text', text: 'x', rows: 'items' }] }] }] } }),
    );
    expect(misplaced.validationErrors).toEqual([expect.stringMatching(/^layout\.body\[0\]\.columns\[0\]\.blocks\[0\]\.rows is not allowed in a text block/)]);

    await client.templates.create({ ...greeting(), id: 'client-greeting-taken' });
    const taken = await rejectionOf(client.templates.create({ ...greeting(), id: 'client-greeting-taken' }));
    expect(taken).toBeInstanceOf(ConflictError);
    expect(taken).toMatchObject({ status: 409, code: 'TEMPLATE_ALREADY_EXISTS', message: "Template 'client-greeting-taken' already exists" });
    const readOnly = await rejectionOf(client.templates.update('invoice-basic', greeting()));
    expect(readOnly).toBeInstanceOf(PermissionDeniedError);
    expect(readOnly).toMatchObject({ status: 403, code: 'BUILT_IN_TEMPLATE_READ_ONLY' });
  });

  it('answers CUSTOM_TEMPLATES_NOT_IN_PLAN below the Business plan, which still previews built-ins', async () => {
    const pro = clientFor(t, (await t.createWorkspace('pro')).key);
    const refused = { status: 403, code: 'CUSTOM_TEMPLATES_NOT_IN_PLAN', message: 'Custom templates require the Business plan' };
    expect(await rejectionOf(pro.templates.create(greeting()))).toMatchObject(refused);
    expect(await rejectionOf(pro.templates.preview({ layout: greetingLayout('Hi'), data: { name: 'Ada' } }))).toMatchObject(refused);
    expect(magic(await pro.templates.preview({ templateId: 'kpi-dashboard' }))).toBe('%PDF-');
  });

  it('reads the template language schema', async () => {
    const schema = await client.templates.languageSchema();
    expect(schema).toMatchObject({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', required: ['body'] });
    expect(Object.keys(schema.definitions as object)).toEqual(expect.arrayContaining(['block', 'textBlock', 'tableBlock']));
  });
});

describe('PdfgenClient custom templates (against a scripted server)', () => {
  let fake: FakeServer;
  const start = async (answers: FakeAnswer[]) => {
    fake = await FakeServer.start(answers);
    return new PdfgenClient({ apiKey: 'pdfg_test', baseUrl: fake.url, retryBaseDelayMs: 20 });
  };
  const created = { status: 201, body: { id: 'greeting', name: 'Greeting', description: '', category: 'custom', version: '1.0.0', custom: true } };
  const busy: FakeAnswer = { status: 503, headers: { 'Retry-After': '0' }, body: { success: false, error: 'Server is busy', code: 'SERVER_BUSY' } };
  const pdf: FakeAnswer = { status: 200, headers: { 'Content-Type': 'application/pdf', 'X-Preview': 'true' }, body: '%PDF-1.7 preview' };
  afterEach(() => fake?.close());

  it('does not send create or update again after a lost connection: the server may have acted', async () => {
    let client = await start(['drop']);
    const lost = await rejectionOf(client.templates.create(greeting()));
    expect(lost).toBeInstanceOf(ConnectionError);
    expect(lost).toBeInstanceOf(PdfgenNetworkError);
    expect(fake.requests.map((r) => r.method)).toEqual(['POST']);
    await fake.close();

    client = await start(['drop']);
    expect(await rejectionOf(client.templates.update('greeting', greeting()))).toBeInstanceOf(PdfgenNetworkError);
    expect(fake.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['PUT /api/v1/templates/greeting']);
  });

  it('retries create after a 503 (refused before acting), and reads, deletes and previews after a lost connection', async () => {
    let client = await start([busy, created]);
    expect(await client.templates.create(greeting())).toMatchObject({ id: 'greeting', version: '1.0.0' });
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1].body).toBe(fake.requests[0].body);
    await fake.close();

    client = await start(['drop', { status: 200, body: created.body }, 'drop', { status: 204 }, 'drop', pdf]);
    expect(await client.templates.get('greeting')).toMatchObject({ id: 'greeting' });
    await client.templates.delete('greeting');
    expect(Buffer.from(await client.templates.preview({ templateId: 'greeting' })).toString('latin1')).toBe('%PDF-1.7 preview');
    expect(fake.requests.map((r) => r.method)).toEqual(['GET', 'GET', 'DELETE', 'DELETE', 'POST', 'POST']);
  });

  it('refuses a 200 preview answer that is not the watermarked PDF', async () => {
    const client = await start([{ status: 200, headers: { 'X-Request-Id': 'req-proxy' }, body: '<html>Welcome to the hotel Wi-Fi</html>' }, { ...pdf, headers: { 'Content-Type': 'application/pdf' } }]);
    const notPdf = await rejectionOf(client.templates.preview({ templateId: 'invoice-basic' }));
    expect(notPdf).toBeInstanceOf(PdfgenError);
    expect(notPdf).toMatchObject({ status: 200, code: 'UNEXPECTED_RESPONSE', requestId: 'req-proxy' });
    expect(await rejectionOf(client.templates.preview({ templateId: 'invoice-basic' }))).toMatchObject({ code: 'UNEXPECTED_RESPONSE' });
    expect(fake.requests).toHaveLength(2);
  });
});
