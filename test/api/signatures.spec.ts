import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DataSource } from 'typeorm';
import { openPkcs12 } from '../../src/signatures/certificate-bundle';
import { selfSignedPkcs12 } from '../../src/signatures/self-signed';
import { binary } from '../support/binary';
import { expectError } from '../support/expect-error';
import { describeFailures, dss, verapdf } from '../support/reference-validators';
import { sample } from '../support/samples';
import { adaptersFromEnv } from '../support/scaled-out';
import { startTestApp, TestApp } from '../support/test-app';
import { Receiver } from '../webhooks/receiver';

const dir = mkdtempSync(join(tmpdir(), 'pdfgen-signatures-'));
let files = 0;

/** Writes the PDF to a file of its own and answers its path. */
function saved(pdf: Buffer): string {
  const file = join(dir, `${files++}.pdf`);
  writeFileSync(file, pdf);
  return file;
}

/** pdfsig's report on the file (user password for an encrypted one). */
function pdfsig(file: string, userPassword?: string): string {
  return spawnSync('pdfsig', [...(userPassword ? ['-upw', userPassword] : []), file], { encoding: 'utf8' }).stdout;
}

/** The signature's CMS (DER, then the placeholder's zero padding): /Contents, found by /ByteRange. */
function cmsOf(pdf: Buffer): Buffer {
  const [, start, end] = /\/ByteRange \[0 (\d+) (\d+) \d+\]/.exec(pdf.toString('latin1'))!;
  return Buffer.from(pdf.subarray(Number(start) + 1, Number(end) - 1).toString('latin1'), 'hex');
}

/** An object identifier as DER writes it, to find an attribute in a CMS. */
const OIDS = {
  signingCertificateV2: Buffer.from('060b2a864886f70d010910022f', 'hex'),
  signingTime: Buffer.from('06092a864886f70d010905', 'hex'),
  sha256: Buffer.from('0609608648016503040201', 'hex'),
};

