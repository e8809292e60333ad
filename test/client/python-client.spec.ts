import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { ServiceProcess, startServiceProcess } from '../support/service-process';

const run = promisify(execFile);
const PYTHON_CLIENT = resolve(__dirname, '../../clients/python');
const REQUIREMENTS = join(PYTHON_CLIENT, 'requirements-test.txt');
/** Kept between runs: made again only when requirements-test.txt changes. */
const VENV = resolve(__dirname, '../../node_modules/.cache/pdfgen-python/venv');
const ADMIN_TOKEN = 'python-client-admin-token-0123456789';

/** A virtual environment with the test requirements; its bin folder. */
async function testVenv(): Promise<string> {
  const bin = join(VENV, 'bin');
  const stamp = join(VENV, 'requirements-test.txt');
  const wanted = readFileSync(REQUIREMENTS, 'utf8');
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== wanted) {
    rmSync(VENV, { recursive: true, force: true });
    await run('python3', ['-m', 'venv', VENV]);
    await run(join(bin, 'pip'), ['install', '--disable-pip-version-check', '--quiet', '-r', REQUIREMENTS]);
    writeFileSync(stamp, wanted);
  }
  return bin;
}

/** The README's install commands as written, in a copy of clients/python: they build the wheel and install it. */
async function installWheelAsTheReadmeSays(bin: string, dir: string): Promise<string> {
  const [install] = [...readFileSync(join(PYTHON_CLIENT, 'README.md'), 'utf8').matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((block) => block[1]);
  cpSync(PYTHON_CLIENT, join(dir, 'clients/python'), { recursive: true, filter: (path) => !/(__pycache__|\/dist)$/.test(path) });
  // A wheel of the same version left from an earlier run would satisfy pip: this run's must be the one tested.
  await run(join(bin, 'pip'), ['uninstall', '--yes', '--quiet', 'pdfgen']);
  const env = { ...process.env, PATH: `${bin}:${process.env.PATH}` };
  const { stdout } = await run('bash', ['-euc', install], { cwd: dir, env });
  return stdout;
}

/**
 * DECISIONS section 17: clients/python, built as a wheel and installed as its README says, tested
 * with pytest against the built service (`node dist/main.js`); the pytest suite also generates a
 * client with openapi-python-client from the served /openapi.json and calls the service with it.
 */
describe('the Python client', () => {
  let dir: string;
  let service: ServiceProcess;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pdfgen-python-'));
    mkdirSync(join(dir, 'data'));
    service = await startServiceProcess({
      DATA_DIR: join(dir, 'data'),
      ADMIN_TOKEN,
      BOOTSTRAP: 'false',
      LOG_LEVEL: 'warn',
      // The tests receive the service's webhooks on 127.0.0.1, and send one body over a small limit.
      WEBHOOK_ALLOW_PRIVATE: 'true',
      BODY_LIMIT_BYTES: String(256 * 1024),
    });
  });
  afterAll(async () => {
    if (service) {
      service.child.kill('SIGTERM');
      await service.exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('passes its pytest suite against the running service', async () => {
    const bin = await testVenv();
    await installWheelAsTheReadmeSays(bin, join(dir, 'build'));
    const junit = join(dir, 'pytest.xml');
    const env = { ...process.env, PDFGEN_TEST_BASE_URL: service.url, PDFGEN_TEST_ADMIN_TOKEN: ADMIN_TOKEN, PYTHONDONTWRITEBYTECODE: '1' };
    const result = await run(join(bin, 'python'), ['-m', 'pytest', `--junitxml=${junit}`, 'tests'], { cwd: PYTHON_CLIENT, env }).catch(
      (error: { stdout: string; stderr: string }) => Promise.reject(new Error(`pytest failed:\n${error.stdout}${error.stderr}\n${service.stderr()}`)),
    );
    const counts = readFileSync(junit, 'utf8').match(/<testsuite [^>]*errors="(\d+)" failures="(\d+)" skipped="(\d+)" tests="(\d+)"/);
    expect(counts?.slice(1, 4)).toEqual(['0', '0', '0']);
    expect(Number(counts?.[4])).toBeGreaterThanOrEqual(50);
    expect(result.stdout).toMatch(/\d+ passed in/);
  }, 600_000);
});
