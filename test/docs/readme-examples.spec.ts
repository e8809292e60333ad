import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ADMIN_TOKEN, startTestApp, TestApp } from '../support/test-app';
import { Receiver, waitUntil } from '../webhooks/receiver';

const run = promisify(execFile);
const ROOT = join(__dirname, '../..');
/** The README and the guides: every ```sh block in them is run below; shell that cannot run on a test machine is fenced ```console. */
const PAGES = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];
const FENCE = /^```(\w*)\n([\s\S]*?)^```$/gm;

interface Section {
  page: string;
  /** The section's heading (`## ...`), or the page's title (`# ...`) for what comes before its first `## `. */
  title: string;
  blocks: string[];
}

/** A page's `sh` blocks by section, in order. */
function sections(page: string): Section[] {
  const text = readFileSync(join(ROOT, page), 'utf8');
  const found: Section[] = [];
  let current: Section = { page, title: '', blocks: [] };
  let at = 0;
  const headings = (chunk: string) => {
    for (const [, level, title] of chunk.matchAll(/^(#{1,2}) (.+)$/gm)) {
      if (level === '#' && current.title === '' && current.blocks.length === 0) current.title = title;
      else if (level === '##') found.push((current = { page, title, blocks: [] }));
    }
  };
  found.push(current);
  for (const block of text.matchAll(FENCE)) {
    headings(text.slice(at, block.index));
    if (block[1] === 'sh') current.blocks.push(block[2]);
    at = block.index! + block[0].length;
  }
  headings(text.slice(at));
  return found.filter((section) => section.blocks.length > 0);
}

const ALL = PAGES.flatMap(sections);
const shBlocks = (page: string) => [...readFileSync(join(ROOT, page), 'utf8').matchAll(FENCE)].filter((block) => block[1] === 'sh').length;
const ran = new Map<string, number>();
const name = (section: Section) => `${section.page} › ${section.title}`;

const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
    server.on('error', fail);
  });

/** A file the example wrote, as text. */
const file = (dir: string, path: string) => readFileSync(join(dir, path), 'latin1');

/**
 * The README's and the guides' shell examples run as written against the real service, with its
 * URL, a real key and ids in place of the placeholders (`URL=http://localhost:3000`, `KEY=pdfg_...`,
 * `WORKSPACE=...`) and a receiver of the test's in place of the example's webhook URL.
 */
