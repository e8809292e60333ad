import SwaggerParser from '@apidevtools/swagger-parser';
import type { AddressInfo } from 'node:net';
import type { Response } from 'supertest';
import { ERROR_CATALOGUE, ErrorCode, ErrorSpec } from '../../src/common/errors/error-catalogue';
import { BUILT_IN_TEMPLATES } from '../../src/engine';
import { GENERATE_REQUEST_COMPONENT, generateRequestOpenApiSchema } from '../../src/generation/request/generate-request.openapi';
import { templateDataSchemaName } from '../../src/templates/openapi-schema-names';
import { binary } from '../support/binary';
import { sample } from '../support/samples';
import { startTestApp, TestApp } from '../support/test-app';

/** Every key named `name` anywhere in the document, with its path. */
function keysNamed(name: string, node: unknown, path = '#'): string[] {
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) => [...(key === name ? [`${path}/${key}`] : []), ...keysNamed(name, value, `${path}/${key}`)]);
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every operation of the document, as `METHOD path`. */
function operationsOf(doc: any): [string, any][] {
  return Object.entries(doc.paths).flatMap(([path, item]: [string, any]) =>
    METHODS.filter((method) => item[method]).map((method): [string, any] => [`${method.toUpperCase()} ${path}`, item[method]]),
  );
}

/** Headers every HTTP answer may carry, sent by Node, Express or helmet (the same on every route): not ours to document. */
const TRANSPORT_HEADERS = new Set([
  'date', 'connection', 'keep-alive', 'transfer-encoding', 'content-type', 'content-length', 'vary',
  'content-security-policy', 'cross-origin-opener-policy', 'cross-origin-resource-policy', 'origin-agent-cluster', 'referrer-policy',
  'strict-transport-security', 'x-content-type-options', 'x-dns-prefetch-control', 'x-download-options', 'x-frame-options',
  'x-permitted-cross-domain-policies', 'x-xss-protection',
]);

