import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sample } from '../support/samples';
import { bootstrapKey, failedStart, logLines, ServiceProcess, startServiceProcess } from '../support/service-process';
import { startTestApp } from '../support/test-app';

/** The first JSON line the service logged that `matches`, once it has come (waiting up to 10 s). */
async function loggedLine(service: ServiceProcess, matches: (line: Record<string, any>) => boolean): Promise<Record<string, any>> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = logLines(service).find(matches);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no such line logged: ${service.stdout()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The built service as a process: bootstrap, structured logs, configuration errors, graceful shutdown. */
describe('the service process', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'pdfgen-proc-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const generate = (url: string, key: string, body: object = { templateId: 'invoice-basic', data: sample('invoice-basic'), outputFormat: 'base64' }) =>
    fetch(`${url}/api/v1/generate`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-API-Key': key }, body: JSON.stringify(body) });

  it('bootstraps a default business workspace once, announcing its key in a JSON log line, and logs one JSON line per request', async () => {
    const first = await startServiceProcess({ DATA_DIR: dataDir, RATE_LIMIT_PER_SECOND: '0' });
    let key: string;
    try {
      const listening = await loggedLine(first, (l) => l.msg === 'pdfgen listening');
      expect(listening).toMatchObject({ level: 'info', url: expect.stringMatching(/^http:/), docs: `${listening.url}/docs`, port: Number(new URL(first.url).port) });
      // Every line on stdout is a JSON log line, the bootstrap's and the listening one included.
      expect(first.stdout().split('\n').filter((line) => line !== '' && !line.startsWith('{'))).toEqual([]);
      const announced = await loggedLine(first, (l) => l.apiKey !== undefined);
      expect(announced).toEqual({
        time: expect.any(String),
        level: 'info',
        msg: 'bootstrap workspace "default" (business plan) created: store the API key now, it is shown once',
        apiKey: expect.stringMatching(/^pdfg_[0-9a-f-]{36}$/),
        dashboardInvite: expect.stringMatching(/^http:\/\/\S+\/dashboard\/invite\/[A-Za-z0-9_-]{43}$/),
        inviteValidDays: 7,
        workspaceId: expect.any(String),
      });
      key = announced.apiKey;
      // Readable as printed: the key and the invite stand in the line as they are, nothing escaped.
      expect(first.stdout()).toContain(`"apiKey":"${key}","dashboardInvite":"${announced.dashboardInvite}"`);
      const res = await generate(first.url, key);
      expect(res.status).toBe(200);
      const requestId = res.headers.get('x-request-id');
      // Logged as the answer goes out, so it may come after it, later still on a busy machine: wait for it.
      const logged = await loggedLine(first, (l) => l.msg === 'request' && l.requestId === requestId);
      expect(logged).toMatchObject({ level: 'info', method: 'POST', path: '/api/v1/generate', status: 200, workspaceId: expect.any(String) });
      expect(typeof logged.durationMs).toBe('number');
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
    }
    const second = await startServiceProcess({ DATA_DIR: dataDir });
    try {
      expect(bootstrapKey(second)).toBeUndefined();
      expect(second.stdout()).not.toContain('dashboardInvite');
      expect((await generate(second.url, key)).status).toBe(200);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });

  it('leaves the renderer to its workers, and what the renderer, the API and the dashboard do not use unloaded until needed', async () => {
    const loadsFile = join(dataDir, 'module-loads.txt');
    const service = await startServiceProcess({
      DATA_DIR: dataDir,
      RATE_LIMIT_PER_SECOND: '0',
      NODE_OPTIONS: `--require "${join(__dirname, 'fixtures/record-module-loads.js')}"`,
      MODULE_LOADS_FILE: loadsFile,
    });
    const loads = () => (existsSync(loadsFile) ? readFileSync(loadsFile, 'utf8') : '');
    const loadsOnHttpThread = () =>
      loads()
        .split('\n')
        .filter((line) => line.startsWith('0 '))
        .map((line) => line.slice(2));
    try {
      const key = bootstrapKey(service)!;
      expect((await generate(service.url, key)).status).toBe(200);
      // The render workers loaded the renderer; the HTTP thread loaded nothing watched.
      expect(loads()).toMatch(/^[1-9]\d* pdfkit$/m);
      expect(loads()).toMatch(/^[1-9]\d* fontkit$/m);
      expect(loadsOnHttpThread()).toEqual([]);
      // No bundled font is WOFF2, so brotli's decoder (fontkit's, for WOFF2 only) is never loaded;
      // Node's crypto makes the file identifier, so crypto-js is not loaded either (engine/pdfkit.ts).
      expect(loads()).not.toMatch(/ (brotli|crypto-js)$/m);
      expect((await fetch(`${service.url}/dashboard/sign-in`)).status).toBe(200);
      expect(loadsOnHttpThread()).toEqual(['liquidjs']);
      // Swagger's YAML and lodash's whole build, the databases we do not use (main.ts's stand-ins):
      // the OpenAPI document, built with lodash's per-function modules, is the one Jest's app (with
      // the whole of lodash) serves; js-yaml loads for YAML.
      const served = (await (await fetch(`${service.url}/openapi.json`)).json()) as Record<string, unknown>;
      const app = await startTestApp();
      try {
        const inJest = JSON.parse((await app.http.get('/openapi.json').expect(200)).text) as Record<string, unknown>;
        expect({ ...served, servers: [] }).toEqual({ ...inJest, servers: [] });
        expect(Object.keys(served.paths as object)).toEqual(expect.arrayContaining(['/api/v1/generate', '/api/v1/templates/{id}', '/admin/v1/workspaces']));
      } finally {
        await app.close();
      }
      expect(loadsOnHttpThread()).toEqual(['liquidjs']);
      const yaml = await fetch(`${service.url}/openapi.yaml`);
      expect([yaml.status, (await yaml.text()).slice(0, 15)]).toEqual([200, 'openapi: 3.1.0\n']);
      expect(loadsOnHttpThread()).toEqual(['liquidjs', 'js-yaml']);
      // nodemailer only sends (no SMTP_URL here); SASLprep checks a PDF password when one comes.
      const encrypted = { templateId: 'invoice-basic', data: sample('invoice-basic'), outputFormat: 'base64', options: { encryption: { ownerPassword: 'owner-Secret-1', userPassword: 'open sesame' } } };
      expect((await generate(service.url, key, encrypted)).status).toBe(200);
      expect(loadsOnHttpThread()).toEqual(['liquidjs', 'js-yaml', '@mongodb-js/saslprep']);
    } finally {
      service.child.kill('SIGTERM');
      await service.exited;
    }
  });

  it('does not bootstrap with BOOTSTRAP=false', async () => {
    const service = await startServiceProcess({ DATA_DIR: dataDir, BOOTSTRAP: 'false' });
    try {
      expect(service.stdout()).not.toContain('pdfg_');
    } finally {
      service.child.kill('SIGTERM');
      await service.exited;
    }
  });

  it('refuses to start on a bad setting, naming the variable', async () => {
    expect(await failedStart({ DATA_DIR: dataDir, PORT: 'eighty' })).toEqual({ code: 1, stderr: "Configuration error: PORT must be a whole number, got 'eighty'\n" });
    expect((await failedStart({ DATA_DIR: dataDir, DATABASE_URL: 'mysql://x' })).stderr).toContain('DATABASE_URL must be a postgres:// or postgresql:// URL');
    expect((await failedStart({ DATA_DIR: dataDir, WEBHOOK_ALLOW_PRIVATE: 'maybe' })).stderr).toContain('WEBHOOK_ALLOW_PRIVATE must be true or false');
  });

  it('finishes requests in flight on SIGTERM, then exits cleanly', async () => {
    const service = await startServiceProcess({ DATA_DIR: dataDir, RATE_LIMIT_PER_SECOND: '0' });
    const key = /(pdfg_[0-9a-f-]{36})/.exec(service.stdout())![1];
    const data = sample('invoice-basic');
    data.items = Array.from({ length: 1000 }, (_, i) => ({ description: `Line ${i} `.repeat(20), quantity: 1, unitPrice: 2 }));
    const inFlight = Promise.all(Array.from({ length: 4 }, () => generate(service.url, key, { templateId: 'invoice-basic', data, outputFormat: 'base64' })));
    await new Promise((r) => setTimeout(r, 150));
    service.child.kill('SIGTERM');
    const statuses = (await inFlight).map((r) => r.status);
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect(await service.exited).toBe(0);
    await expect(fetch(`${service.url}/healthz`)).rejects.toThrow();
  });
});
