import { generateKeyPairSync, randomBytes } from 'node:crypto';
import * as forge from 'node-forge';

export interface SelfSignedOptions {
  commonName: string;
  organization?: string;
  /** Valid from `notBefore` (default now) for this many days. */
  days: number;
  notBefore?: Date;
  password: string;
}

/**
 * A self-signed certificate for document signing with a new RSA-2048 key, as a PKCS#12 file
 * (AES-256): for tests and trials only; readers trust a certificate from a trust service. The key
 * pair comes from Node's crypto: forge's JavaScript key generation takes seconds.
 */
export function selfSignedPkcs12(options: SelfSignedOptions): Buffer {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKey = forge.pki.privateKeyFromPem(pair.privateKey.export({ type: 'pkcs1', format: 'pem' }) as string);
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(pair.publicKey.export({ type: 'spki', format: 'pem' }) as string);
  // A positive serial of 16 random bytes (RFC 5280 4.1.2.2).
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = options.notBefore ?? new Date();
  cert.validity.notAfter = new Date(cert.validity.notBefore.getTime() + options.days * 86_400_000);
  const name = [{ name: 'commonName', value: options.commonName }, ...(options.organization ? [{ name: 'organizationName', value: options.organization }] : [])];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', critical: true, digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(privateKey, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(privateKey, [cert], options.password, { algorithm: 'aes256', generateLocalKeyId: true, friendlyName: options.commonName });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}
