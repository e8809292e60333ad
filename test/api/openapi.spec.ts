import SwaggerParser from '@apidevtools/swagger-parser';
import type { AddressInfo } from 'node:net';
import { BUILT_IN_TEMPLATES } from '../../src/engine';
import { GENERATE_REQUEST_COMPONENT, generateRequestOpenApiSchema } from '../../src/generation/request/generate-request.openapi';
import { templateDataSchemaName } from '../../src/templates/openapi-schema-names';
import { startTestApp, TestApp } from '../support/test-app';

/** Every key named `name` anywhere in the document, with its path. */
function keysNamed(name: string, node: unknown, path = '#'): string[] {
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) => [...(key === name ? [`${path}/${key}`] : []), ...keysNamed(name, value, `${path}/${key}`)]);
}

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

  it('keeps no OpenAPI 3.0 keyword: nullable fields allow null the 3.1 way', () => {
    expect(keysNamed('nullable', doc.components)).toEqual([]);
    expect(keysNamed('nullable', doc.paths)).toEqual([]);
    expect(doc.components.schemas.WorkspaceDto.properties.monthlyLimit.type).toEqual(['number', 'null']);
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
    expect(options.lang).toMatchObject({ type: 'string', default: 'en', pattern: expect.any(String), maxLength: 35 });
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
    expect(parsed).toEqual(doc);
  });

  it('gives /docs the same document to render', async () => {
    const init = (await t.http.get('/docs/swagger-ui-init.js').expect(200)).text;
    const options = JSON.parse(/let options = (\{[\s\S]*?\});\n/.exec(init)![1]);
    expect(options.swaggerDoc).toEqual(doc);
  });
});
