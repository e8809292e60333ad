import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { binary } from '../support/binary';
import { expectError } from '../support/expect-error';
import { sample } from '../support/samples';
import { DataSource } from 'typeorm';
import { startTestApp, TestApp } from '../support/test-app';
import { Receiver } from '../webhooks/receiver';

const dir = mkdtempSync(join(tmpdir(), 'pdfgen-encryption-'));
let files = 0;

/** qpdf run on the PDF: its exit status and output. */
function qpdf(pdf: Buffer, args: string[]): { status: number | null; stdout: string } {
  const file = join(dir, `${files++}.pdf`);
  writeFileSync(file, pdf);
  const result = spawnSync('qpdf', [...args, file], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout };
}

/** What qpdf reads of the encryption, opened with the owner password. */
function encryptionOf(pdf: Buffer, ownerPassword: string) {
  return JSON.parse(qpdf(pdf, ['--json', '--json-key=encrypt', `--password=${ownerPassword}`]).stdout).encrypt;
}

/** DECISIONS section 15: options.encryption, AES-256 with exactly the permissions sent. */
describe('options.encryption', () => {
  let t: TestApp;
  let ws: { id: string; key: string };
  let receiver: Receiver;

  beforeAll(async () => {
    t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    receiver = await Receiver.start();
    ws = await t.createWorkspace('pro');
    receiver.trust((await t.admin.get(`/workspaces/${ws.id}`).expect(200)).body.webhookSecret);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const generate = (options: object, templateId = 'invoice-basic') =>
    t.http.post('/api/v1/generate').set('X-API-Key', ws.key).send({ templateId, data: sample(templateId as 'invoice-basic'), options, outputFormat: 'buffer' });
  const pdfOf = async (options: object, templateId?: string) => (await generate(options, templateId).buffer(true).parse(binary).expect(200)).body as Buffer;

  it('encrypts with AES-256 and the user password, which a reader then needs', async () => {
    const pdf = await pdfOf({ encryption: { ownerPassword: 'owner-Secret-1', userPassword: 'open sesame' } });
    expect(qpdf(pdf, ['--requires-password']).status).toBe(0);
    expect(qpdf(pdf, ['--check', '--password=open sesame']).stdout).toContain('No syntax or stream encoding errors found');
    expect(qpdf(pdf, ['--check', '--password=wrong']).status).toBe(2);
    const encryption = encryptionOf(pdf, 'owner-Secret-1');
    expect(encryption.parameters).toMatchObject({ V: 5, R: 5, bits: 256, streammethod: 'AESv3', stringmethod: 'AESv3' });
    expect(encryption.ownerpasswordmatched).toBe(true);
    const text = spawnSync('pdftotext', ['-upw', 'open sesame', join(dir, `${files - 1}.pdf`), '-'], { encoding: 'utf8' }).stdout;
    expect(text).toContain(sample('invoice-basic').client.name);
  });

  it('carries exactly the permissions sent: none but accessibility and full printing by default', async () => {
    const defaults = encryptionOf(await pdfOf({ encryption: { ownerPassword: 'o' } }), 'o');
    expect(defaults.capabilities).toEqual({
      accessibility: true,
      extract: false,
      modify: false,
      modifyannotations: false,
      modifyassembly: false,
      modifyforms: false,
      modifyother: false,
      printhigh: true,
      printlow: true,
    });
    const permissions = { printing: 'low', copying: true, modifying: true, annotating: true, fillingForms: true, contentAccessibility: false, documentAssembly: true };
    const granted = encryptionOf(await pdfOf({ encryption: { ownerPassword: 'o', permissions } }), 'o');
    expect(granted.capabilities).toEqual({
      accessibility: false,
      extract: true,
      modify: true,
      modifyannotations: true,
      modifyassembly: true,
      modifyforms: true,
      modifyother: true,
      printhigh: false,
      printlow: true,
    });
    const noPrinting = encryptionOf(await pdfOf({ encryption: { ownerPassword: 'o', permissions: { printing: 'none' } } }), 'o');
    expect([noPrinting.capabilities.printlow, noPrinting.capabilities.printhigh]).toEqual([false, false]);
    // Without a user password anyone opens it, with the permissions above.
    expect(qpdf(await pdfOf({ encryption: { ownerPassword: 'o' } }), ['--requires-password']).status).toBe(3);
  });

  it('keeps a PDF/UA-1 claim in an encrypted file, readable by assistive technology', async () => {
    const pdf = await pdfOf({ pdfStandard: 'PDF/UA-1', encryption: { ownerPassword: 'o', userPassword: 'u' } });
    expect(encryptionOf(pdf, 'o').capabilities.accessibility).toBe(true);
    const decrypted = join(dir, 'ua-decrypted.pdf');
    spawnSync('qpdf', ['--password=u', '--decrypt', join(dir, `${files - 1}.pdf`), decrypted]);
    expect(spawnSync('qpdf', ['--show-object=trailer', decrypted], { encoding: 'utf8' }).stdout).not.toContain('/Encrypt');
    expect(spawnSync('pdfinfo', [decrypted], { encoding: 'utf8' }).stdout).toMatch(/Tagged:\s+yes/);
  });

  it("encrypts a webhook job's PDF, and keeps no password at rest once it is rendered", async () => {
    const body = { templateId: 'invoice-basic', data: sample('invoice-basic'), options: { encryption: { ownerPassword: 'job-owner', userPassword: 'job-user' } }, webhook: { url: receiver.url() } };
    const queued = await t.http.post('/api/v1/generate').set('X-API-Key', ws.key).send(body).expect(202);
    const [delivery] = await receiver.waitForJob(queued.body.jobId, 1, 30_000);
    const file = await t.http.get(new URL((delivery.body as { pdfUrl: string }).pdfUrl).pathname).buffer(true).parse(binary).expect(200);
    expect(encryptionOf(file.body as Buffer, 'job-owner').ownerpasswordmatched).toBe(true);
    const [row] = await t.app.get(DataSource).query('SELECT request FROM jobs WHERE id = $1'.replace('$1', `'${queued.body.jobId}'`));
    expect(row.request).not.toMatch(/job-owner|job-user/);
    expect(JSON.parse(row.request).options.encryption.ownerPassword).toBe('(removed after rendering)');
  });

  it('encrypts every template, a tagged multi-page document among them', async () => {
    for (const templateId of ['weekly-report', 'calendar-schedule', 'kpi-dashboard']) {
      const pdf = await pdfOf({ encryption: { ownerPassword: 'owner', userPassword: 'user' } }, templateId);
      expect([templateId, qpdf(pdf, ['--check', '--password=user']).stdout]).toEqual([templateId, expect.stringContaining('No syntax or stream encoding errors found')]);
    }
  });

  it('refuses encryption with PDF/A and e-invoices, and passwords a PDF cannot hold, naming the field', async () => {
    const cases: [object, string][] = [
      [{ pdfStandard: 'PDF/A-2b', encryption: { ownerPassword: 'o' } }, 'options.encryption cannot be used with PDF/A-2b: PDF/A forbids encryption'],
      [{ pdfStandard: ['PDF/UA-1', 'PDF/A-3b'], encryption: { ownerPassword: 'o' } }, 'options.encryption cannot be used with PDF/A-3b: PDF/A forbids encryption'],
      [{ encryption: {} }, 'options.encryption.ownerPassword is required'],
      [{ pdfStandard: 'PDF/UA-1', encryption: { ownerPassword: 'o', permissions: { contentAccessibility: false } } }, 'options.encryption.permissions.contentAccessibility must be true with PDF/UA-1'],
      [{ encryption: 'secret' }, 'options.encryption must be an object with ownerPassword, optional userPassword and permissions'],
      [{ encryption: { ownerPassword: '' } }, 'options.encryption.ownerPassword must be a string of 1 to 127 characters'],
      [{ encryption: { ownerPassword: 'x'.repeat(128) } }, 'options.encryption.ownerPassword must be a string of 1 to 127 characters'],
      [{ encryption: { ownerPassword: 'o', userPassword: 42 } }, 'options.encryption.userPassword must be a string of 1 to 127 characters'],
      [{ encryption: { ownerPassword: 'bell\u0007' } }, 'options.encryption.ownerPassword cannot be a PDF password: it contains a control, private-use or other prohibited character (RFC 4013)'],
      [{ encryption: { ownerPassword: 'o', userPassword: 'key🔑' } }, 'options.encryption.userPassword cannot be a PDF password: it contains a character PDF passwords cannot hold, such as an emoji (RFC 4013 allows Unicode 3.2)'],
      [{ encryption: { ownerPassword: '\u00AD' } }, 'options.encryption.ownerPassword cannot be a PDF password: it is empty once spaces and invisible characters are mapped (RFC 4013)'],
      [{ encryption: { ownerPassword: 'o', userPassword: 'abcא' } }, 'options.encryption.userPassword cannot be a PDF password: it mixes right-to-left and left-to-right letters (RFC 3454)'],
      [{ encryption: { ownerPassword: 'o', permissions: { printing: 'high' } } }, 'options.encryption.permissions.printing must be one of: full, low, none'],
      [{ encryption: { ownerPassword: 'o', permissions: { copying: 'yes' } } }, 'options.encryption.permissions.copying must be boolean'],
    ];
    for (const [options, message] of cases) {
      const res = await generate(options);
      expectError(res, 400, 'Invalid request', 'INVALID_REQUEST');
      expect([options, res.body.validationErrors]).toEqual([options, [message]]);
    }
    const body = { templateId: 'invoice-basic', data: sample('invoice-basic'), options: { eInvoice: 'EN16931', encryption: { ownerPassword: 'o' } } };
    const eInvoice = await t.http.post('/api/v1/generate').set('X-API-Key', ws.key).send(body);
    expect(eInvoice.body.validationErrors).toEqual(['options.encryption cannot be used with PDF/A-3b: PDF/A forbids encryption']);
  });
});
