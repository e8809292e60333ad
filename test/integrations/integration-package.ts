import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { ServiceProcess, startServiceProcess } from '../support/service-process';

const run = promisify(execFile);
const ADMIN_TOKEN = 'integrations-admin-token-0123456789';

export interface TestCounts {
  pass: number;
  fail: number;
  skipped: number;
  todo: number;
}

/**
 * The integration's own dependencies, installed with `npm ci` (which also builds it) only when
 * its package-lock.json differs from the one last installed: kept between runs.
 */
export async function installIntegration(name: string): Promise<string> {
  const dir = resolve(__dirname, '../../integrations', name);
  const lock = readFileSync(join(dir, 'package-lock.json'), 'utf8');
  const stamp = join(dir, 'node_modules/.pdfgen-installed-lock.json');
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== lock) {
    await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
    writeFileSync(stamp, lock);
  }
  return dir;
}

/** The built service (`node dist/main.js`) with its own data folder and operator token. */
export async function startService(): Promise<{ service: ServiceProcess; stop: () => Promise<void> }> {
  const data = mkdtempSync(join(tmpdir(), 'pdfgen-integrations-'));
  mkdirSync(join(data, 'data'));
  const service = await startServiceProcess({ DATA_DIR: join(data, 'data'), ADMIN_TOKEN, BOOTSTRAP: 'false', LOG_LEVEL: 'warn' });
  const stop = async () => {
    service.child.kill('SIGTERM');
    await service.exited;
    rmSync(data, { recursive: true, force: true });
  };
  return { service, stop };
}

/** Runs `npm test` of the integration (node:test) against the service; resolves with its counts. */
export async function runIntegrationTests(dir: string, service: ServiceProcess): Promise<TestCounts> {
  const env = { ...process.env, PDFGEN_TEST_BASE_URL: service.url, PDFGEN_TEST_ADMIN_TOKEN: ADMIN_TOKEN };
  const { stdout } = await run('npm', ['test'], { cwd: dir, env, maxBuffer: 64 * 1024 * 1024 }).catch((error: { stdout: string; stderr: string }) =>
    Promise.reject(new Error(`npm test failed in ${dir}:\n${error.stdout}${error.stderr}\n${service.stderr()}`)),
  );
  const count = (name: string) => Number(stdout.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1]);
  return { pass: count('pass'), fail: count('fail'), skipped: count('skipped'), todo: count('todo') };
}
