import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ADMIN_TOKEN, startTestApp, TestApp } from '../support/test-app';
import { waitUntil } from '../webhooks/receiver';

const run = promisify(execFile);
const ROOT = join(__dirname, '../..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The `sh` blocks of a README section (up to the next `## `), in order. */
function shellBlocks(section: string): string[] {
  const start = README.indexOf(`\n## ${section}\n`);
  if (start < 0) throw new Error(`README has no section ${section}`);
  const end = README.indexOf('\n## ', start + 1);
  const text = README.slice(start, end < 0 ? undefined : end);
  return [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((block) => block[1]);
}

/** The README's curl examples run as written against the real service, with its URL and a real key in place of the placeholders. */
describe('README examples', () => {
  let t: TestApp;
  let url: string;
  let key: string;

  beforeAll(async () => {
    t = await startTestApp();
    url = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    key = (await t.createWorkspace('pro')).key;
  });
  const folders: string[] = [];
  afterAll(async () => {
    await t?.close();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  /**
   * Runs a script from the README as a reader would, in a folder of its own with the repository's
   * examples and `pdfgen`, and the placeholder
   * lines (`NAME=...`, `KEY=pdfg_...`) given the test's values.
   */
  async function runScript(script: string, values: Record<string, string>, env: Record<string, string> = {}): Promise<{ stdout: string; dir: string }> {
    const dir = mkdtempSync(join(tmpdir(), 'pdfgen-readme-'));
    folders.push(dir);
    symlinkSync(join(ROOT, 'examples'), join(dir, 'examples'));
    // A project of its own whose `pdfgen` is this checkout's, as `npx pdfgen` finds it in a checkout.
    writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
    mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
    writeFileSync(join(dir, 'node_modules', '.bin', 'pdfgen'), `#!/bin/sh\nexec node ${join(ROOT, 'bin/pdfgen.js')} "$@"\n`, { mode: 0o755 });
    let filled = script.replace(/^URL=http:\/\/localhost:3000$/m, `URL=${url}`);
    for (const [name, value] of Object.entries(values)) {
      filled = filled.replace(new RegExp(`^${name}=(pdfg_)?\\.\\.\\..*$`, 'm'), `${name}=${value}`);
      expect(filled).toContain(`${name}=${value}`);
    }
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', filled], {
      cwd: dir,
      timeout: 60_000,
      env: { ...process.env, ...env },
    });
    return { stdout, dir };
  }

  const runSection = async (section: string) => (await runScript(shellBlocks(section).join('\n'), { KEY: key })).stdout;

  it('Batches: queues the batch, reports it, and the batch ends with its items and the merged file', async () => {
    const reported = JSON.parse(await runSection('Batches'));
    expect(reported).toMatchObject({ success: true, id: expect.any(String), items: [{ index: 0 }, { index: 1 }] });
    const get = async () => (await t.http.get(`/api/v1/batches/${reported.id}`).set('X-API-Key', key).expect(200)).body;
    await waitUntil(async () => (await get()).finishedAt !== undefined, 30_000, 'the README batch to end');
    const batch = await get();
    expect(batch.status).toBe('succeeded');
    expect(batch.mergedPdfUrl).toMatch(/\/files\/[A-Za-z0-9_-]+\.pdf$/);
  });

  it('Encryption: the file needs its password, is AES-256 and carries the permissions sent', async () => {
    const { stdout } = await runScript(shellBlocks('Encryption').join('\n'), { KEY: key });
    expect(stdout).toMatch(/^R = 5$/m);
    expect(stdout).toMatch(/stream encryption method: AESv3/);
    expect(stdout).toMatch(/print low resolution: allowed/);
    expect(stdout).toMatch(/print high resolution: not allowed/);
  });

  it('Signatures: a self-signed certificate made, given to the workspace, signing a PDF/A-3b invoice that pdfsig finds valid, then removed', async () => {
    const workspace = await t.createWorkspace('pro');
    const [operator, create] = shellBlocks('Signatures');
    const { stdout } = await runScript(`${create}\n${operator}`, { P12_PASSWORD: 'trial-Password-1', WORKSPACE: workspace.id, KEY: workspace.key }, { ADMIN_TOKEN });
    expect(stdout).toContain("self-signed certificate 'CN=Acme Ltd (test)'");
    expect(stdout).toContain('"subject":"CN=Acme Ltd (test)"');
    expect(stdout).toContain('Signature is Valid.');
    expect(stdout).toContain('Total document signed');
    expect((await t.admin.get(`/workspaces/${workspace.id}/signing-certificate`)).status).toBe(404);
  });
});
