import { createPrivateKey, KeyObject, X509Certificate } from 'node:crypto';
import * as forge from 'node-forge';

/** A PKCS#12 file opened: the key that signs, its certificate, and the rest of the chain it carries. */
export interface CertificateBundle {
  privateKey: KeyObject;
  /** DER, the signer's first, then the other certificates of the file. */
  certificates: Buffer[];
  subject: string;
  issuer: string;
  /** The signer's common name, else its whole subject. */
  commonName: string;
  notAfter: Date;
}

/** Why a PKCS#12 file cannot sign, in a sentence for the caller. */
export class UnusableCertificate extends Error {}

/**
 * Opens a PKCS#12 file with node-forge (Node's crypto cannot read PKCS#12). The signer is the
 * certificate whose public key matches the private key; forge reads RSA keys only, which is what
 * trust services issue for document signing. The key becomes a Node KeyObject: signing with it
 * takes about 1 ms where forge's RSA takes tens.
 */
export function openPkcs12(p12: Buffer, password: string): CertificateBundle {
  let bags: forge.pkcs12.Bag[];
  try {
    const parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary'))), password);
    bags = [forge.pki.oids.certBag, forge.pki.oids.pkcs8ShroudedKeyBag, forge.pki.oids.keyBag].flatMap((bagType) => parsed.getBags({ bagType })[bagType] ?? []);
  } catch (error) {
    throw new UnusableCertificate(/password|mac/i.test(String(error)) ? 'p12 cannot be opened with this password' : 'p12 must be a PKCS#12 file (.p12, .pfx) in base64', { cause: error });
  }
  const key = bags.find((bag) => bag.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  const certificates = bags.filter((bag) => bag.cert).map((bag) => bag.cert!);
  if (!key) throw new UnusableCertificate('p12 must hold an RSA private key');
  const signer = certificates.find((cert) => (cert.publicKey as forge.pki.rsa.PublicKey).n?.equals(key.n));
  if (!signer) throw new UnusableCertificate('p12 must hold the certificate of its private key');
  const der = (cert: forge.pki.Certificate) => Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
  const x509 = new X509Certificate(der(signer));
  return {
    privateKey: createPrivateKey(forge.pki.privateKeyToPem(key)),
    certificates: [signer, ...certificates.filter((cert) => cert !== signer)].map(der),
    subject: oneLine(x509.subject),
    issuer: oneLine(x509.issuer),
    commonName: (signer.subject.getField('CN')?.value as string | undefined) ?? oneLine(x509.subject),
    notAfter: new Date(x509.validTo),
  };
}

/** Node names a distinguished name one attribute a line; shown as `CN=..., O=...`. */
function oneLine(name: string): string {
  return name.split('\n').join(', ');
}
