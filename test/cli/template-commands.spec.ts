import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { poppler, squash } from '../rendering/render-helpers';
import { freePort } from '../support/free-port';
import { startTestApp, TestApp } from '../support/test-app';

const run = promisify(execFile);
const BIN = resolve(__dirname, '../../bin/pdfgen.js');

const receipt = {
  id: 'cli-receipt',
  name: 'CLI receipt',
  description: 'Pushed from the command line',
  category: 'invoice',
  schema: { type: 'object', properties: { customer: { type: 'string' } }, required: ['customer'] },
  layout: { body: [{ type: 'text', text: 'Receipt for {{ customer }}', style: 'title' }] },
  sampleData: { customer: 'Sample Customer' },
};

/** A template author's loop against a running service: edit a JSON file, push, list, preview to a local PDF. */
describe('pdfgen template commands', () => {
  let t: TestApp;
  let url: string;
  let key: string;
  let dir: string;
  /** Runs pdfgen with the service's URL and key in the environment unless `env` says otherwise. */
  const pdfgen = async (args: string[], env: Record<string, string | undefined> = {}) => {
    const { stdout } = await run('node', [BIN, ...args], { cwd: dir, env: { ...process.env, PDFGEN_URL: url, PDFGEN_API_KEY: key, ...env } });
    return stdout;
  };
  const fails = async (args: string[], env: Record<string, string | undefined> = {}) => {
    try {
      await pdfgen(args, env);
    } catch (error) {
      const e = error as { code: number; stderr: string };
      return { code: e.code, stderr: e.stderr };
    }
    throw new Error(`pdfgen ${args.join(' ')} did not fail`);
  };
  const file = (name: string, content: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(content));
    return path;
  };
  const textOf = (pdfFile: string) => squash(poppler('pdftotext', readFileSync(pdfFile)));

  beforeAll(async () => {
    t = await startTestApp();
    url = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    key = (await t.createWorkspace('business')).key;
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pdfgen-template-cli-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('pushes a new template, then a new version of it, and lists it beside the built-ins', async () => {
    const definition = file('receipt.json', receipt);
    expect(await pdfgen(['template', 'push', definition])).toBe('cli-receipt 1.0.0 (created)\n');
    expect(await pdfgen(['template', 'push', definition])).toBe('cli-receipt 1.1.0 (new version)\n');
    const stored = await t.http.get('/api/v1/templates/cli-receipt').set('X-API-Key', key).expect(200);
    expect(stored.body).toMatchObject({ id: 'cli-receipt', version: '1.1.0', custom: true, category: 'invoice' });
    expect(stored.body.definition.layout).toEqual(receipt.layout);

    const lines = (await pdfgen(['template', 'list'])).trimEnd().split('\n');
    expect(lines[0].split(/\s+/)).toEqual(['ID', 'VERSION', 'KIND', 'NAME']);
    expect(lines).toContainEqual(expect.stringMatching(/^cli-receipt\s+1\.1\.0\s+custom\s+CLI receipt$/));
    expect(lines).toContainEqual(expect.stringMatching(/^invoice-basic\s+1\.0\.0\s+built-in\s+\S/));
    // Without a key, the built-ins only.
    expect(await pdfgen(['template', 'list'], { PDFGEN_API_KEY: undefined })).not.toContain('cli-receipt');
  });

  it('takes the id from --id over the file, and the URL and key from flags over the environment', async () => {
    const definition = file('no-id.json', { ...receipt, id: undefined });
    const flags = ['--url', url, '--key', key];
    const env = { PDFGEN_URL: `http://127.0.0.1:${await freePort()}`, PDFGEN_API_KEY: 'pdfg_not_a_real_key' };
    expect(await pdfgen(['template', 'push', definition, '--id', 'cli-flag-id', ...flags], env)).toBe('cli-flag-id 1.0.0 (created)\n');
    expect(await pdfgen(['template', 'push', file('other-id.json', receipt), '--id', 'cli-flag-id', ...flags], env)).toBe('cli-flag-id 1.1.0 (new version)\n');
    // No id at all: the service chooses one.
    expect(await pdfgen(['template', 'push', definition])).toMatch(/^[a-z0-9][a-z0-9-]{1,62}[a-z0-9] 1\.0\.0 \(created\)\n$/);
  });

  it('previews a definition file with its sample data or --data, without storing it', async () => {
    const definition = file('draft.json', { ...receipt, id: 'cli-draft' });
    expect(await pdfgen(['template', 'preview', definition])).toMatch(/^draft-preview\.pdf: \d+ bytes\n$/);
    const sampled = textOf(join(dir, 'draft-preview.pdf'));
    expect(sampled).toContain('ReceiptforSampleCustomer');
    expect(sampled).toContain('PREVIEW');

    const out = join(dir, 'with-data.pdf');
    await pdfgen(['template', 'preview', definition, '--data', file('data.json', { customer: 'Zoë Müller' }), '--out', out]);
    expect(textOf(out)).toContain(squash('Receipt for Zoë Müller'));
    await t.http.get('/api/v1/templates/cli-draft').set('X-API-Key', key).expect(404);
  });

  it('previews a stored template by id, and a built-in', async () => {
    await pdfgen(['template', 'push', file('receipt.json', { ...receipt, id: 'cli-stored' })]);
    await pdfgen(['template', 'preview', 'cli-stored', '--data', file('data.json', { customer: 'Stored Customer' })]);
    expect(textOf(join(dir, 'cli-stored-preview.pdf'))).toContain('ReceiptforStoredCustomer');
    await pdfgen(['template', 'preview', 'invoice-basic', '--out', 'invoice.pdf']);
    expect(readFileSync(join(dir, 'invoice.pdf')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it("prints the API's message and validation errors, and exits non-zero", async () => {
    const invalid = await fails(['template', 'push', file('bad.json', { ...receipt, id: 'cli-bad', layout: { body: [{ type: 'marquee' }] } })]);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toMatch(/^pdfgen: Invalid template definition\n(  - layout\.body\[0\].*\n)+$/);

    const freeKey = (await t.createWorkspace('free')).key;
    expect(await fails(['template', 'push', file('receipt.json', receipt)], { PDFGEN_API_KEY: freeKey })).toEqual({
      code: 1,
      stderr: 'pdfgen: Custom templates require the Business plan\n',
    });
    expect((await fails(['template', 'push', file('builtin.json', { ...receipt, id: 'invoice-basic' })])).stderr).toBe('pdfgen: Built-in templates cannot be changed\n');
    expect((await fails(['template', 'preview', 'no-such-template'])).stderr).toContain("Template 'no-such-template' not found");
    expect((await fails(['template', 'list'], { PDFGEN_API_KEY: 'pdfg_wrong' })).code).toBe(1);
  });

  it('refuses before any request without a key, a readable file or a reachable service', async () => {
    expect(await fails(['template', 'push', file('receipt.json', receipt)], { PDFGEN_API_KEY: undefined })).toEqual({
      code: 1,
      stderr: 'pdfgen: An API key is needed: pass --key or set PDFGEN_API_KEY\n',
    });
    expect((await fails(['template', 'push', join(dir, 'missing.json')])).stderr).toBe(`pdfgen: Cannot read ${join(dir, 'missing.json')}\n`);
    writeFileSync(join(dir, 'broken.json'), '{ "name": ');
    expect((await fails(['template', 'preview', join(dir, 'broken.json')])).stderr).toMatch(/is not valid JSON/);
    const nobody = `http://127.0.0.1:${await freePort()}`;
    expect((await fails(['template', 'list'], { PDFGEN_URL: nobody })).stderr).toBe(`pdfgen: Cannot reach the service at ${nobody}: ECONNREFUSED\n`);
    expect((await fails(['template', 'push'])).code).toBe(2);
    expect((await fails(['template', 'publish'])).code).toBe(2);
  });
});
