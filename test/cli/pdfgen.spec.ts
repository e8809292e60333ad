import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pdfgenCli } from '../support/pdfgen-cli';
import { sample } from '../support/samples';
import { startTestApp } from '../support/test-app';


/** The operator CLI, run as operators run it, against a data folder the HTTP API then serves. */
describe('pdfgen command line', () => {
  let dataDir: string;
  const { pdfgen, fails } = pdfgenCli(() => ({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'error' }));

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'pdfgen-cli-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates a workspace and a key that the API accepts, suspends it, revokes the key, reports usage', async () => {
    const workspace = JSON.parse(await pdfgen('workspace', 'create', '--name', 'Acme', '--plan', 'pro'));
    expect(workspace).toMatchObject({ name: 'Acme', plan: 'pro', suspended: false });
    const key = JSON.parse(await pdfgen('key', 'create', workspace.id, '--name', 'ops'));
    expect(key.key).toMatch(/^pdfg_/);
    expect(key.mode).toBe('live');
    const testKey = JSON.parse(await pdfgen('key', 'create', workspace.id, '--name', 'ci', '--mode', 'test'));
    expect(testKey.mode).toBe('test');

    // The CLI writes the SQLite store in DATA_DIR, so the app must read that same store.
    const t = await startTestApp({ DATA_DIR: dataDir }, { store: 'sqlite', files: 'disk' });
    try {
      const body = { templateId: 'invoice-basic', data: sample('invoice-basic'), outputFormat: 'base64' };
      await t.http.post('/api/v1/generate').set('X-API-Key', key.key).send(body).expect(200);
      await t.http.post('/api/v1/generate').set('X-API-Key', testKey.key).send(body).expect(200);

      const usage = JSON.parse(await pdfgen('usage', workspace.id));
      expect(usage).toEqual([expect.objectContaining({ workspaceId: workspace.id, used: 1, limit: 1000, remaining: 999, testUsed: 1 })]);
      expect(JSON.parse(await pdfgen('key', 'list', workspace.id)).map((k: { mode: string }) => k.mode)).toEqual(['live', 'test']);

      await pdfgen('workspace', 'suspend', workspace.id);
      expect((await t.http.post('/api/v1/generate').set('X-API-Key', key.key).send(body)).status).toBe(403);
      await pdfgen('workspace', 'resume', workspace.id);
      await t.http.post('/api/v1/generate').set('X-API-Key', key.key).send(body).expect(200);

      await pdfgen('key', 'revoke', workspace.id, key.id);
      expect((await t.http.post('/api/v1/generate').set('X-API-Key', key.key).send(body)).status).toBe(401);
    } finally {
      await t.app.close();
    }
  });

  it('renders locally without a server', async () => {
    const dataFile = join(dataDir, 'data.json');
    const out = join(dataDir, 'out.pdf');
    writeFileSync(dataFile, JSON.stringify(sample('weekly-report')));
    await pdfgen('render', 'weekly-report', dataFile, '-o', out);
    expect(readFileSync(out).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('explains bad input and exits non-zero', async () => {
    const bad = await fails('workspace', 'create', '--name', 'X', '--plan', 'gold');
    expect(bad).toEqual({ code: 1, stderr: 'pdfgen: Invalid request\n  - plan must be one of: free, pro, business\n' });
    const missing = await fails('workspace', 'show', 'nope');
    expect(missing.stderr).toBe("pdfgen: Workspace 'nope' not found\n");
    const dataFile = join(dataDir, 'bad.json');
    writeFileSync(dataFile, JSON.stringify({ items: [] }));
    const invalid = await fails('render', 'invoice-basic', dataFile, '-o', join(dataDir, 'x.pdf'));
    expect(invalid.stderr).toContain('Missing required field: invoiceNumber');
    const usage = await fails('key', 'revoke');
    expect(usage.code).toBe(2);
  });
});