describe('README and docs/ examples', () => {
  let t: TestApp;
  let url: string;
  let receiver: Receiver;
  /** A Business workspace per page, so one page's quota, idempotency keys and templates do not meet another's. */
  const workspaces = new Map<string, { id: string; key: string }>();
  const folders: string[] = [];

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    // pdfUrls must be the test's address, and the webhook examples' URL is a receiver on 127.0.0.1.
    t = await startTestApp({ PORT: String(port), PUBLIC_URL: url, WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BASE_MS: '50' });
    receiver = await Receiver.start();
    for (const page of PAGES) {
      const workspace = await t.createWorkspace('business');
      receiver.trust((await t.admin.get(`/workspaces/${workspace.id}`).expect(200)).body.webhookSecret);
      workspaces.set(page, workspace);
    }
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  /**
   * Runs a section's blocks, one after another as a reader pastes them, in a folder of its own with
   * the repository's examples and `pdfgen` (as `npx pdfgen` finds it in a checkout).
   */
  async function runSection(section: Section, values: Record<string, string> = {}): Promise<{ stdout: string; dir: string }> {
    const dir = mkdtempSync(join(tmpdir(), 'pdfgen-docs-'));
    folders.push(dir);
    symlinkSync(join(ROOT, 'examples'), join(dir, 'examples'));
    writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
    mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
    writeFileSync(join(dir, 'node_modules', '.bin', 'pdfgen'), `#!/bin/sh\nexec node ${join(ROOT, 'bin/pdfgen.js')} "$@"\n`, { mode: 0o755 });
    const { key } = workspaces.get(section.page)!;
    const fill: Record<string, string> = { KEY: key, PDFGEN_API_KEY: key, ...values };
    let script = section.blocks.join('\n');
    script = script.replace(/^((?:export )?[A-Z_]+)=http:\/\/localhost:3000$/gm, `$1=${url}`);
    script = script.replace(/^((?:export )?)([A-Z0-9_]+)=(?:pdfg_)?\.\.\..*$/gm, (line, exported: string, variable: string) => {
      if (fill[variable] === undefined) throw new Error(`${name(section)}: nothing to put in ${line}`);
      return `${exported}${variable}=${fill[variable]}`;
    });
    script = script.replaceAll('https://example.com/pdf-ready', receiver.url('/pdf-ready'));
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', script], {
      cwd: dir,
      timeout: 90_000,
      maxBuffer: 16 * 1024 * 1024,
      env: { ...process.env, ADMIN_TOKEN },
    });
    ran.set(name(section), (ran.get(name(section)) ?? 0) + section.blocks.length);
    return { stdout, dir };
  }

  const isPdf = (dir: string, path: string) => expect(file(dir, path).slice(0, 5)).toBe('%PDF-');
  /** Every JSON answer an example printed on a line of its own says success, unless it is an error the text shows. */
  const successes = (stdout: string) => {
    expect(stdout).not.toContain('"success":false');
    return stdout.match(/"success":true/g)?.length ?? 0;
  };
  const jobIdIn = (stdout: string) => stdout.match(/"jobId":"([0-9a-f-]{36})"/)![1];

  /** What each section's examples show, checked loosely against what they printed and wrote. */
  const checks: Record<string, (section: Section) => Promise<void>> = {
    'README.md › A first call': async (section) => {
      const { stdout } = await runSection(section);
      expect(JSON.parse(stdout)).toMatchObject({ success: true, pdfUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/files\/.+\.pdf$/), templateId: 'invoice-basic' });
      const pdf = await fetch(JSON.parse(stdout).pdfUrl);
      expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    },
    'docs/api.md › The API': async (section) => {
      const { stdout, dir } = await runSection(section);
      expect(successes(stdout)).toBeGreaterThanOrEqual(5);
      expect(stdout).toContain('"id":"invoice-basic"'); // the list of templates
      expect(stdout).toContain('"$schema"'); // a data schema
      expect(stdout).toContain('"id":"greeting"');
      expect(stdout).toContain('"version":"1.1.0"');
      isPdf(dir, 'preview.pdf');
      isPdf(dir, 'invoice.pdf');
      isPdf(dir, 'first-kb.bin');
      expect(file(dir, 'first-kb.bin')).toHaveLength(1024);
      expect(stdout).toMatch(/^idempotent-replayed: true\r?$/im);
      expect(stdout).toMatch(/^204\n404\n/m); // the file deleted, then gone
      expect(stdout).toMatch(/"status":"ok"|ok/); // healthz and readyz
      expect(stdout).toMatch(/^# (HELP|TYPE) /m); // metrics
      // The webhook example's job reaches the URL with the request the text shows.
      const jobId = jobIdIn(stdout);
      const [delivery] = await receiver.waitForJob(jobId, 1, 30_000);
      expect(delivery.path).toBe('/pdf-ready');
      expect(delivery.headers).toMatchObject({
        'content-type': 'application/json',
        'x-zap-token': 'abc',
        'webhook-id': expect.stringMatching(/^msg_/),
        'webhook-timestamp': expect.stringMatching(/^\d{10}$/),
        'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]+=*$/),
      });
      expect(Object.keys(delivery.body).sort()).toEqual(['generatedAt', 'jobId', 'pdfUrl', 'success', 'templateId', 'templateVersion', 'type']);
      expect(delivery.body).toMatchObject({ type: 'generation.succeeded', success: true, templateId: 'invoice-basic', jobId });
    },
    'docs/api.md › Batches': async (section) => {
      const { stdout } = await runSection(section);
      const reported = JSON.parse(stdout);
      expect(reported).toMatchObject({ success: true, id: expect.any(String), items: [{ index: 0 }, { index: 1 }] });
      const { key } = workspaces.get(section.page)!;
      const get = async () => (await t.http.get(`/api/v1/batches/${reported.id}`).set('X-API-Key', key).expect(200)).body;
      await waitUntil(async () => (await get()).finishedAt !== undefined, 30_000, 'the batch to end');
      const batch = await get();
      expect(batch.status).toBe('succeeded');
      expect(batch.mergedPdfUrl).toMatch(/\/files\/[A-Za-z0-9_-]+\.pdf$/);
    },
    'docs/api.md › Encryption': async (section) => {
      const { stdout } = await runSection(section);
      expect(stdout).toMatch(/^R = 5$/m);
      expect(stdout).toMatch(/stream encryption method: AESv3/);
      expect(stdout).toMatch(/print low resolution: allowed/);
      expect(stdout).toMatch(/print high resolution: not allowed/);
    },
    'docs/api.md › Signatures': async (section) => {
      // A workspace of its own: the certificate is given and removed.
      const workspace = await t.createWorkspace('pro');
      const { stdout } = await runSection(section, { P12_PASSWORD: 'trial-Password-1', WORKSPACE: workspace.id, KEY: workspace.key });
      expect(stdout).toContain("self-signed certificate 'CN=Acme Ltd (test)'");
      expect(stdout).toContain('"subject":"CN=Acme Ltd (test)"');
      expect(stdout).toContain('Signature is Valid.');
      expect(stdout).toContain('Total document signed');
      expect((await t.admin.get(`/workspaces/${workspace.id}/signing-certificate`)).status).toBe(404);
    },
    'docs/templates.md › invoice-basic': async (section) => {
      const { stdout, dir } = await runSection(section);
      isPdf(dir, 'rechnung.pdf');
      expect(stdout).toContain('RECHNUNG');
      expect(stdout).toContain('780,00 €');
      expect(stdout).toMatch(/MwSt\. 19 %\s+592,80 €/);
      expect(stdout).toMatch(/MwSt\. 7 %\s+158,76 €/);
      expect(stdout).toMatch(/Gesamt\s+6\.139,56 €/);
    },
    'docs/e-invoices.md › E-invoices': async (section) => {
      const { stdout } = await runSection(section);
      expect(stdout.trim()).toBe('200');
    },
    'docs/custom-templates.md › Custom templates from the command line': async (section) => {
      const { stdout, dir } = await runSection(section);
      expect(stdout).toContain('receipt 1.0.0 (created)');
      expect(stdout).toContain('receipt 1.1.0 (new version)');
      expect(stdout).toMatch(/^receipt\b.*1\.1\.0/m); // the list
      expect(stdout).toMatch(/^invoice-basic\b/m);
      isPdf(dir, 'receipt.pdf');
      isPdf(dir, 'stored.pdf');
    },
    'docs/webhooks.md › Webhooks and jobs': async (section) => {
      const { stdout } = await runSection(section);
      const answer = JSON.parse(stdout);
      expect(answer).toMatchObject({ success: true, jobId: expect.any(String), status: 'queued', templateId: 'invoice-basic' });
      const [delivery] = await receiver.waitForJob(answer.jobId, 1, 30_000);
      expect(delivery.headers['x-zap-token']).toBe('abc');
      expect(delivery.body).toMatchObject({ type: 'generation.succeeded', success: true, jobId: answer.jobId });
    },
    'docs/operating.md › Compose': async (section) => {
      const { dir } = await runSection(section);
      for (const secret of ['postgres-password', 'redis-password', 'minio-password', 'admin-token']) {
        expect(file(dir, `secrets/${secret}`)).toMatch(/^[0-9a-f]{48}\n$/);
      }
      expect(file(dir, 'secrets/database-url')).toMatch(/^postgres:\/\/pdfgen:[0-9a-f]{48}@postgres:5432\/pdfgen$/);
      expect(file(dir, 'secrets/redis-url')).toMatch(/^redis:\/\/:[0-9a-f]{48}@redis:6379$/);
      expect(Buffer.from(file(dir, 'secrets/signing-certificate-key').trim(), 'base64')).toHaveLength(32);
    },
    'docs/operator-api.md › Operator API and command line': async (section) => {
      // A finished job to deliver again: one of this page's workspace, delivered to the receiver.
      const { key } = workspaces.get(section.page)!;
      const job = await t.http
        .post('/api/v1/generate')
        .set('X-API-Key', key)
        .send({ templateId: 'invoice-basic', data: { invoiceNumber: 'INV-9', client: { name: 'Globex' }, items: [{ description: 'Design', quantity: 1, unitPrice: 500 }] }, webhook: { url: receiver.url('/done') } })
        .expect(202);
      await receiver.waitForJob(job.body.jobId, 1, 30_000);
      await waitUntil(async () => (await t.http.get(`/api/v1/jobs/${job.body.jobId}`).set('X-API-Key', key)).body.status === 'delivered', 10_000, 'the job delivered');
      const { stdout } = await runSection(section, { JOB: job.body.jobId });
      expect(stdout).toContain('"name":"Acme"');
      expect(stdout).toContain('"monthlyLimit":5000');
      expect(stdout).toMatch(/"key":"pdfg_/);
      expect(stdout).toContain('"keys":[');
      expect(stdout).toContain('"webhookSecret":"whsec_');
      expect(stdout).toMatch(/"members":\[\{[^\]]*"email":"ada@example.com","role":"member","status":"invited"/);
      expect(stdout).toContain('"resetUrl":"');
      expect(stdout).toMatch(/204\n?$/);
      expect(successes(stdout)).toBe(1); // the redelivery's answer; no error anywhere
      await receiver.waitForJob(job.body.jobId, 2, 30_000); // redelivered
    },
    'docs/operator-api.md › Audit log': async (section) => {
      const { id, key } = workspaces.get(section.page)!;
      // Something to find: a key of the page's workspace revoked.
      const made = await t.admin.post(`/workspaces/${id}/keys`, { name: 'to revoke' }).expect(201);
      await t.admin.delete(`/workspaces/${id}/keys/${made.body.id}`).expect(204);
      expect(key).toMatch(/^pdfg_/);
      const { stdout } = await runSection(section, { WORKSPACE: id });
      const answer = JSON.parse(stdout);
      expect(answer.success).toBe(true);
      expect(answer.entries).toEqual([expect.objectContaining({ workspaceId: id, action: 'key.revoked', actor: expect.objectContaining({ type: 'operator' }), target: expect.objectContaining({ type: 'key', id: made.body.id }) })]);
    },
  };

  it('finds every sh block of every page in a section, and has a check for each section', () => {
    expect(ALL.length).toBeGreaterThan(5);
    for (const page of PAGES) expect(ALL.filter((section) => section.page === page).reduce((n, section) => n + section.blocks.length, 0)).toBe(shBlocks(page));
    expect(ALL.map(name).sort()).toEqual(Object.keys(checks).sort());
  });

  it('fences shell only as sh (run here) or console (not runnable on a test machine)', () => {
    for (const page of PAGES) {
      const fences = [...readFileSync(join(ROOT, page), 'utf8').matchAll(FENCE)].map((block) => block[1]);
      expect(fences.filter((fence) => ['bash', 'shell', 'zsh', 'shell-session'].includes(fence))).toEqual([]);
    }
  });

  it.each(ALL.map((section) => [name(section), section] as const))('%s', async (label, section) => {
    await checks[label](section);
  }, 180_000);

  it('ran every sh block of the README and docs/', () => {
    const total = PAGES.reduce((n, page) => n + shBlocks(page), 0);
    expect([...ran.values()].reduce((a, b) => a + b, 0)).toBe(total);
    expect(existsSync(join(ROOT, 'README.md'))).toBe(true);
  });
});
