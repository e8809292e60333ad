import { BLOCK_TYPES, TEMPLATE_IDS, TEMPLATE_LANGUAGE_SCHEMA } from '../../src/engine';
import { EXAMPLE_TEMPLATE_BODY } from '../../src/templates/custom/definition/example-definition';
import { binary } from '../support/binary';
import { expectError } from '../support/expect-error';
import { startTestApp, TestApp } from '../support/test-app';
import { poppler } from '../rendering/render-helpers';

type Body = Record<string, unknown>;

/** A small valid definition; `word` tells its versions apart in the PDF. */
function greeting(word = 'Hello', extra: Body = {}): Body {
  return {
    name: 'Greeting',
    schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, count: { type: 'integer' } } },
    layout: { body: [{ type: 'text', text: `${word} {{ name }}`, style: 'title' }] },
    sampleData: { name: 'Sample Person' },
    ...extra,
  };
}

const textOf = (pdf: Buffer) => poppler('pdftotext', pdf, ['-raw']).replace(/\s+/g, ' ');
/** The diagonal watermark comes out of pdftotext one letter a line. */
const hasWatermark = (pdf: Buffer) => poppler('pdftotext', pdf, ['-raw']).replace(/\s+/g, '').includes('PREVIEW');
const TEMPLATE_FIELDS = ['category', 'createdAt', 'custom', 'description', 'id', 'name', 'updatedAt', 'version'];

