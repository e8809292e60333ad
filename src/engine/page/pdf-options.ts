import type { EInvoiceProfile } from '../einvoice/einvoice-profile';

export const PAGE_FORMATS = ['Letter', 'A4', 'Legal'] as const;
export type PageFormat = (typeof PAGE_FORMATS)[number];

export const ORIENTATIONS = ['portrait', 'landscape'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

export const MARGIN_SIDES = ['top', 'right', 'bottom', 'left'] as const;
export type MarginSide = (typeof MARGIN_SIDES)[number];

/** Each side is a CSS length as the caller wrote it (`0.75in`, `20mm`, `12`). */
export type MarginSpec = Record<MarginSide, string>;

export interface DefaultPdfOptions {
  format: PageFormat;
  orientation: Orientation;
  margin: MarginSpec;
}

/** The standards a document can claim and meet (DECISIONS section 12). */
export const PDF_STANDARDS = ['PDF/A-2b', 'PDF/A-3b', 'PDF/UA-1'] as const;
export type PdfStandard = (typeof PDF_STANDARDS)[number];

/** `options.pdfStandard`: one standard, or a list of at most one PDF/A level and PDF/UA-1 (DECISIONS section 14). */
export type PdfStandards = PdfStandard | readonly PdfStandard[];

/** The standards of `options.pdfStandard` as a list, whichever form was sent (jobs stored before lists existed hold one). */
export function standardList(value: PdfStandards | undefined): readonly PdfStandard[] {
  return value === undefined ? [] : typeof value === 'string' ? [value] : value;
}

/** `options.attachments[]` as sent: `data` is base64. */
export interface AttachmentInput {
  name: string;
  contentType: string;
  data: string;
  description?: string;
}

/** `options.encryption` (DECISIONS section 15): AES-256 with these passwords and permissions. */
export interface EncryptionInput {
  ownerPassword: string;
  userPassword?: string;
  permissions?: {
    printing?: 'full' | 'low' | 'none';
    copying?: boolean;
    modifying?: boolean;
    annotating?: boolean;
    fillingForms?: boolean;
    contentAccessibility?: boolean;
    documentAssembly?: boolean;
  };
}

/** `options.signature` (DECISIONS section 15): what the signature dictionary and its visible stamp say. */
export interface SignatureInput {
  reason?: string;
  location?: string;
  contactInfo?: string;
  visible?: boolean;
}

/** What the service adds to `options.signature` before rendering, from the workspace's certificate. */
export interface SignatureField extends SignatureInput {
  /** The signer's name (the certificate's common name): the dictionary's /Name and the stamp's. */
  signerName: string;
  /** Bytes kept for the CMS signature in /Contents: the certificates' size and room for the rest. */
  contentsBytes: number;
}

/** The document language when the caller names none (BCP 47). */
export const DEFAULT_LANG = 'en';

/** Longest header or footer template accepted, in characters. */
export const MAX_HEADER_FOOTER_CHARS = 20_000;

/** The caller's `options` once their shape is checked: any key may be left to the template's default. */
export interface PdfOptionsInput {
  format?: PageFormat;
  orientation?: Orientation;
  /** CSS lengths; a bare number is pixels. */
  margin?: Partial<Record<MarginSide, string | number>>;
  displayHeaderFooter?: boolean;
  headerTemplate?: string;
  footerTemplate?: string;
  /** BCP 47 language of the document: /Lang, and the CJK glyph forms. */
  lang?: string;
  pdfStandard?: PdfStandards;
  /** `invoice-basic` only: make the PDF a hybrid e-invoice of this profile (PDF/A-3b). */
  eInvoice?: EInvoiceProfile;
  attachments?: AttachmentInput[];
  encryption?: EncryptionInput;
  signature?: SignatureInput;
}

/** Options after the caller's `options` were merged over the template defaults and validated. */
export interface PdfOptions extends DefaultPdfOptions {
  displayHeaderFooter: boolean;
  headerTemplate?: string;
  footerTemplate?: string;
  /** Set by resolveOptions; absent from jobs stored before it existed (read as DEFAULT_LANG). */
  lang?: string;
  /** With eInvoice and none sent: PDF/A-3b. */
  pdfStandard?: PdfStandards;
  eInvoice?: EInvoiceProfile;
  attachments?: AttachmentInput[];
  encryption?: EncryptionInput;
  /** As sent until GenerationService looks up the certificate; a SignatureField when rendered. */
  signature?: SignatureInput | SignatureField;
}

/** Everything a layout needs to draw one document; data has passed the template schema. */
export interface RenderRequest {
  templateId: string;
  data: Record<string, unknown>;
  options: PdfOptions;
  /** Drawn across every page, e.g. `TEST` for documents made with a test key. */
  watermark?: string;
  /**
   * A custom template's layout, drawn instead of a built-in (templateId then only names the file).
   * `key` is unique per stored version: the compiled layout is cached per process under it.
   */
  custom?: CustomRender;
}

export interface CustomRender {
  key: string;
  /** PDF Title and the `title` header/footer placeholder. */
  title: string;
  /** A definition in the template language (src/engine/custom/language-schema.ts). */
  layout: unknown;
}
