import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { sample } from '../support/samples';
import { startTestApp, TestApp } from '../support/test-app';

const run = promisify(execFile);
const CLIENT = resolve(__dirname, '../../clients/typescript');
const NODE_MODULES = resolve(__dirname, '../../node_modules');
const TSC = require.resolve('typescript/bin/tsc');

/**
 * The README's install commands in a fresh copy of clients/typescript (no dist/, no node_modules).
 * Tests reach no registry, so its `npm install` is stood in for by the repository's node_modules
 * (the same TypeScript and @types/node); `npm pack` and the install of the tarball run as written.
 */
async function packAndInstallAsTheReadmeSays(dir: string): Promise<void> {
  const [install] = [...readFileSync(join(CLIENT, 'README.md'), 'utf8').matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((block) => block[1]);
  const script = install
    .replace(/^npm install\s+#.*$/m, `ln -s ${NODE_MODULES} node_modules`)
    .replace('/your/app', join(dir, 'app'))
    .replace('/path/to/clients/typescript', join(dir, 'clients/typescript'));
  cpSync(CLIENT, join(dir, 'clients/typescript'), { recursive: true, filter: (path) => !/\/(dist|node_modules)$/.test(path) });
  mkdirSync(join(dir, 'app'));
  writeFileSync(join(dir, 'app/package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true }));
  await run('bash', ['-euc', script], { cwd: dir, env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false' } });
}

/** An application of the installed package: strict TypeScript against its shipped types, then real calls. */
function program(baseUrl: string, key: string): string {
  return `
import { NotFoundError, PdfgenClient, VERSION } from '@pdfgen/client';

async function main(): Promise<void> {
  const pdfgen = new PdfgenClient({ apiKey: ${JSON.stringify(key)}, baseUrl: ${JSON.stringify(baseUrl)} });
  const { pdf, pdfSizeBytes } = await pdfgen.generate({ templateId: 'invoice-basic', data: ${JSON.stringify(sample('invoice-basic'))}, outputFormat: 'buffer' });
  const missing = await pdfgen.jobs.get('no-such-job').catch((error: unknown) => error);
  console.log(JSON.stringify({
    version: VERSION,
    pdf: { head: Buffer.from(pdf.subarray(0, 5)).toString('latin1'), size: pdf.byteLength, declaredSize: pdfSizeBytes },
    missing: { kind: missing instanceof NotFoundError, code: (missing as NotFoundError).code },
  }));
}
main().catch((error: unknown) => { console.error(error); process.exitCode = 1; });
`;
}

/** DECISIONS section 17: clients/typescript builds on `npm pack`. */
describe('clients/typescript packed with npm pack', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp();
    dir = mkdtempSync(join(tmpdir(), 'pdfgen-npm-pack-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('ships the built code, which an application installs, compiles against and calls the service with', async () => {
    await packAndInstallAsTheReadmeSays(dir);
    const { stdout: listing } = await run('tar', ['-tzf', join(dir, 'clients/typescript/pdfgen-client-1.0.0.tgz')]);
    expect(listing.split('\n')).toEqual(expect.arrayContaining(['package/dist/index.js', 'package/dist/index.d.ts', 'package/dist/generated/openapi.d.ts', 'package/README.md']));
    expect(listing).not.toMatch(/package\/src\//);

    const app = join(dir, 'app');
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    const { key } = await t.createWorkspace('business');
    writeFileSync(join(app, 'main.ts'), program(`http://127.0.0.1:${port}`, key));
    const tsconfig = { compilerOptions: { target: 'ES2022', module: 'commonjs', strict: true, typeRoots: [join(NODE_MODULES, '@types')], types: ['node'] }, files: ['main.ts'] };
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify(tsconfig));
    // Compile errors are on standard output: show them.
    await run(process.execPath, [TSC, '-p', app]).catch((error: { stdout: string }) => Promise.reject(new Error(error.stdout)));

    const { stdout } = await run(process.execPath, [join(app, 'main.js')], { cwd: app });
    const result = JSON.parse(stdout);
    expect(result.version).toBe(JSON.parse(readFileSync(join(CLIENT, 'package.json'), 'utf8')).version);
    expect(result.pdf).toEqual({ head: '%PDF-', size: result.pdf.declaredSize, declaredSize: expect.any(Number) });
    expect(result.missing).toEqual({ kind: true, code: 'JOB_NOT_FOUND' });

    // ES modules find the same named exports.
    const esm = `import { PdfgenClient, TimeoutError } from '@pdfgen/client'; console.log(typeof PdfgenClient, typeof TimeoutError);`;
    expect((await run(process.execPath, ['--input-type=module', '-e', esm], { cwd: app })).stdout.trim()).toBe('function function');
  }, 120_000);
});
