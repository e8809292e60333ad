import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sample } from '../support/samples';
import { startTestApp } from '../support/test-app';
import { compileStrict } from './generated-code';

const CLIENT = resolve(__dirname, '../../clients/typescript');
const GENERATOR = join(CLIENT, 'scripts/generate-types.mjs');
const COMMITTED = join(CLIENT, 'src/generated/openapi.ts');

/**
 * Request bodies typed with the generated types: the fields the service defaults may be left out
 * (openapi-typescript's defaultNonNullable would make a field with a `default` required), and a
 * wrong type must not compile.
 */
const REQUESTS = `
import type { components, paths } from ${JSON.stringify(COMMITTED.replace(/\.ts$/, ''))};
type Schemas = components['schemas'];
type GenerateBody = paths['/api/v1/generate']['post']['requestBody']['content']['application/json'];

export const generate: GenerateBody = { templateId: 'invoice-basic', data: {} };
export const withOptions: GenerateBody = { ...generate, options: { encryption: { ownerPassword: 'secret', permissions: {} }, signature: {} } };
export const invoice: Schemas['TemplateData-invoice-basic'] = ${JSON.stringify(sample('invoice-basic'))};
export const batch: Schemas['BatchRequest'] = { items: [{ templateId: 'invoice-basic', data: invoice, options: {} }] };
export const preview: Schemas['TemplatePreviewRequest'] = { templateId: 'invoice-basic', options: {} };
export const definition: Schemas['TemplateDefinitionRequest'] = { name: 'Slip', schema: {}, layout: { body: [] }, defaultOptions: {} };
export const key: Schemas['CreateKeyDto'] = {};
// @ts-expect-error outputFormat is one of url, base64, buffer
export const wrong: GenerateBody = { templateId: 'invoice-basic', data: {}, outputFormat: 'pdf' };
`;

/** The line where two texts first differ, shown from both sides. */
function firstDifference(committed: string, generated: string): string {
  const [a, b] = [committed.split('\n'), generated.split('\n')];
  const line = a.findIndex((text, i) => text !== b[i]);
  const at = line === -1 ? a.length : line;
  return `line ${at + 1}:\n  committed: ${a[at] ?? '<end of file>'}\n  generated: ${b[at] ?? '<end of file>'}`;
}

/** The client's types are generated from /openapi.json: a change to either without the other fails here. */
describe('the TypeScript client', () => {
  it('has generated types that match the OpenAPI document the service serves', async () => {
    const t = await startTestApp();
    let document: string;
    try {
      document = (await t.http.get('/openapi.json').expect(200)).text;
    } finally {
      await t.close();
    }
    const dir = mkdtempSync(join(tmpdir(), 'pdfgen-openapi-'));
    const documentPath = join(dir, 'openapi.json');
    writeFileSync(documentPath, document);

    // The generator is ESM (openapi-typescript): run it as the regeneration script does, in its own process.
    const generated = execFileSync(process.execPath, [GENERATOR, documentPath, '-'], { encoding: 'utf8' });
    const committed = readFileSync(COMMITTED, 'utf8');
    if (generated !== committed) {
      // The document stays behind so the message's command regenerates from exactly what was served.
      throw new Error(
        `clients/typescript/src/generated/openapi.ts is out of date with the service's /openapi.json, from ${firstDifference(committed, generated)}\n` +
          `Regenerate it and commit the result:\n  npm run client:types -- ${documentPath}\n` +
          `(or against a running service: npm run client:types -- http://localhost:3000/openapi.json)`,
      );
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('types request bodies without the fields the service defaults, and refuse a wrong type', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pdfgen-types-'));
    try {
      writeFileSync(join(dir, 'requests.ts'), REQUESTS);
      await compileStrict(dir, ['requests.ts'], false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
