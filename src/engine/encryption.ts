import { createCipheriv, randomBytes } from 'node:crypto';
import type { EncryptionInput } from './page/pdf-options';

/** PDFKit's name for each printing permission of DECISIONS section 15. */
const PRINTING = { full: 'highResolution', low: 'lowResolution', none: undefined } as const;

/**
 * The PDFDocument options that encrypt a document with AES-256 (PDFKit's "1.7ext3": /V 5, AESV3,
 * 256-bit keys, Adobe's extension level 3 of PDF 1.7) and exactly the permissions sent:
 * booleans default to false except contentAccessibility (screen readers may read the text),
 * printing defaults to full.
 */
export function encryptionOptions(encryption: EncryptionInput): PDFKit.PDFDocumentOptions {
  const permissions = encryption.permissions ?? {};
  return {
    pdfVersion: '1.7ext3',
    ownerPassword: encryption.ownerPassword,
    ...(encryption.userPassword ? { userPassword: encryption.userPassword } : {}),
    permissions: {
      printing: PRINTING[permissions.printing ?? 'full'],
      copying: permissions.copying ?? false,
      modifying: permissions.modifying ?? false,
      annotating: permissions.annotating ?? false,
      fillingForms: permissions.fillingForms ?? false,
      contentAccessibility: permissions.contentAccessibility ?? true,
      documentAssembly: permissions.documentAssembly ?? false,
    },
  };
}

/** PDFKit's security handler (PDFKit 0.17, not in @types/pdfkit): crypto-js word arrays. */
interface PdfKitSecurity {
  version: number;
  encryptionKey: { words: number[]; sigBytes: number };
  getEncryptFn(object: number, generation: number): (data: Buffer) => Buffer;
}

/**
 * An AES-256 document's strings and streams encrypted by Node's crypto rather than PDFKit's
 * crypto-js: crypto-js's AES, and its random IVs (one getRandomValues call per 4 bytes), made
 * encrypting a 20-item invoice cost 3.2 times its plain render (bench/einvoice.ts). The same
 * algorithm as PDFKit's (ISO 32000-2, 7.6.3): AES-256-CBC with PKCS#7 padding, a random 16-byte IV
 * per object written before the ciphertext, the file key as it is (/V 5 derives no object keys).
 */
export function encryptWithNodeCrypto(doc: PDFKit.PDFDocument): void {
  const security = (doc as unknown as { _security?: PdfKitSecurity })._security;
  if (!security || security.version !== 5) return;
  const key = Buffer.alloc(security.encryptionKey.sigBytes);
  security.encryptionKey.words.forEach((word, i) => {
    if (i * 4 < key.length) key.writeInt32BE(word | 0, i * 4);
  });
  security.getEncryptFn = () => {
    const iv = randomBytes(16);
    return (data) => {
      const cipher = createCipheriv('aes-256-cbc', key, iv);
      return Buffer.concat([iv, cipher.update(data), cipher.final()]);
    };
  };
}
