import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startTestApp, TestApp } from '../support/test-app';
import { waitUntil } from '../webhooks/receiver';

const run = promisify(execFile);
const README = readFileSync(join(__dirname, '../../README.md'), 'utf8');

/** The `sh` blocks of a README section (up to the next `## `), as one script. */
function shellOf(section: string): string {
  const start = README.indexOf(`\n## ${section}\n`);
  if (start < 0) throw new Error(`README has no section ${section}`);
  const end = README.indexOf('\n## ', start + 1);
  const text = README.slice(start, end < 0 ? undefined : end);
  return [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((block) => block[1]).join('\n');
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
  afterAll(() => t?.close());

  /** Runs a section's script with KEY and URL set to the test's (the placeholder lines are the reader's to fill in). */
  async function runSection(section: string): Promise<string> {
    const script = shellOf(section).replace(/^KEY=pdfg_\.\.\..*$/m, `KEY=${key}`).replace(/^URL=http:\/\/localhost:3000$/m, `URL=${url}`);
    expect(script).toContain(`KEY=${key}`);
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', script], { timeout: 30_000 });
    return stdout;
  }

  it('Batches: queues the batch, reports it, and the batch ends with its items and the merged file', async () => {
    const reported = JSON.parse(await runSection('Batches'));
    expect(reported).toMatchObject({ success: true, id: expect.any(String), items: [{ index: 0 }, { index: 1 }] });
    const get = async () => (await t.http.get(`/api/v1/batches/${reported.id}`).set('X-API-Key', key).expect(200)).body;
    await waitUntil(async () => (await get()).finishedAt !== undefined, 30_000, 'the README batch to end');
    const batch = await get();
    expect(batch.status).toBe('succeeded');
    expect(batch.mergedPdfUrl).toMatch(/\/files\/[A-Za-z0-9_-]+\.pdf$/);
  });
});
