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
