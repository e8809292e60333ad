import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pdfgenCli } from '../support/pdfgen-cli';
import { sample } from '../support/samples';
import { startTestApp } from '../support/test-app';

/** `pdfgen signing-cert ...` (DECISIONS section 15): a self-signed certificate for trials, and a workspace's certificate from the command line. */
describe('pdfgen signing-cert', () => {
  let dataDir: string;
  let password: string | undefined;
  const env = () => ({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'error', ...(password ? { PDFGEN_P12_PASSWORD: password } : {}) });
  const { pdfgen, fails } = pdfgenCli(env);

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'pdfgen-cli-signing-'));
    password = undefined;
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates a self-signed PKCS#12, prints a new password once, and the certificate signs a workspace\'s documents', async () => {
    const file = join(dataDir, 'trial.p12');
    const created = await pdfgen('signing-cert', 'create', '--name', 'Acme Ltd (test)', '--days', '30', '-o', file);
    expect(created).toMatch(/self-signed certificate 'CN=Acme Ltd \(test\)', expires \d{4}-/);
    password = /^password: (\S+)$/m.exec(created)![1];
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const workspace = JSON.parse(await pdfgen('workspace', 'create', '--name', 'Acme', '--plan', 'pro'));
    const set = JSON.parse(await pdfgen('signing-cert', 'set', workspace.id, file));
    expect(set).toMatchObject({ subject: 'CN=Acme Ltd (test)', expiresAt: expect.any(String) });
    expect(JSON.stringify(set)).not.toContain(password);
    expect(JSON.parse(await pdfgen('signing-cert', 'show', workspace.id))).toMatchObject({ subject: 'CN=Acme Ltd (test)' });

    // The service on the same data folder signs with it.
    const { key } = JSON.parse(await pdfgen('key', 'create', workspace.id));
    const t = await startTestApp({ DATA_DIR: dataDir }, { store: 'sqlite', files: 'disk' });
    try {
      await t.http.post('/api/v1/generate').set('X-API-Key', key).send({ templateId: 'invoice-basic', data: sample('invoice-basic'), options: { signature: {} } }).expect(200);
    } finally {
      await t.close();
    }

    await pdfgen('signing-cert', 'remove', workspace.id);
    expect((await fails('signing-cert', 'show', workspace.id)).code).not.toBe(0);
  });

  it('refuses a create without a name, and a set with the wrong password', async () => {
    expect((await fails('signing-cert', 'create')).stderr).toContain('signing-cert create needs --name');
    password = 'the-right-one';
    const file = join(dataDir, 'p.p12');
    await pdfgen('signing-cert', 'create', '--name', 'Signer', '-o', file);
    const workspace = JSON.parse(await pdfgen('workspace', 'create', '--name', 'Acme', '--plan', 'pro'));
    password = 'a-wrong-one';
    expect((await fails('signing-cert', 'set', workspace.id, file)).code).not.toBe(0);
  });
});