/** The published document, checked by tools we did not write: other clients read it with such tools. */
describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: any;
  beforeAll(async () => {
    t = await startTestApp();
    doc = (await t.http.get('/openapi.json').expect(200)).body;
  });
  afterAll(() => t.close());

  it('is OpenAPI 3.1.0 and passes an independent validator', async () => {
    expect(doc.openapi).toBe('3.1.0');
    // The validator dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeDefined();
  });

  it('states request defaults in prose, not as `default`, which openapi-typescript would type as always present', () => {
    // Its defaultNonNullable (on unless turned off) makes a property with a `default` required,
    // exempting only schemas written inline in a request body: ours are shared components.
    expect(keysNamed('default', doc.components)).toEqual([]);
  });

  it('keeps no OpenAPI 3.0 keyword: nullable fields allow null the 3.1 way', () => {
    expect(keysNamed('nullable', doc.components)).toEqual([]);
    expect(keysNamed('nullable', doc.paths)).toEqual([]);
    expect(doc.components.schemas.WorkspaceDto.properties.monthlyLimit.type).toEqual(['integer', 'null']);
  });

  it('publishes the schemas that validate requests exactly as they are', () => {
    for (const template of BUILT_IN_TEMPLATES) {
      const { $schema: _dialect, ...schema } = template.schema;
      expect(doc.components.schemas[templateDataSchemaName(template.id)]).toEqual(schema);
    }
    expect(doc.components.schemas[GENERATE_REQUEST_COMPONENT]).toEqual(JSON.parse(JSON.stringify(generateRequestOpenApiSchema())));
  });

  it('publishes options.lang (BCP 47), options.pdfStandard (a standard or a list), eInvoice and attachments in the generate body', () => {
    const options = doc.components.schemas[GENERATE_REQUEST_COMPONENT].properties.options.properties;
    expect(options.lang).toMatchObject({ type: 'string', pattern: expect.any(String), maxLength: 35 });
    expect(new RegExp(options.lang.pattern).test('zh-Hant-TW')).toBe(true);
    expect(new RegExp(options.lang.pattern).test('en_US')).toBe(false);
    const standards = ['PDF/A-2b', 'PDF/A-3b', 'PDF/UA-1'];
    expect(options.pdfStandard.anyOf).toMatchObject([
      { type: 'string', enum: standards },
      { type: 'array', maxItems: 2, uniqueItems: true, items: { type: 'string', enum: standards } },
    ]);
    expect(options.eInvoice).toMatchObject({ type: 'string', enum: ['EN16931', 'XRECHNUNG'] });
    expect(options.attachments).toMatchObject({ type: 'array', maxItems: 10, items: { required: ['name', 'contentType', 'data'] } });
  });

  it('serves the same document as YAML', async () => {
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    const yaml = await t.http.get('/openapi.yaml').expect(200);
    expect(yaml.text).toMatch(/^openapi: 3\.1\.0$/m);
    // The validator's own YAML parser reads it from the URL (allowed to fetch from 127.0.0.1).
    const parsed = await SwaggerParser.parse(`http://127.0.0.1:${port}/openapi.yaml`, { resolve: { http: { safeUrlResolver: false } } });
    // The parser makes the relative server '/' absolute, from the URL it read the document at.
    expect(doc.servers).toEqual([{ url: '/' }]);
    expect({ ...parsed, servers: doc.servers }).toEqual(doc);
  });

  it('gives /docs the same document to render', async () => {
    const init = (await t.http.get('/docs/swagger-ui-init.js').expect(200)).text;
    const options = JSON.parse(/let options = (\{[\s\S]*?\});\n/.exec(init)![1]);
    expect(options.swaggerDoc).toEqual(doc);
  });

  describe('states what the service really sends', () => {
    const operation = (method: string, path: string) => doc.paths[path][method];
    const headersOf = (response: any) => Object.keys(response.headers ?? {});

    it('lists each operation once, under /api/v1, with a stable operationId of its own', () => {
      expect(Object.keys(doc.paths).filter((path) => path.startsWith('/v1/'))).toEqual([]);
      const ids = operationsOf(doc).map(([, op]) => op.operationId);
      for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z]+$/);
      for (const [name, op] of operationsOf(doc)) {
        const inPath = [...name.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
        expect([name, (op.parameters ?? []).filter((p: any) => p.in === 'path').map((p: any) => p.name)]).toEqual([name, inPath]);
      }
      expect(new Set(ids).size).toBe(ids.length);
      const named = Object.fromEntries(operationsOf(doc).map(([name, op]) => [name, op.operationId]));
      expect(named).toMatchObject({
        'POST /api/v1/generate': 'generatePdf',
        'POST /api/v1/batches': 'createBatch',
        'GET /api/v1/batches/{id}': 'getBatch',
        'GET /api/v1/templates': 'listTemplates',
        'POST /api/v1/templates/preview': 'previewTemplate',
        'GET /api/v1/jobs/{jobId}': 'getJob',
        'GET /files/{name}': 'downloadFile',
        'GET /healthz': 'checkLiveness',
      });
    });

    it('says which operations need no key (security: []) and which need one', () => {
      const publicOperations = ['GET /files/{name}', 'HEAD /files/{name}', 'OPTIONS /files/{name}', 'GET /healthz', 'GET /readyz', 'GET /api/v1/template-language.schema.json'];
      for (const [name, op] of operationsOf(doc)) {
        if (publicOperations.includes(name)) expect([name, op.security]).toEqual([name, []]);
        else if (name === 'GET /api/v1/templates') expect(op.security).toEqual(expect.arrayContaining([{}, { apiKey: [] }, { bearer: [] }]));
        else expect([name, op.security.length > 0 && op.security.every((requirement: object) => Object.keys(requirement).length > 0)]).toEqual([name, true]);
      }
      expect(operation('post', '/api/v1/generate').security).toEqual(expect.arrayContaining([{ apiKey: [] }, { bearer: [] }]));
      expect(operation('post', '/admin/v1/workspaces').security).toEqual([{ admin: [] }]);
    });

    it('gives PDF bytes as binary on generate, preview and files', () => {
      const pdf = (response: any) => response.content['application/pdf'].schema;
      const responses = [
        operation('post', '/api/v1/generate').responses['200'],
        operation('post', '/api/v1/templates/preview').responses['200'],
        operation('get', '/files/{name}').responses['200'],
        operation('get', '/files/{name}').responses['206'],
      ];
      for (const response of responses) expect(pdf(response)).toMatchObject({ type: 'string', format: 'binary' });
      expect(operation('post', '/api/v1/generate').responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/GenerateResponseDto' });
    });

    it('declares the headers of each response, every one of them defined', () => {
      for (const [name, op] of operationsOf(doc)) {
        for (const [status, response] of Object.entries(op.responses) as [string, any][]) {
          expect([name, status, headersOf(response)]).toEqual([name, status, expect.arrayContaining(['X-Request-Id'])]);
          for (const header of Object.values(response.headers) as any[]) expect(doc.components.headers[header.$ref.replace('#/components/headers/', '')]).toBeDefined();
          if (status === '401') expect(headersOf(response)).toContain('WWW-Authenticate');
          const codes = Object.keys(response.content?.['application/json']?.examples ?? {});
          if (status === '429' || codes.includes('SERVER_BUSY')) expect([name, status, headersOf(response)]).toEqual([name, status, expect.arrayContaining(['Retry-After'])]);
        }
      }
      const generate = operation('post', '/api/v1/generate').responses;
      expect(headersOf(generate['200'])).toEqual(
        expect.arrayContaining(['RateLimit-Policy', 'RateLimit', 'X-Generation-Time-Ms', 'X-PDF-Size-Bytes', 'X-Usage-Remaining', 'Content-Disposition', 'X-Test-Mode', 'Idempotent-Replayed']),
      );
      expect(headersOf(generate['409'])).toContain('Retry-After');
      expect(headersOf(generate['401'])).not.toContain('RateLimit');
      expect(headersOf(operation('post', '/api/v1/batches').responses['202'])).toEqual(expect.arrayContaining(['RateLimit-Policy', 'RateLimit', 'X-Test-Mode', 'Idempotent-Replayed']));
      const file = operation('get', '/files/{name}').responses;
      const fileHeaders = ['ETag', 'Cache-Control', 'Accept-Ranges', 'Content-Disposition', 'Access-Control-Allow-Origin', 'Access-Control-Expose-Headers'];
      expect(headersOf(file['200'])).toEqual(expect.arrayContaining(fileHeaders));
      expect(headersOf(file['206'])).toEqual(expect.arrayContaining([...fileHeaders, 'Content-Range']));
      expect(headersOf(operation('options', '/files/{name}').responses['204'])).toEqual(expect.arrayContaining(['Access-Control-Allow-Methods', 'Access-Control-Allow-Headers']));
    });

    it("gives each error response its codes' extra fields, and ErrorResponse every one of them", () => {
      const propertiesOf = (schema: any): string[] => [
        ...Object.keys(schema.properties ?? {}),
        ...(schema.allOf ?? []).flatMap((part: any) => (part.$ref ? [] : propertiesOf(part))),
      ];
      const allExtras = new Set<string>();
      for (const [name, op] of operationsOf(doc)) {
        for (const [status, response] of Object.entries(op.responses) as [string, any][]) {
          const json = response.content?.['application/json'];
          for (const code of Object.keys(json?.examples ?? {}).filter((code) => code in ERROR_CATALOGUE)) {
            const extra = (ERROR_CATALOGUE[code as ErrorCode] as ErrorSpec).extra ?? [];
            extra.forEach((field) => allExtras.add(field));
            expect([name, status, code, propertiesOf(json.schema)]).toEqual([name, status, code, expect.arrayContaining([...extra])]);
          }
        }
      }
      const quota = operation('post', '/api/v1/generate').responses['429'].content['application/json'].schema;
      expect(propertiesOf(quota)).toEqual(expect.arrayContaining(['limit', 'used', 'remaining', 'requested']));
      expect(propertiesOf(operation('post', '/api/v1/generate').responses['400'].content['application/json'].schema)).toEqual(expect.arrayContaining(['availableTemplates', 'validationErrors']));
      const everyExtra = Object.values(ERROR_CATALOGUE).flatMap((spec: ErrorSpec) => spec.extra ?? []);
      expect(Object.keys(doc.components.schemas.ErrorResponse.properties)).toEqual(expect.arrayContaining(['success', 'error', 'code', 'requestId', ...everyExtra]));
      expect(allExtras.size).toBeGreaterThan(5);
    });

    describe('and the service sends what it declares', () => {
      let key: string;
      let workspaceId: string;
      beforeAll(async () => {
        ({ key, id: workspaceId } = await t.createWorkspace('business'));
      });

      /** The response's own headers are all declared, and those named are both declared and sent. */
      function expectDeclared(res: Response, response: any, sent: string[]): void {
        const declared = headersOf(response).map((name) => name.toLowerCase());
        const own = Object.keys(res.headers).filter((name) => !TRANSPORT_HEADERS.has(name));
        expect(own.filter((name) => !declared.includes(name))).toEqual([]);
        for (const name of sent) expect([name, declared.includes(name.toLowerCase()), res.headers[name.toLowerCase()] !== undefined]).toEqual([name, true, true]);
      }
      const generate = (body: object, apiKey = key) => t.http.post('/api/v1/generate').set('X-API-Key', apiKey).send({ templateId: 'invoice-basic', data: sample('invoice-basic'), ...body });

      it('on a generate answered with the PDF', async () => {
        const res = await generate({ outputFormat: 'buffer' }).buffer(true).parse(binary).expect(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expectDeclared(res, operation('post', '/api/v1/generate').responses['200'], [
          'X-Request-Id', 'RateLimit-Policy', 'RateLimit', 'X-Generation-Time-Ms', 'X-PDF-Size-Bytes', 'X-Usage-Remaining', 'Content-Disposition',
        ]);
      });

      it('on a replay, an answer to a test key, a batch and a preview', async () => {
        const once = () => generate({ outputFormat: 'buffer' }).set('Idempotency-Key', 'openapi-headers').buffer(true).parse(binary).expect(200);
        await once();
        const replayed = await once();
        expectDeclared(replayed, operation('post', '/api/v1/generate').responses['200'], ['Idempotent-Replayed', 'X-PDF-Size-Bytes', 'Content-Disposition']);
        const testKey = (await t.admin.post(`/workspaces/${workspaceId}/keys`, { name: 'test', mode: 'test' }).expect(201)).body.key;
        const tested = await generate({ outputFormat: 'buffer' }, testKey).buffer(true).parse(binary).expect(200);
        expectDeclared(tested, operation('post', '/api/v1/generate').responses['200'], ['X-Test-Mode', 'RateLimit']);
        const batch = await t.http.post('/api/v1/batches').set('X-API-Key', key).send({ items: [{ templateId: 'invoice-basic', data: sample('invoice-basic') }] }).expect(202);
        expectDeclared(batch, operation('post', '/api/v1/batches').responses['202'], ['X-Request-Id', 'RateLimit-Policy', 'RateLimit']);
        const preview = await t.http.post('/api/v1/templates/preview').set('X-API-Key', key).send({ templateId: 'invoice-basic' }).buffer(true).parse(binary).expect(200);
        expectDeclared(preview, operation('post', '/api/v1/templates/preview').responses['200'], ['X-Preview', 'Content-Disposition', 'Cache-Control', 'RateLimit']);
      });

      it('on a hosted file, whole and in part', async () => {
        const { pdfUrl } = (await generate({ outputFormat: 'url' }).expect(200)).body;
        const path = new URL(pdfUrl).pathname;
        const responses = operation('get', '/files/{name}').responses;
        const whole = await t.http.get(path).buffer(true).parse(binary).expect(200);
        const fileHeaders = ['X-Request-Id', 'ETag', 'Cache-Control', 'Last-Modified', 'Accept-Ranges', 'Content-Disposition', 'Access-Control-Allow-Origin', 'Access-Control-Expose-Headers'];
        expectDeclared(whole, responses['200'], fileHeaders);
        const part = await t.http.get(path).set('Range', 'bytes=0-9').buffer(true).parse(binary).expect(206);
        expectDeclared(part, responses['206'], [...fileHeaders, 'Content-Range']);
        const notModified = await t.http.get(path).set('If-None-Match', whole.headers.etag).expect(304);
        expectDeclared(notModified, responses['304'], ['X-Request-Id', 'ETag']);
        const unsatisfiable = await t.http.get(path).set('Range', `bytes=${Number(whole.headers['content-length']) + 10}-`).expect(416);
        expectDeclared(unsatisfiable, responses['416'], ['X-Request-Id', 'Content-Range', 'ETag', 'Access-Control-Allow-Origin']);
        const unknown = await t.http.get(`/files/${'A'.repeat(24)}.pdf`).expect(404);
        expectDeclared(unknown, responses['404'], ['X-Request-Id', 'Access-Control-Allow-Origin']);
      });

      it('on a 429 and a 401', async () => {
        const capped = await t.createWorkspace('free', { monthlyLimit: 0 });
        const refused = await generate({}, capped.key).expect(429);
        expect(refused.body).toMatchObject({ code: 'QUOTA_EXCEEDED', limit: 0, used: 0, remaining: 0 });
        expectDeclared(refused, operation('post', '/api/v1/generate').responses['429'], ['X-Request-Id', 'RateLimit-Policy', 'RateLimit', 'Retry-After', 'X-Usage-Remaining']);
        const unknown = await t.http.get('/api/v1/jobs/nope').set('X-API-Key', 'pk_live_nope').expect(401);
        expectDeclared(unknown, operation('get', '/api/v1/jobs/{jobId}').responses['401'], ['X-Request-Id', 'WWW-Authenticate']);
      });
    });
  });
});
