import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { poppler } from '../rendering/render-helpers';
import { createTestDatabase, TestDatabase } from '../support/postgres';
import { ServiceProcess, startServiceProcess } from '../support/service-process';

const ADMIN_TOKEN = 'custom-replicas-admin-token-0123456789';

/** A definition whose text names its design, so the PDF tells which version was rendered. */
const definition = (design: string) => ({
  name: 'Notice',
  schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
  layout: { body: [{ type: 'text', text: `${design} for {{ name }}` }] },
});

/**
 * Two service processes (`node dist/main.js`) on one PostgreSQL database, as behind a load
 * balancer: a template written through one is rendered by the other at once, at its newest
 * version, however warm the other's caches are (DECISIONS section 9: never stale).
 */
describe('custom templates over two replicas', () => {
  let dataDir: string;
  let database: TestDatabase;
  let a: ServiceProcess;
  let b: ServiceProcess;
  let key: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pdfgen-custom-replicas-'));
    database = await createTestDatabase();
    const env = { DATABASE_URL: database.url, ADMIN_TOKEN, BOOTSTRAP: 'false', RATE_LIMIT_PER_SECOND: '0', RENDER_WORKERS: '1', LOG_LEVEL: 'warn' };
    // One after the other: starting together on an empty database is replicas.spec.ts's concern.
    a = await startServiceProcess({ ...env, DATA_DIR: join(dataDir, 'a') });
    b = await startServiceProcess({ ...env, DATA_DIR: join(dataDir, 'b') });
    const admin = (path: string, body: object) =>
      fetch(`${a.url}/admin/v1${path}`, { method: 'POST', headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then(
        (res) => res.json() as Promise<Record<string, string>>,
      );
    const workspace = await admin('/workspaces', { name: 'designers', plan: 'business' });
    key = (await admin(`/workspaces/${workspace.id}/keys`, {})).key;
  });
  afterAll(async () => {
    for (const replica of [a, b]) if (replica) replica.child.kill('SIGTERM');
    await Promise.all([a, b].filter(Boolean).map((replica) => replica.exited));
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (replica: ServiceProcess, method: string, path: string, body?: object) =>
    fetch(`${replica.url}/api/v1${path}`, { method, headers: { 'Content-Type': 'application/json', 'X-API-Key': key }, body: body && JSON.stringify(body) });
  /** What B (or A) answers to a generate of `notice`: its version and text, or its error. */
  async function rendered(replica: ServiceProcess, templateVersion?: string): Promise<{ status: number; templateVersion?: string; text?: string; error?: string }> {
    const res = await call(replica, 'POST', '/generate', { templateId: 'notice', templateVersion, data: { name: 'Ada' }, outputFormat: 'base64' });
    const body = (await res.json()) as { base64?: string; templateVersion?: string; error?: string };
    if (!body.base64) return { status: res.status, error: body.error };
    return { status: res.status, templateVersion: body.templateVersion, text: poppler('pdftotext', Buffer.from(body.base64, 'base64')).replace(/\s+/g, ' ').trim() };
  }

  it('renders on B a template created on A a moment before', async () => {
    expect((await call(a, 'POST', '/templates', { id: 'notice', ...definition('Design one') })).status).toBe(201);
    expect(await rendered(b)).toEqual({ status: 200, templateVersion: '1.0.0', text: 'Design one for Ada' });
  });

  it('renders on B each new version PUT on A at once, and the older ones by name', async () => {
    for (const [n, version] of [[2, '1.1.0'], [3, '1.2.0'], [4, '1.3.0']] as const) {
      const put = await call(a, 'PUT', '/templates/notice', definition(`Design ${n}`));
      expect(put.status).toBeLessThan(300);
      // B has just rendered the previous version, so whatever it caches is warm and one version behind.
      expect(await rendered(b)).toEqual({ status: 200, templateVersion: version, text: `Design ${n} for Ada` });
    }
    expect(await rendered(b, '1.0.0')).toEqual({ status: 200, templateVersion: '1.0.0', text: 'Design one for Ada' });
  });

  it('forgets on B a template deleted on A', async () => {
    expect((await call(a, 'DELETE', '/templates/notice')).status).toBe(204);
    expect(await rendered(b)).toEqual({ status: 400, error: "Template 'notice' not found" });
  });
});
