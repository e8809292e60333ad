import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { startTestApp, TestApp } from '../support/test-app';

const run = promisify(execFile);
const REDOCLY = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin/cli.js');

/** DECISIONS section 17: the served document passes @redocly/cli's recommended rules with nothing to report. */
describe('the OpenAPI document, linted by @redocly/cli (recommended rules)', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp();
    dir = mkdtempSync(join(tmpdir(), 'pdfgen-redocly-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('has zero errors and zero warnings', async () => {
    writeFileSync(join(dir, 'openapi.json'), (await t.http.get('/openapi.json').expect(200)).text);
    // cwd holds no redocly.yaml, so the built-in recommended rules apply; the exit code is 1 on any error.
    const { stdout } = await run(process.execPath, [REDOCLY, 'lint', 'openapi.json', '--format=json'], { cwd: dir, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } }).catch(
      (error: { stdout: string }) => ({ stdout: error.stdout }),
    );
    const report = JSON.parse(stdout);
    const problems = report.problems.map((p: { ruleId: string; message: string; location: { pointer: string }[] }) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`);
    expect(problems).toEqual([]);
    expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
  }, 60_000);
});
