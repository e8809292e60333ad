import { createHash, sign } from 'node:crypto';
import { Signer } from '@signpdf/utils';
import * as forge from 'node-forge';
import type { CertificateBundle } from './certificate-bundle';

const { asn1 } = forge;
const { UNIVERSAL, CONTEXT_SPECIFIC } = asn1.Class;
const T = asn1.Type;

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
} as const;

/**
 * The CMS of a PAdES B-B signature (ETSI EN 319 142-1, `ETSI.CAdES.detached`): SignedData over
 * the signed bytes, detached, SHA-256, with the signed attributes content-type, message-digest
 * and signing-certificate-v2, and no signing-time (the baseline forbids it: the time is the
 * signature dictionary's /M). Built with node-forge's ASN.1, not its pkcs7 module, nor
 * @signpdf/signer-p12 which uses it: that module encodes only content-type, message-digest and
 * signing-time attributes, and always adds signing-time. @signpdf/signpdf calls sign() with the
 * bytes of the file outside /Contents.
 */
export class CadesSigner extends Signer {
  constructor(private readonly bundle: CertificateBundle) {
    super();
  }

  override async sign(pdf: Buffer): Promise<Buffer> {
    const [signerCert] = this.bundle.certificates;
    const { issuer, serial } = issuerAndSerial(signerCert);
    const attributes = [
      attribute(OID.contentType, oid(OID.data)),
      attribute(OID.messageDigest, octets(createHash('sha256').update(pdf).digest())),
      attribute(OID.signingCertificateV2, signingCertificateV2(signerCert, issuer, serial)),
    ];
    // DER orders a SET OF by its members' encodings; the signature is over the SET, tag 0x31.
    const encoded = attributes.map(der).sort(Buffer.compare);
    const signature = sign('sha256', der(asn1.create(UNIVERSAL, T.SET, true, encoded.map(fromDer))), this.bundle.privateKey);
    const signerInfo = seq([
      int(1),
      seq([issuer, serial]),
      algorithm(OID.sha256),
      asn1.create(CONTEXT_SPECIFIC, 0, true, encoded.map(fromDer)),
      algorithm(OID.rsaEncryption),
      octets(signature),
    ]);
    const signedData = seq([
      int(1),
      asn1.create(UNIVERSAL, T.SET, true, [algorithm(OID.sha256)]),
      seq([oid(OID.data)]),
      asn1.create(CONTEXT_SPECIFIC, 0, true, this.bundle.certificates.map(fromDer)),
      asn1.create(UNIVERSAL, T.SET, true, [signerInfo]),
    ]);
    return der(seq([oid(OID.signedData), asn1.create(CONTEXT_SPECIFIC, 0, true, [signedData])]));
  }
}

/** ESS SigningCertificateV2 (RFC 5035): the signer's certificate by its SHA-256 hash (the default algorithm, so left out) and issuer and serial. */
function signingCertificateV2(certificate: Buffer, issuer: forge.asn1.Asn1, serial: forge.asn1.Asn1): forge.asn1.Asn1 {
  const directoryName = asn1.create(CONTEXT_SPECIFIC, 4, true, [issuer]);
  const issuerSerial = seq([seq([directoryName]), serial]);
  const essCertIdV2 = seq([octets(createHash('sha256').update(certificate).digest()), issuerSerial]);
  return seq([seq([essCertIdV2])]);
}

/** The issuer Name and serialNumber of a certificate, as they are in it. */
function issuerAndSerial(certificate: Buffer): { issuer: forge.asn1.Asn1; serial: forge.asn1.Asn1 } {
  const tbs = (fromDer(certificate).value as forge.asn1.Asn1[])[0].value as forge.asn1.Asn1[];
  // tbsCertificate: [0] version (present in v3 certificates), serialNumber, signature, issuer, ...
  const at = tbs[0].tagClass === CONTEXT_SPECIFIC ? 1 : 0;
  return { serial: tbs[at], issuer: tbs[at + 2] };
}

const seq = (items: forge.asn1.Asn1[]) => asn1.create(UNIVERSAL, T.SEQUENCE, true, items);
const oid = (id: string) => asn1.create(UNIVERSAL, T.OID, false, asn1.oidToDer(id).getBytes());
const int = (value: number) => asn1.create(UNIVERSAL, T.INTEGER, false, asn1.integerToDer(value).getBytes());
const octets = (bytes: Buffer) => asn1.create(UNIVERSAL, T.OCTETSTRING, false, bytes.toString('binary'));
const algorithm = (id: string) => seq([oid(id), asn1.create(UNIVERSAL, T.NULL, false, '')]);
const attribute = (type: string, value: forge.asn1.Asn1) => seq([oid(type), asn1.create(UNIVERSAL, T.SET, true, [value])]);
const der = (node: forge.asn1.Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');
const fromDer = (bytes: Buffer) => asn1.fromDer(forge.util.createBuffer(bytes.toString('binary')));
