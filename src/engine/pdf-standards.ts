import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { PdfStandard } from './page/pdf-options';
import { xmlChars, xmlText } from './xml-text';

/**
 * What every document's PDFDocument is opened with, and what a standard (DECISIONS section 12)
 * adds to it. PDFKit has the building blocks (`pdfVersion`, `tagged`, `lang`, `displayTitle`,
 * `subset` for the XMP identification and the PDF/A output intent); this module supplies what it
 * leaves to the caller: XMP whose values are escaped (PDFKit pastes the Title into the XML as it
 * is, so an `&` or `<` in a company name would make the metadata unreadable and the PDF/A claim
 * false), and the sRGB profile read and compressed once per process instead of on every document.
 */

/**
 * The header's version. PDF 1.7 (ISO 32000-1): what PDF/A-2, PDF/A-3 and PDF/UA-1 are built on,
 * and it covers the keys every document uses: the structure tree (1.3), /Lang, /MarkInfo, XMP
 * metadata, /ViewerPreferences /DisplayDocTitle, transparency, output intents (1.4), and the
 * pages' /Tabs /S that PDFKit adds beside link annotations in a tagged file (1.5).
 */
export const PDF_VERSION = '1.7';

/** PDFKit's name for each standard (its `subset` option; @types/pdfkit does not list 'PDF/UA', which PDFKit 0.17 has). */
const PDFKIT_SUBSETS: Record<PdfStandard, string> = {
  'PDF/A-2b': 'PDF/A-2b',
  'PDF/A-3b': 'PDF/A-3b',
  'PDF/UA-1': 'PDF/UA',
};

/**
 * The PDFDocument options that make a document tagged, in its language, titled, and claiming
 * `standards` (at most one PDF/A level and PDF/UA-1). PDFKit claims one subset: with both, the
 * PDF/A level is its subset and fitToStandards adds the PDF/UA identification.
 */
export function standardOptions(lang: string, standards: readonly PdfStandard[]): PDFKit.PDFDocumentOptions {
  const standard = standards.find((name) => name !== 'PDF/UA-1') ?? standards[0];
  return {
    pdfVersion: PDF_VERSION,
    tagged: true,
    lang,
    displayTitle: true,
    ...(standard ? { subset: PDFKIT_SUBSETS[standard] as PDFKit.Mixins.PDFSubsets } : {}),
  };
}

/** The Info entries that the XMP repeats (PDF/A: the two must agree). */
export interface DocumentInfo {
  Title: string;
  Creator: string;
  Producer: string;
  CreationDate: Date;
}

/**
 * The document Title as both Info and XMP can carry it: characters XML 1.0 cannot hold (C0
 * controls other than tab and line breaks, lone surrogates, U+FFFE/U+FFFF) are dropped, so the
 * two stay equal (PDF/A 6.6.3) and the XMP well-formed.
 */
export function metadataTitle(title: string): string {
  return xmlChars(title);
}

/** The PDFKit internals that fitToStandards replaces on one document. */
interface MetadataInternals {
  info: DocumentInfo;
  ref(data: Record<string, unknown>): { write(chunk: Buffer): void; end(): void };
  _root: { data: Record<string, unknown> };
  appendXML(xml: string, newline?: boolean): void;
  _addInfo(): void;
  _addColorOutputIntent(): void;
  _addPdfaMetadata(): void;
}

const PDFUA_ID = '<rdf:Description rdf:about="" xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/"><pdfuaid:part>1</pdfuaid:part></rdf:Description>';

/**
 * Replaces, on one document, PDFKit's XMP description of the Info entries (values escaped) and
 * its PDF/A output intent (the profile read and deflated once per process). PDFKit still writes
 * the packet, the pdfaid/pdfuaid identification and the catalog's /Metadata and /OutputIntents.
 */
export function fitToStandards(doc: PDFKit.PDFDocument, standards: readonly PdfStandard[]): void {
  const internals = doc as unknown as MetadataInternals;
  if (standards.length > 1 && standards.includes('PDF/UA-1')) {
    const addPdfaMetadata = internals._addPdfaMetadata;
    internals._addPdfaMetadata = function (this: MetadataInternals) {
      addPdfaMetadata.call(this);
      this.appendXML(PDFUA_ID);
    };
  }
  internals._addInfo = function (this: MetadataInternals) {
    this.appendXML(infoXmp(this.info));
  };
  internals._addColorOutputIntent = function (this: MetadataInternals) {
    const profile = srgbProfile();
    const profileRef = this.ref({ N: 3, Filter: 'FlateDecode' });
    profileRef.write(profile);
    profileRef.end();
    const intentRef = this.ref({
      Type: 'OutputIntent',
      S: 'GTS_PDFA1',
      Info: new String(SRGB_NAME),
      OutputConditionIdentifier: new String(SRGB_NAME),
      DestOutputProfile: profileRef,
    });
    intentRef.end();
    this._root.data.OutputIntents = [intentRef];
  };
}

/** The Info entries in XMP: dc:title, xmp:CreateDate, xmp:CreatorTool, pdf:Producer. */
function infoXmp(info: DocumentInfo): string {
  const title = info.Title
    ? `<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xmlText(info.Title)}</rdf:li></rdf:Alt></dc:title></rdf:Description>\n`
    : '';
  return (
    `<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/"><xmp:CreateDate>${xmpDate(info.CreationDate)}</xmp:CreateDate>` +
    `<xmp:CreatorTool>${xmlText(info.Creator)}</xmp:CreatorTool></rdf:Description>\n` +
    title +
    `<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/"><pdf:Producer>${xmlText(info.Producer)}</pdf:Producer></rdf:Description>`
  );
}

/** The instant PDFKit writes in Info's CreationDate (`D:YYYYMMDDHHmmssZ`, whole seconds, UTC). */
function xmpDate(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

const SRGB_NAME = 'sRGB IEC61966-2.1';
let srgbDeflated: Buffer | undefined;

/** PDFKit's own sRGB IEC61966-2.1 profile (ICC v2, 3 KB), deflated once per process. */
function srgbProfile(): Buffer {
  srgbDeflated ??= deflateSync(readFileSync(join(dirname(require.resolve('pdfkit')), 'data', 'sRGB_IEC61966_2_1.icc')));
  return srgbDeflated;
}