const PASSWORD = 'p12 Password!';
const DAY_MS = 86_400_000;
const p12 = selfSignedPkcs12({ commonName: 'Acme Signing Ltd', organization: 'Acme', days: 365, password: PASSWORD });
const expired = selfSignedPkcs12({ commonName: 'Old Acme', days: 30, notBefore: new Date(Date.now() - 400 * DAY_MS), password: PASSWORD });

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** DECISIONS section 15: a workspace's signing certificate, and options.signature; on the run's adapters and on PostgreSQL. */
describe.each([
  ["the run's adapters", adaptersFromEnv()],
  ['PostgreSQL', { store: 'postgres', files: 'disk' } as const],
])('signatures on %s', (_, adapters) => {
  let t: TestApp;
  let ws: { id: string; key: string };
  let receiver: Receiver;

  beforeAll(async () => {
    t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' }, adapters);
    receiver = await Receiver.start();
    ws = await t.createWorkspace('pro');
    receiver.trust((await t.admin.get(`/workspaces/${ws.id}`).expect(200)).body.webhookSecret);
    await t.admin.put(`/workspaces/${ws.id}/signing-certificate`, { p12: p12.toString('base64'), password: PASSWORD }).expect(200);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const generate = (key: string, options: object, templateId = 'invoice-basic') =>
    t.http.post('/api/v1/generate').set('X-API-Key', key).send({ templateId, data: sample(templateId as 'invoice-basic'), options, outputFormat: 'buffer' });
  const pdfOf = async (options: object, templateId?: string) => (await generate(ws.key, options, templateId).buffer(true).parse(binary).expect(200)).body as Buffer;
  const eInvoiceOf = async (options: object) => {
    const body = { ...JSON.parse(readFileSync(resolve(__dirname, '../../examples/e-invoices/de-en16931.json'), 'utf8')), options, outputFormat: 'buffer' };
    return (await t.http.post('/api/v1/generate').set('X-API-Key', ws.key).send(body).buffer(true).parse(binary).expect(200)).body as Buffer;
  };

  describe('the operator API', () => {
    it('stores a certificate and shows only its subject, issuer and expiry', async () => {
      const other = await t.createWorkspace('pro');
      const path = `/workspaces/${other.id}/signing-certificate`;
      expectError(await t.admin.get(path), 404, 'No signing certificate for this workspace', 'NO_SIGNING_CERTIFICATE');
      const put = await t.admin.put(path, { p12: p12.toString('base64'), password: PASSWORD }).expect(200);
      expect(Object.keys(put.body).sort()).toEqual(['expiresAt', 'issuer', 'subject', 'updatedAt']);
      expect(put.body).toMatchObject({ subject: 'CN=Acme Signing Ltd, O=Acme', issuer: 'CN=Acme Signing Ltd, O=Acme' });
      expect(new Date(put.body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 360 * DAY_MS);
      expect((await t.admin.get(path).expect(200)).body).toEqual(put.body);
      await t.admin.delete(path).expect(204);
      expectError(await t.admin.get(path), 404, 'No signing certificate for this workspace', 'NO_SIGNING_CERTIFICATE');
      await t.admin.delete(path).expect(204);
    });

    it('keeps the file and its password only encrypted, with a key that is not in the database', async () => {
      const [row] = await t.app.get(DataSource).query(`SELECT * FROM signing_certificates WHERE workspace_id = '${ws.id}'`);
      const stored = JSON.stringify(row);
      const key = readFileSync(join(t.config.dataDir, 'signing-certificates.key'));
      for (const secret of [PASSWORD, p12.toString('base64'), p12.toString('hex'), key.toString('base64'), key.toString('hex')]) {
        expect(stored).not.toContain(secret);
      }
      expect(stored).not.toContain(p12.subarray(0, 64).toString('base64'));
    });

    it('refuses what cannot sign, naming the field', async () => {
      const path = `/workspaces/${ws.id}/signing-certificate`;
      const cases: [object, string][] = [
        [{ password: PASSWORD }, 'p12 must be a PKCS#12 file (.p12, .pfx) in base64'],
        [{ p12: 'not base64!', password: PASSWORD }, 'p12 must be a PKCS#12 file (.p12, .pfx) in base64'],
        [{ p12: Buffer.from('hello world').toString('base64'), password: PASSWORD }, 'p12 must be a PKCS#12 file (.p12, .pfx) in base64'],
        [{ p12: p12.toString('base64'), password: 'wrong' }, 'p12 cannot be opened with this password'],
        [{ p12: p12.toString('base64') }, 'password must be a string'],
      ];
      for (const [body, message] of cases) {
        const res = await t.admin.put(path, body);
        expectError(res, 400, 'Invalid request', 'INVALID_REQUEST');
        expect([body, res.body.validationErrors]).toEqual([body, [message]]);
      }
      expectError(await t.admin.put('/workspaces/00000000-0000-4000-8000-000000000000/signing-certificate', { p12: p12.toString('base64'), password: PASSWORD }), 404, "Workspace '00000000-0000-4000-8000-000000000000' not found", 'WORKSPACE_NOT_FOUND');
      expectError(await t.http.put(`/admin/v1${path}`).set('Authorization', 'Bearer wrong').send({}), 401, 'Invalid admin token', 'INVALID_ADMIN_TOKEN');
      // The certificate in force is still the one stored before.
      expect((await t.admin.get(path).expect(200)).body.subject).toBe('CN=Acme Signing Ltd, O=Acme');
    });
  });

  describe('options.signature', () => {
    it('signs the whole document: PAdES B-B, ETSI.CAdES.detached, SHA-256, signing-certificate-v2, valid for pdfsig', async () => {
      const pdf = await pdfOf({ signature: { reason: 'Approved', location: 'Paris', contactInfo: 'billing@acme.example' } });
      const file = saved(pdf);
      const report = pdfsig(file);
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(report).toContain('Total document signed');
      expect(report).toContain('Signature Type: ETSI.CAdES.detached');
      expect(report).toContain('Signing Hash Algorithm: SHA-256');
      expect(report).toContain('Signer Certificate Common Name: Acme Signing Ltd');
      const cms = cmsOf(pdf);
      expect(cms.includes(OIDS.signingCertificateV2)).toBe(true);
      expect(cms.includes(OIDS.sha256)).toBe(true);
      // PAdES baseline: the time is the dictionary's /M, never a CMS signing-time attribute.
      expect(cms.includes(OIDS.signingTime)).toBe(false);
      expect(spawnSync('qpdf', ['--check', file], { encoding: 'utf8' }).stdout).toContain('No syntax or stream encoding errors found');
    });

    it('keeps a PDF/A-3b e-invoice PDF/A-3b, and a PDF/UA-1 file PDF/UA-1, visible stamp or not (veraPDF)', async () => {
      const cases = [
        { file: saved(await eInvoiceOf({ eInvoice: 'EN16931', signature: { reason: 'Invoice issued' } })), profile: '3b' },
        { file: saved(await pdfOf({ pdfStandard: 'PDF/A-3b', signature: { visible: true, reason: 'Approved' } })), profile: '3b' },
        { file: saved(await pdfOf({ pdfStandard: ['PDF/A-2b', 'PDF/UA-1'], signature: { visible: true } })), profile: 'ua1' },
        { file: saved(await pdfOf({ pdfStandard: 'PDF/UA-1', signature: {} }, 'weekly-report')), profile: 'ua1' },
      ];
      for (const { file } of cases) expect([file, pdfsig(file)]).toEqual([file, expect.stringContaining('Signature is Valid.')]);
      const results = await verapdf([...cases, { file: cases[2].file, profile: '2b' }]);
      expect(describeFailures(results)).toEqual([]);
      expect(results.map((result) => result.compliant)).toEqual([true, true, true, true, true]);
    });

    it('makes PAdES-BASELINE-B signatures that the EU DSS validator passes, the signer trusted as a trust service would be', async () => {
      const trust = join(dir, 'signer.der');
      writeFileSync(trust, openPkcs12(p12, PASSWORD).certificates[0]);
      const jobs = [
        { file: saved(await pdfOf({ signature: {} })), trust },
        { file: saved(await pdfOf({ pdfStandard: 'PDF/A-3b', signature: { visible: true, reason: 'Approved' } })), trust },
        { file: saved(await pdfOf({ encryption: { ownerPassword: 'o', userPassword: 'u' }, signature: {} })), userPassword: 'u', trust },
      ];
      const results = await dss(jobs);
      expect(results.map((result) => result.signatures)).toEqual(jobs.map(() => [{ format: 'PAdES-BASELINE-B', indication: 'TOTAL_PASSED', subIndication: null, errors: [] }]));
      // Untrusted, the signature is still B-B, its chain what is missing.
      const [untrusted] = await dss([{ file: jobs[0].file }]);
      expect(untrusted.signatures).toEqual([expect.objectContaining({ format: 'PAdES-BASELINE-B', subIndication: 'NO_CERTIFICATE_CHAIN_FOUND' })]);
    });

    it('signs after encryption: the signature stays valid and /Contents unencrypted', async () => {
      const file = saved(await pdfOf({ encryption: { ownerPassword: 'owner', userPassword: 'user' }, signature: { reason: 'Sealed' } }));
      const report = pdfsig(file, 'user');
      expect(report).toContain('Signature is Valid.');
      expect(report).toContain('Total document signed');
      expect(spawnSync('qpdf', ['--check', '--password=user', file], { encoding: 'utf8' }).stdout).toContain('No syntax or stream encoding errors found');
    });

    it("signs a webhook job's PDF with the certificate in force when it renders", async () => {
      const body = { templateId: 'invoice-basic', data: sample('invoice-basic'), options: { signature: { visible: true } }, webhook: { url: receiver.url() } };
      const queued = await t.http.post('/api/v1/generate').set('X-API-Key', ws.key).send(body).expect(202);
      const [delivery] = await receiver.waitForJob(queued.body.jobId, 1, 30_000);
      const pdf = await t.http.get(new URL((delivery.body as { pdfUrl: string }).pdfUrl).pathname).buffer(true).parse(binary).expect(200);
      expect(pdfsig(saved(pdf.body as Buffer))).toContain('Signature is Valid.');
    });

    it('refuses a workspace without a certificate, or with an expired one, naming it', async () => {
      const other = await t.createWorkspace('pro');
      expectError(await generate(other.key, { signature: {} }), 400, 'No signing certificate for this workspace', 'NO_SIGNING_CERTIFICATE');
      const put = await t.admin.put(`/workspaces/${other.id}/signing-certificate`, { p12: expired.toString('base64'), password: PASSWORD }).expect(200);
      const res = await generate(other.key, { signature: { reason: 'x' } });
      expectError(res, 400, `The signing certificate 'CN=Old Acme' expired on ${put.body.expiresAt}`, 'SIGNING_CERTIFICATE_EXPIRED');
      // Without options.signature the certificate plays no part.
      await generate(other.key, {}).expect(200);
    });

    it('checks the shape of options.signature, naming the field', async () => {
      const cases: [object, string][] = [
        [{ signature: true }, 'options.signature must be an object with any of: reason, location, contactInfo, visible'],
        [{ signature: { reason: '' } }, 'options.signature.reason must be a string of 1 to 200 characters'],
        [{ signature: { location: 'x'.repeat(201) } }, 'options.signature.location must be a string of 1 to 200 characters'],
        [{ signature: { contactInfo: 42 } }, 'options.signature.contactInfo must be a string of 1 to 200 characters'],
        [{ signature: { visible: 'yes' } }, 'options.signature.visible must be boolean'],
      ];
      for (const [options, message] of cases) {
        const res = await generate(ws.key, options);
        expectError(res, 400, 'Invalid request', 'INVALID_REQUEST');
        expect([options, res.body.validationErrors]).toEqual([options, [message]]);
      }
    });
  });
});