describe.each(['sqlite', 'postgres'] as const)('custom templates API (DECISIONS section 9) on %s', (store) => {
  let t: TestApp;
  let business: { id: string; key: string };
  let other: { id: string; key: string };
  let pro: { id: string; key: string };
  let free: { id: string; key: string };

  beforeAll(async () => {
    t = await startTestApp({}, { store, files: 'disk' });
    [business, other, pro, free] = [await t.createWorkspace('business'), await t.createWorkspace('business'), await t.createWorkspace('pro'), await t.createWorkspace('free')];
  });
  afterAll(() => t?.close());

  const as = (key: string) => ({
    create: (body: unknown) => t.http.post('/api/v1/templates').set('X-API-Key', key).send(body as object),
    update: (id: string, body: unknown) => t.http.put(`/api/v1/templates/${id}`).set('X-API-Key', key).send(body as object),
    remove: (id: string) => t.http.delete(`/api/v1/templates/${id}`).set('X-API-Key', key),
    get: (id: string) => t.http.get(`/api/v1/templates/${id}`).set('X-API-Key', key),
    schema: (id: string) => t.http.get(`/api/v1/templates/${id}/schema`).set('X-API-Key', key),
    list: (query = '') => t.http.get(`/api/v1/templates${query}`).set('X-API-Key', key),
    preview: (body: unknown) => t.http.post('/api/v1/templates/preview').set('X-API-Key', key).send(body as object),
    previewPdf: (body: unknown) => t.http.post('/api/v1/templates/preview').set('X-API-Key', key).send(body as object).buffer(true).parse(binary),
  });

  async function created(key: string, body: Body): Promise<Body> {
    const res = await as(key).create(body);
    expect({ status: res.status, body: res.body }).toMatchObject({ status: 201 });
    return res.body;
  }

  async function definitionErrors(res: { status: number; body: Body }): Promise<string[]> {
    expectError(res as never, 400, 'Invalid template definition', 'INVALID_TEMPLATE_DEFINITION');
    return res.body.validationErrors as string[];
  }

  describe('create', () => {
    it('answers 201 with the template object at 1.0.0, under both prefixes', async () => {
      const res = await as(business.key).create({ id: 'greeting-one', description: 'Says hello', category: 'report', ...greeting() }).expect(201);
      expect(Object.keys(res.body).sort()).toEqual(TEMPLATE_FIELDS);
      expect(res.body).toMatchObject({ id: 'greeting-one', name: 'Greeting', description: 'Says hello', category: 'report', version: '1.0.0', custom: true });
      expect(Date.parse(res.body.createdAt)).not.toBeNaN();
      expect(res.body.updatedAt).toBe(res.body.createdAt);
      await t.http.post('/v1/templates').set('X-API-Key', business.key).send({ id: 'greeting-v1-prefix', ...greeting() }).expect(201);
    });

    it('defaults category to custom and description to empty, and makes an id from the name', async () => {
      const body = await created(business.key, greeting('Hi', { name: 'Q3 Sales — Überblick!' }));
      expect(body).toMatchObject({ category: 'custom', description: '', name: 'Q3 Sales — Überblick!' });
      expect(body.id).toBe('q3-sales-uberblick');
      // Only an id already taken (or a built-in's) gets a random suffix.
      const again = await created(business.key, greeting('Hi', { name: 'Q3 Sales — Überblick!' }));
      expect(again.id).toMatch(/^q3-sales-uberblick-[0-9a-f]{6}$/);
      expect((await created(business.key, greeting('Hi', { name: 'Invoice basic' }))).id).toMatch(/^invoice-basic-[0-9a-f]{6}$/);
    });

    it('stores the published example definition as it is', async () => {
      const body = await created(other.key, EXAMPLE_TEMPLATE_BODY);
      expect(body).toMatchObject({ id: 'packing-slip', version: '1.0.0', custom: true });
    });

    it("refuses an id that is a built-in's or already used in the workspace: 409", async () => {
      for (const id of TEMPLATE_IDS) expectError(await as(business.key).create({ id, ...greeting() }), 409, `Template '${id}' already exists`, 'TEMPLATE_ALREADY_EXISTS');
      await created(business.key, { id: 'taken-id', ...greeting() });
      expectError(await as(business.key).create({ id: 'taken-id', ...greeting() }), 409, "Template 'taken-id' already exists", 'TEMPLATE_ALREADY_EXISTS');
      // Another workspace's ids are its own.
      await created(other.key, { id: 'taken-id', ...greeting() });
    });

    it('checks the body before conflicts', async () => {
      const res = await as(business.key).create({ id: 'taken-id', name: 'x', schema: {}, layout: { body: [] } });
      expect(await definitionErrors(res)).toEqual(['schema.type must be "object": data is a JSON object']);
    });
  });

  describe('the plan rule', () => {
    it.each(['free', 'pro'] as const)('refuses to create, change, delete and preview definitions on %s', async (plan) => {
      const key = (plan === 'free' ? free : pro).key;
      const refused = (res: { status: number; body: Body }) => expectError(res as never, 403, 'Custom templates require the Business plan', 'CUSTOM_TEMPLATES_NOT_IN_PLAN');
      refused(await as(key).create(greeting()));
      // The plan before the body and before the id.
      refused(await as(key).create({}));
      refused(await as(key).update('anything', greeting()));
      refused(await as(key).update('invoice-basic', greeting()));
      refused(await as(key).remove('anything'));
      refused(await as(key).preview({ layout: greeting().layout }));
    });

    it('lets every plan preview a built-in template', async () => {
      for (const key of [free.key, pro.key, business.key]) {
        const res = await as(key).previewPdf({ templateId: 'invoice-basic' }).expect(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.headers['x-preview']).toBe('true');
      }
    });

    it("refuses a preview of a custom template on a plan without them, and says not found for a typo", async () => {
      const ws = await t.createWorkspace('business');
      await created(ws.key, { id: 'kept-after-downgrade', ...greeting() });
      await t.admin.patch(`/workspaces/${ws.id}`, { plan: 'pro' }).expect(200);
      expectError(await as(ws.key).preview({ templateId: 'kept-after-downgrade' }), 403, 'Custom templates require the Business plan', 'CUSTOM_TEMPLATES_NOT_IN_PLAN');
      const typo = await as(ws.key).preview({ templateId: 'invoice-basik' });
      expectError(typo, 400, "Template 'invoice-basik' not found", 'TEMPLATE_NOT_FOUND');
      expect(typo.body.availableTemplates).toEqual([...TEMPLATE_IDS]);
      // Reading stays open: the template is listed and shown.
      expect((await as(ws.key).list()).body.templates.map((x: Body) => x.id)).toContain('kept-after-downgrade');
      await as(ws.key).get('kept-after-downgrade').expect(200);
    });

    it('refuses a new template past 100 in a workspace: 403 Custom template limit reached', async () => {
      const ws = await t.createWorkspace('business');
      const body = greeting();
      for (let i = 0; i < 100; i += 10) {
        await Promise.all(Array.from({ length: 10 }, (_, j) => as(ws.key).create({ ...body, id: `t-${i + j}` }).expect(201)));
      }
      const res = await as(ws.key).create({ ...body, id: 't-100' });
      expectError(res, 403, 'Custom template limit reached', 'CUSTOM_TEMPLATE_LIMIT_REACHED');
      expect(res.body.limit).toBe(100);
      // Conflicts come first; a deleted template makes room.
      expectError(await as(ws.key).create({ ...body, id: 't-5' }), 409, "Template 't-5' already exists", 'TEMPLATE_ALREADY_EXISTS');
      await as(ws.key).remove('t-0').expect(204);
      await as(ws.key).create({ ...body, id: 't-100' }).expect(201);
    });
  });

  describe('definition validation: 400 Invalid template definition, every message naming its path', () => {
    it('names the missing and mistyped body fields', async () => {
      expect(await definitionErrors(await as(business.key).create({}))).toEqual(['name is required', 'schema is required', 'layout is required']);
      expect(await definitionErrors(await as(business.key).create({ name: '  ', schema: [], layout: 'x', description: 5, sampleData: 'no' }))).toEqual([
        'name is required',
        'description must be string',
        'schema must be an object (the JSON Schema of data)',
        'layout must be an object: { theme?, header?, footer?, body }',
        'sampleData must be an object',
      ]);
      expect(await definitionErrors(await as(business.key).create([1, 2]))).toEqual(['The body must be a JSON object with name, schema and layout']);
    });

    it('checks id, category, version and unknown fields', async () => {
      const errors = await definitionErrors(await as(business.key).create({ ...greeting(), id: 'Bad_Id', category: 'poster', version: '2.0.0', colour: 'red' }));
      expect(errors).toEqual([
        'id must be 3 to 64 lowercase letters, digits and hyphens, starting and ending with a letter or digit (^[a-z0-9][a-z0-9-]{1,62}[a-z0-9]$)',
        'category must be one of: calendar, report, dashboard, invoice, certificate, custom',
        'version of a new template is 1.0.0',
        'colour is not a field of a template (allowed: id, name, description, category, version, schema, layout, defaultOptions, sampleData)',
      ]);
      for (const id of ['ab', '-abc', 'abc-', 'a'.repeat(65)]) {
        expect((await as(business.key).create({ ...greeting(), id })).body.validationErrors[0]).toMatch(/^id must be/);
      }
      await as(business.key).create({ ...greeting(), id: 'a'.repeat(64) }).expect(201);
      await as(business.key).create({ ...greeting(), id: '3x3' }).expect(201);
    });

    it('checks the data schema: an object schema that compiles, patterns RE2 can run, no remote references, known formats', async () => {
      const schemaErrors = async (schema: unknown) => definitionErrors(await as(business.key).create({ ...greeting(), schema, sampleData: undefined }));
      expect(await schemaErrors({ type: 'array' })).toEqual(['schema.type must be "object": data is a JSON object']);
      expect(await schemaErrors({ type: 'object', properties: { a: { type: 'strin' } } })).toEqual([
        'schema.properties.a.type must be one of: array, boolean, integer, null, number, object, string',
      ]);
      expect(await schemaErrors({ type: 'object', properties: { a: { type: 'string', pattern: '(?<=a)b' } } })).toEqual([
        'schema.properties.a.pattern cannot run on the linear-time engine (RE2: invalid perl operator: (?<=; lookarounds and backreferences are not supported)',
      ]);
      expect(await schemaErrors({ type: 'object', properties: { a: { type: 'string', pattern: '([' } } })).toEqual(['schema.properties.a.pattern is not a valid regular expression']);
      expect(await schemaErrors({ type: 'object', properties: { a: { $ref: 'https://example.com/schema.json' } } })).toEqual([
        'schema.properties.a.$ref must point inside the schema (#/...): remote references are never fetched',
      ]);
      expect(await schemaErrors({ type: 'object', properties: { a: { type: 'string', format: 'email' } } })).toEqual([
        "schema.properties.a.format 'email' is not supported (supported: date, date-mdy, hex-color)",
      ]);
      expect(await schemaErrors({ type: 'object', properties: { a: { $ref: '#/definitions/missing' } } })).toEqual([
        "schema cannot be compiled: can't resolve reference #/definitions/missing from id #",
      ]);
      // A pattern inside a value (not a schema) is data, not a regular expression to run.
      await as(business.key).create({ ...greeting(), schema: { type: 'object', default: { pattern: '(a+)+$' } }, sampleData: undefined }).expect(201);
    });

    it('checks the layout against the language, then what compiling finds, with paths', async () => {
      const layout = {
        body: [
          { type: 'text', text: 'ok' },
          { type: 'text', text: 'ok' },
          { type: 'text', text: 'ok' },
          { type: 'paragraph', text: 'x' },
          { type: 'text' },
          { type: 'text', text: 'x', colour: 'red' },
        ],
      };
      const errors = await definitionErrors(await as(business.key).create({ ...greeting(), layout }));
      expect(errors).toEqual([
        expect.stringMatching(/^layout\.body\[3\]\.type must be one of: text, columns, table, each, if, keyValue, image, qr, box, divider, spacer, pageBreak/),
        'layout.body[4].text is required',
        expect.stringMatching(/^layout\.body\[5\]\.colour is not allowed in a text block \(allowed: type, text, /),
      ]);
      const liquid = await definitionErrors(await as(business.key).create({ ...greeting(), layout: { body: [{ type: 'text', text: 'Hi {{ name ' }] } }));
      expect(liquid).toHaveLength(1);
      expect(liquid[0]).toMatch(/^layout\.body\[0\]\.text /);
    });

    it('checks defaultOptions with the messages of generate options', async () => {
      const errors = await definitionErrors(
        await as(business.key).create({ ...greeting(), defaultOptions: { format: 'A3', orientation: 'sideways', margin: { top: 'wide' }, displayHeaderFooter: true } }),
      );
      expect(errors).toEqual([
        'defaultOptions.format must be one of: Letter, A4, Legal',
        'defaultOptions.orientation must be one of: portrait, landscape',
        'defaultOptions.margin.top must be a CSS length such as 0.75in or 20mm',
        "defaultOptions.displayHeaderFooter cannot be a default (allowed: format, orientation, margin); the layout's header and footer are drawn on every page",
      ]);
      expect(await definitionErrors(await as(business.key).create({ ...greeting(), defaultOptions: { margin: { left: '4.5in', right: '4in' } } }))).toEqual([
        'defaultOptions.margin leaves less than 1in for content on a portrait Letter page',
      ]);
      expect(await definitionErrors(await as(business.key).create({ ...greeting(), defaultOptions: 'A4' }))).toEqual(['defaultOptions must be an object']);
    });

    it('checks sampleData against the schema with the messages of data validation', async () => {
      const errors = await definitionErrors(await as(business.key).create({ ...greeting(), sampleData: { count: 'three', extra: true } }));
      expect(errors).toEqual(['Missing required field: sampleData.name', "Field 'sampleData.count' must be integer"]);
    });

    it('refuses a definition over 512 KiB as JSON', async () => {
      const sampleData = { name: 'x'.repeat(600 * 1024) };
      expect(await definitionErrors(await as(business.key).create({ ...greeting(), sampleData }))).toEqual([
        'The definition must be at most 512 KiB as JSON (schema, layout, defaultOptions, sampleData together); it is 601 KiB',
      ]);
    });
  });

  describe('reading', () => {
    it('lists built-ins without a key, and adds the workspace\'s own with one; category filters both', async () => {
      const ws = await t.createWorkspace('business');
      await created(ws.key, { id: 'zz-report', category: 'report', ...greeting() });
      await created(ws.key, { id: 'aa-custom', ...greeting() });
      const anonymous = await t.http.get('/api/v1/templates').expect(200);
      expect(anonymous.body.templates.map((x: Body) => x.id)).toEqual([...TEMPLATE_IDS]);
      expect(anonymous.body.templates.every((x: Body) => x.custom === false)).toBe(true);
      const withKey = await as(ws.key).list().expect(200);
      expect(withKey.body.templates.map((x: Body) => x.id)).toEqual([...TEMPLATE_IDS, 'aa-custom', 'zz-report']);
      expect(withKey.body.total).toBe(6);
      expect(withKey.body.templates[4]).toMatchObject({ id: 'aa-custom', custom: true, version: '1.0.0', category: 'custom' });
      const reports = await t.http.get('/v1/templates?category=report').set('Authorization', `Bearer ${ws.key}`).expect(200);
      expect(reports.body).toMatchObject({ total: 2, templates: [{ id: 'weekly-report', custom: false }, { id: 'zz-report', custom: true }] });
      expect((await as(ws.key).list('?id=zz-report').expect(200)).body).toMatchObject({ total: 1, templates: [{ id: 'zz-report' }] });
      expectError(await t.http.get('/api/v1/templates?id=zz-report'), 404, "Template 'zz-report' not found", 'TEMPLATE_NOT_FOUND');
      expectError(await t.http.get('/api/v1/templates').set('X-API-Key', 'pk_live_wrong'), 401, 'Invalid or inactive API key', 'INVALID_API_KEY');
    });

    it('shows a custom template with its definition and versions; a built-in as before', async () => {
      const ws = await t.createWorkspace('business');
      await created(ws.key, { id: 'shown', ...greeting(), defaultOptions: { format: 'A4' } });
      const res = await as(ws.key).get('shown').expect(200);
      expect(res.body).toMatchObject({ id: 'shown', custom: true, version: '1.0.0', versions: [{ version: '1.0.0', createdAt: res.body.createdAt }] });
      expect(res.body.definition).toEqual({
        schema: greeting().schema,
        layout: greeting().layout,
        defaultOptions: { format: 'A4', orientation: 'portrait', margin: { top: '0.75in', right: '0.75in', bottom: '0.75in', left: '0.75in' } },
        sampleData: { name: 'Sample Person' },
      });
      const builtIn = await as(ws.key).get('invoice-basic').expect(200);
      expect(builtIn.body).toEqual({ id: 'invoice-basic', name: 'Basic Invoice', description: expect.any(String), category: 'invoice', version: '1.0.0', custom: false });
      const unknown = await as(ws.key).get('nope');
      expectError(unknown, 404, "Template 'nope' not found", 'TEMPLATE_NOT_FOUND');
      expect(unknown.body.availableTemplates).toEqual([...TEMPLATE_IDS, 'shown']);
      expectError(await t.http.get('/api/v1/templates/shown'), 401, 'Missing API key', 'MISSING_API_KEY');
    });

    it('serves the schema of a custom template', async () => {
      const ws = await t.createWorkspace('business');
      await created(ws.key, { id: 'with-schema', ...greeting(), defaultOptions: { orientation: 'landscape' } });
      expect((await as(ws.key).schema('with-schema').expect(200)).body).toEqual({
        templateId: 'with-schema',
        templateName: 'Greeting',
        schema: greeting().schema,
        defaultOptions: { format: 'Letter', orientation: 'landscape', margin: { top: '0.75in', right: '0.75in', bottom: '0.75in', left: '0.75in' } },
      });
      expectError(await as(ws.key).schema('missing'), 404, "Template 'missing' not found", 'TEMPLATE_NOT_FOUND');
    });
  });

  describe('versions', () => {
    it('makes 1.1.0, 1.2.0 on each PUT, a named higher version on request, and keeps them all', async () => {
      const ws = await t.createWorkspace('business');
      await created(ws.key, { id: 'versioned', ...greeting('One') });
      expect((await as(ws.key).update('versioned', greeting('Two')).expect(200)).body).toMatchObject({ id: 'versioned', version: '1.1.0', custom: true });
      expect((await as(ws.key).update('versioned', greeting('Three')).expect(200)).body.version).toBe('1.2.0');
      expect((await as(ws.key).update('versioned', { ...greeting('Four'), version: '2.0.0' }).expect(200)).body.version).toBe('2.0.0');
      expect((await as(ws.key).update('versioned', greeting('Five', { name: 'Renamed', category: 'invoice' })).expect(200)).body).toMatchObject({
        version: '2.1.0',
        name: 'Renamed',
        category: 'invoice',
      });
      const shown = await as(ws.key).get('versioned').expect(200);
      expect(shown.body.versions.map((v: Body) => v.version)).toEqual(['1.0.0', '1.1.0', '1.2.0', '2.0.0', '2.1.0']);
      expect(shown.body.definition.layout).toEqual(greeting('Five').layout);
      expect((await as(ws.key).list('?id=versioned')).body.templates[0]).toMatchObject({ version: '2.1.0', name: 'Renamed' });
      // Older versions stay renderable.
      const older = await as(ws.key).previewPdf({ templateId: 'versioned', templateVersion: '1.1.0', data: { name: 'Ada' } }).expect(200);
      expect(textOf(older.body)).toContain('Two Ada');
      const newest = await as(ws.key).previewPdf({ templateId: 'versioned', data: { name: 'Ada' } }).expect(200);
      expect(textOf(newest.body)).toContain('Five Ada');
      expectError(await as(ws.key).preview({ templateId: 'versioned', templateVersion: '1.5.0' }), 400, "Template 'versioned' has no version '1.5.0'", 'TEMPLATE_VERSION_NOT_FOUND');
    });

    it('refuses a version that is not higher, or not semantic, naming version', async () => {
      const ws = await t.createWorkspace('business');
      await created(ws.key, { id: 'strict', ...greeting() });
      await as(ws.key).update('strict', { ...greeting(), version: '1.4.0' }).expect(200);
      for (const version of ['1.4.0', '1.3.9', '0.9.0']) {
        expect(await definitionErrors(await as(ws.key).update('strict', { ...greeting(), version }))).toEqual(['version must be higher than the current version 1.4.0']);
      }
      for (const version of ['2', 'v2.0.0', '2.0.0-beta', '01.0.0', 5]) {
        expect(await definitionErrors(await as(ws.key).update('strict', { ...greeting(), version }))).toEqual(['version must be a semantic version such as 2.0.0']);
      }
      expect(await definitionErrors(await as(ws.key).update('strict', { ...greeting(), id: 'other' }))).toEqual(["id cannot be changed: this template is 'strict'"]);
      await as(ws.key).update('strict', { ...greeting(), id: 'strict' }).expect(200);
    });

    it("refuses to change or delete built-ins: 403, and unknown ids: 404", async () => {
      for (const id of TEMPLATE_IDS) {
        expectError(await as(business.key).update(id, greeting()), 403, 'Built-in templates cannot be changed', 'BUILT_IN_TEMPLATE_READ_ONLY');
        expectError(await as(business.key).remove(id), 403, 'Built-in templates cannot be changed', 'BUILT_IN_TEMPLATE_READ_ONLY');
      }
      // The built-in rule before the body.
      expectError(await as(business.key).update('invoice-basic', {}), 403, 'Built-in templates cannot be changed', 'BUILT_IN_TEMPLATE_READ_ONLY');
      expectError(await as(business.key).update('no-such', greeting()), 404, "Template 'no-such' not found", 'TEMPLATE_NOT_FOUND');
      expectError(await as(business.key).remove('no-such'), 404, "Template 'no-such' not found", 'TEMPLATE_NOT_FOUND');
    });

    it('deletes with 204; afterwards the id is unknown everywhere and free again', async () => {
      const ws = await t.createWorkspace('business');
      await created(ws.key, { id: 'short-lived', ...greeting() });
      await as(ws.key).update('short-lived', greeting('Again')).expect(200);
      const res = await as(ws.key).remove('short-lived').expect(204);
      expect(res.text).toBe('');
      expectError(await as(ws.key).get('short-lived'), 404, "Template 'short-lived' not found", 'TEMPLATE_NOT_FOUND');
      expectError(await as(ws.key).schema('short-lived'), 404, "Template 'short-lived' not found", 'TEMPLATE_NOT_FOUND');
      expectError(await as(ws.key).update('short-lived', greeting()), 404, "Template 'short-lived' not found", 'TEMPLATE_NOT_FOUND');
      expectError(await as(ws.key).remove('short-lived'), 404, "Template 'short-lived' not found", 'TEMPLATE_NOT_FOUND');
      expectError(await as(ws.key).preview({ templateId: 'short-lived' }), 400, "Template 'short-lived' not found", 'TEMPLATE_NOT_FOUND');
      const generate = await t.http.post('/api/v1/generate').set('X-API-Key', ws.key).send({ templateId: 'short-lived', data: { name: 'x' } });
      expectError(generate, 400, "Template 'short-lived' not found", 'TEMPLATE_NOT_FOUND');
      expect((await as(ws.key).list()).body.total).toBe(TEMPLATE_IDS.length);
      const again = await created(ws.key, { id: 'short-lived', ...greeting() });
      expect(again.version).toBe('1.0.0');
    });
  });

  describe('isolation between workspaces', () => {
    it("never lets another workspace's key list, get, preview, change or delete a template", async () => {
      const owner = await t.createWorkspace('business');
      const stranger = await t.createWorkspace('business');
      await created(owner.key, { id: 'private-one', ...greeting() });
      const notFound = (res: { status: number; body: Body }, status = 404) => expectError(res as never, status, "Template 'private-one' not found", 'TEMPLATE_NOT_FOUND');
      expect((await as(stranger.key).list()).body.templates.map((x: Body) => x.id)).not.toContain('private-one');
      notFound(await as(stranger.key).list('?id=private-one'));
      notFound(await as(stranger.key).get('private-one'));
      notFound(await as(stranger.key).schema('private-one'));
      notFound(await as(stranger.key).update('private-one', greeting('Hijacked')));
      notFound(await as(stranger.key).remove('private-one'));
      notFound(await as(stranger.key).preview({ templateId: 'private-one' }), 400);
      notFound(await t.http.post('/api/v1/generate').set('X-API-Key', stranger.key).send({ templateId: 'private-one', data: { name: 'x' } }), 400);
      // Untouched for its owner; the stranger may use the same id for its own.
      expect((await as(owner.key).get('private-one').expect(200)).body.versions).toHaveLength(1);
      await created(stranger.key, { id: 'private-one', ...greeting('Mine') });
      const own = await as(owner.key).previewPdf({ templateId: 'private-one', data: { name: 'Ada' } }).expect(200);
      expect(textOf(own.body)).toContain('Hello Ada');
    });
  });

  describe('preview', () => {
    it('renders a custom template with its sample data, watermarked PREVIEW, and counts nothing', async () => {
      const ws = await t.createWorkspace('business');
      await created(ws.key, { id: 'previewed', ...greeting() });
      const res = await as(ws.key).previewPdf({ templateId: 'previewed' }).expect(200);
      expect(res.headers).toMatchObject({ 'content-type': 'application/pdf', 'x-preview': 'true' });
      expect(res.headers['content-disposition']).toBe('inline; filename="previewed-preview.pdf"');
      expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');
      const text = textOf(res.body);
      expect(text).toContain('Hello Sample Person');
      expect(hasWatermark(res.body)).toBe(true);
      const view = await t.admin.get(`/workspaces/${ws.id}`).expect(200);
      expect(view.body.usage.used).toBe(0);
      expect((await t.http.get('/api/v1/generations').set('X-API-Key', ws.key).expect(200)).body.generations ?? []).toEqual([]);
    });

    it('renders with the data and options given, checks the data against the schema', async () => {
      const ws = await t.createWorkspace('business');
      await created(ws.key, { id: 'checked', ...greeting(), defaultOptions: { format: 'A4' } });
      const res = await as(ws.key).previewPdf({ templateId: 'checked', data: { name: 'Grace' }, options: { orientation: 'landscape' } }).expect(200);
      expect(textOf(res.body)).toContain('Hello Grace');
      expect(poppler('pdfinfo', res.body)).toMatch(/Page size:\s+841\.89 x 595\.28/);
      const bad = await as(ws.key).preview({ templateId: 'checked', data: { count: 'x' } });
      expectError(bad, 400, 'Invalid data for template', 'INVALID_DATA');
      expect(bad.body.validationErrors).toEqual(['Missing required field: name', "Field 'count' must be integer"]);
      const badOptions = await as(ws.key).preview({ templateId: 'checked', options: { format: 'A3' } });
      expectError(badOptions, 400, 'Invalid request', 'INVALID_REQUEST');
      expect(badOptions.body.validationErrors).toEqual(['options.format must be one of: Letter, A4, Legal']);
    });

    it('renders a layout not stored, checked like a definition, with an optional schema', async () => {
      const layout = { body: [{ type: 'text', text: 'Draft for {{ who }}' }] };
      const res = await as(business.key).previewPdf({ layout, data: { who: 'Edsger' } }).expect(200);
      expect(res.headers['x-preview']).toBe('true');
      expect(res.headers['content-disposition']).toBe('inline; filename="layout-preview.pdf"');
      expect(textOf(res.body)).toContain('Draft for Edsger');
      expect(hasWatermark(res.body)).toBe(true);
      const schema = { type: 'object', required: ['who'], properties: { who: { type: 'string' } } };
      const noData = await as(business.key).preview({ layout, schema });
      expectError(noData, 400, 'Invalid data for template', 'INVALID_DATA');
      expect(noData.body.validationErrors).toEqual(['Missing required field: who']);
      const badLayout = await as(business.key).preview({ layout: { body: [{ type: 'nope' }] } });
      expect((await definitionErrors(badLayout))[0]).toMatch(/^layout\.body\[0\]\.type must be one of: text, /);
      expect(await definitionErrors(await as(business.key).preview({ layout, schema: { type: 'string' } }))).toEqual(['schema.type must be "object": data is a JSON object']);
    });

    it('previews a built-in with its sample data, or the data given', async () => {
      const sample = await as(free.key).previewPdf({ templateId: 'invoice-basic' }).expect(200);
      expect(hasWatermark(sample.body)).toBe(true);
      expect(sample.headers['content-disposition']).toBe('inline; filename="invoice-basic-preview.pdf"');
      const bad = await as(free.key).preview({ templateId: 'invoice-basic', data: { items: [] } });
      expectError(bad, 400, 'Invalid data for template', 'INVALID_DATA');
      expectError(await as(free.key).preview({ templateId: 'invoice-basic', templateVersion: '2.0.0' }), 400, "Template 'invoice-basic' has no version '2.0.0'", 'TEMPLATE_VERSION_NOT_FOUND');
    });

    it('asks for exactly one of templateId and layout', async () => {
      const neither = await as(business.key).preview({});
      expectError(neither, 400, 'Invalid request', 'INVALID_REQUEST');
      expect(neither.body.validationErrors).toEqual(['templateId or layout is required']);
      const both = await as(business.key).preview({ templateId: 'invoice-basic', layout: { body: [] } });
      expect(both.body.validationErrors).toEqual(['templateId and layout cannot be combined: preview a stored template or a layout']);
      expectError(await t.http.post('/api/v1/templates/preview').send({ templateId: 'invoice-basic' }), 401, 'Missing API key', 'MISSING_API_KEY');
    });
  });

  describe('the template language schema', () => {
    it('is served without a key, exactly as the engine validates with', async () => {
      for (const prefix of ['/api/v1', '/v1']) {
        const res = await t.http.get(`${prefix}/template-language.schema.json`).expect(200);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.body).toEqual(JSON.parse(JSON.stringify(TEMPLATE_LANGUAGE_SCHEMA)));
      }
    });
  });

  describe('the OpenAPI document', () => {
    it('documents every endpoint of section 9 with its bodies, examples and errors', async () => {
      const doc = (await t.http.get('/openapi.json').expect(200)).body;
      const operations = {
        post: doc.paths['/api/v1/templates'].post,
        put: doc.paths['/api/v1/templates/{id}'].put,
        delete: doc.paths['/api/v1/templates/{id}'].delete,
        get: doc.paths['/api/v1/templates/{id}'].get,
        preview: doc.paths['/api/v1/templates/preview'].post,
        language: doc.paths['/api/v1/template-language.schema.json'].get,
      };
      for (const operation of Object.values(operations)) expect(operation).toBeDefined();
      expect(operations.post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/TemplateDefinitionRequest' });
      expect(operations.post.responses['409'].content['application/json'].examples.TEMPLATE_ALREADY_EXISTS.value.error).toBe("Template '<id>' already exists");
      expect(operations.put.responses['404'].content['application/json'].examples.TEMPLATE_NOT_FOUND).toBeDefined();
      expect(Object.keys(operations.post.responses['403'].content['application/json'].examples)).toEqual(
        expect.arrayContaining(['CUSTOM_TEMPLATES_NOT_IN_PLAN', 'CUSTOM_TEMPLATE_LIMIT_REACHED']),
      );
      expect(operations.delete.responses['204']).toBeDefined();
      expect(operations.preview.responses['200'].content['application/pdf']).toBeDefined();
      const definition = doc.components.schemas.TemplateDefinitionRequest;
      expect(definition.properties.layout.$ref).toBe('#/components/schemas/TemplateLanguage');
      expect(definition.examples[0]).toEqual(EXAMPLE_TEMPLATE_BODY);
      expect(doc.components.schemas.TemplatePreviewRequest.properties.layout.$ref).toBe('#/components/schemas/TemplateLanguage');
      // The language with each of its definitions a component, so that code generators resolve every reference.
      const { $schema: _dialect, definitions, ...language } = TEMPLATE_LANGUAGE_SCHEMA;
      const { block, ...others } = definitions!;
      const published = (schema: unknown) => JSON.parse(JSON.stringify(schema).replace(/"#\/definitions\/([^"]+)"/g, '"#/components/schemas/TemplateLanguage-$1"'));
      expect(doc.components.schemas.TemplateLanguage).toEqual(published(language));
      for (const [name, schema] of Object.entries(others)) expect(doc.components.schemas[`TemplateLanguage-${name}`]).toEqual(published(schema));
      // A block: one of the block types, told apart by `type` (the form code generators turn into a union).
      const blockRef = (type: string) => `#/components/schemas/TemplateLanguage-${type}Block`;
      expect(doc.components.schemas['TemplateLanguage-block']).toEqual({
        description: block.description,
        oneOf: BLOCK_TYPES.map((type) => ({ $ref: blockRef(type) })),
        discriminator: { propertyName: 'type', mapping: Object.fromEntries(BLOCK_TYPES.map((type) => [type, blockRef(type)])) },
      });
      // Free-form objects are published as such, not as objects without properties.
      for (const field of ['schema', 'sampleData']) expect(definition.properties[field]).toMatchObject({ type: 'object', additionalProperties: {} });
      for (const field of ['schema', 'data']) expect(doc.components.schemas.TemplatePreviewRequest.properties[field]).toMatchObject({ type: 'object', additionalProperties: {} });
      // The language's schema is answered as a JSON Schema document, not as a layout.
      expect(operations.language.responses['200'].content['application/json'].schema).toMatchObject({
        type: 'object',
        additionalProperties: true,
        description: expect.stringContaining('JSON Schema'),
        example: { $schema: TEMPLATE_LANGUAGE_SCHEMA.$schema, type: 'object', required: ['body'] },
      });
    });
  });

  describe('request bodies', () => {
    it('answers the contract errors for bodies that are not JSON', async () => {
      const res = await t.http.post('/api/v1/templates').set('X-API-Key', business.key).set('Content-Type', 'text/plain').send('name=x');
      expectError(res, 415, 'Content-Type must be application/json', 'UNSUPPORTED_MEDIA_TYPE');
      const broken = await t.http.put('/api/v1/templates/x-y-z').set('X-API-Key', business.key).set('Content-Type', 'application/json').send('{"name":');
      expectError(broken, 400, 'Invalid JSON body', 'INVALID_JSON');
    });

    it('keys and suspension come first', async () => {
      expectError(await t.http.post('/api/v1/templates').send(greeting()), 401, 'Missing API key', 'MISSING_API_KEY');
      expectError(await as('pk_live_nope').create(greeting()), 401, 'Invalid or inactive API key', 'INVALID_API_KEY');
      const ws = await t.createWorkspace('business');
      await t.admin.patch(`/workspaces/${ws.id}`, { suspended: true }).expect(200);
      expectError(await as(ws.key).create(greeting()), 403, 'Workspace is suspended', 'WORKSPACE_SUSPENDED');
      expectError(await as(ws.key).preview({ templateId: 'invoice-basic' }), 403, 'Workspace is suspended', 'WORKSPACE_SUSPENDED');
    });
  });
});
