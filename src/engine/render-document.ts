import { PDFDocument } from './pdfkit';
import { isTemplateId } from './templates/template.types';
import { RenderRequest } from './page/pdf-options';
import { DocumentFonts } from './fonts/document-fonts';
import { FontLibrary, loadFontLibrary } from './fonts/font-library';
import { Canvas, PageSize, TextBox } from './toolkit/canvas';
import { drawHeaderFooter, headerFooterRoom } from './header-footer/draw-header-footer';
import { LAYOUTS } from './documents/document-layouts';
import { DocumentLayout } from './documents/document-layout';
import { RenderFailed, UnknownTemplate } from './errors';
import { pageGeometry, withBandRoom } from './page/page-geometry';
import { defaultFurniture, drawFurniture, furnitureMargin } from './documents/page-furniture';
import { drawWatermark } from './watermark';
import { compactXref } from './compact-xref';
import { deflatePageContents } from './page-content';
import { fitToStandards, metadataTitle, standardOptions } from './pdf-standards';
import { DEFAULT_LANG, PdfOptions, standardList } from './page/pdf-options';
import { AssociatedFile, embedAssociatedFiles } from './associated-files';
import { encryptionOptions } from './encryption';
import { addSignatureField } from './signature-field';
import { FACTUR_X_SCHEMA, facturXProperties } from './einvoice/factur-x-metadata';
import { ExtensionSchema, extensionSchemasXmp, PDFUA_ID_SCHEMA } from './xmp-extension-schemas';

const PRODUCER = 'pdfgen';

/** A rendered document with the layout's own record of where text went (used by tests). */
export interface RenderedDocument {
  pdf: Buffer;
  pageSize: PageSize;
  pageCount: number;
  textBoxes: TextBox[];
  /** The boxes of textBoxes drawn around the content on its pages: page furniture, header and footer, watermark. */
  runningBoxes: TextBox[];
}

/**
 * Renders a request whose data passed the template's schema to PDF bytes. Throws UnknownTemplate
 * for an id with no document, and RenderFailed (with the cause) for anything that breaks while drawing.
 */
export async function renderDocument(request: RenderRequest): Promise<Buffer> {
  return (await renderDocumentWithLayout(request)).pdf;
}

export async function renderDocumentWithLayout(request: RenderRequest): Promise<RenderedDocument> {
  const layout = request.custom ? (await loadCustomLayout())(request.custom) : isTemplateId(request.templateId) ? LAYOUTS[request.templateId] : undefined;
  if (!layout) throw new UnknownTemplate(request.templateId);
  try {
    return await draw(layout, request);
  } catch (error) {
    throw error instanceof RenderFailed ? error : new RenderFailed(undefined, { cause: error });
  }
}

/**
 * The template language (liquidjs, the block compilers, QR codes) is loaded on the first custom
 * render, not with this module: a render worker that only draws built-in templates never needs
 * it. Loaded at start it cost each worker 1.2 MB of V8 heap and about 4 MB of RSS; with this
 * (and the engine index's compileLayout) the service's idle RSS went from 157 to 152 MB and the
 * bench's peak under load from 223 to 216 MB, medians of interleaved runs (214 MB before custom templates).
 */
let customLayoutModule: Promise<typeof import('./custom/custom-layout')> | undefined;

async function loadCustomLayout(): Promise<(typeof import('./custom/custom-layout'))['customLayout']> {
  customLayoutModule ??= import('./custom/custom-layout');
  return (await customLayoutModule).customLayout;
}

async function draw(layout: DocumentLayout<Record<string, unknown>>, request: RenderRequest): Promise<RenderedDocument> {
  const fonts = await loadFontLibrary();
  const { data, options } = request;
  const title = layout.title(data);
  const values = { title, date: new Date().toISOString().slice(0, 10), url: '' };
  const requested = pageGeometry(options);
  let pass = new DrawingPass(fonts, requested.size, title, options);
  // Section 3's header and footer take the margins; where those are too small the content makes room.
  const bands = headerFooterRoom(pass.canvas, requested, options, values);
  const geometry = withBandRoom(requested, bands.top, bands.bottom);
  const mode = { eInvoice: options.eInvoice };
  layout.draw(pass.canvas, geometry.content, data, mode);
  // A built-in document of more than one page carries its own furniture, unless the caller's header and footer replace it.
  const furniture = request.custom || options.displayHeaderFooter ? undefined : (layout.furniture?.(data) ?? defaultFurniture(title));
  const paged = furniture !== undefined && pass.canvas.pageCount > 1;
  const margin = paged ? furnitureMargin(pass.canvas, furniture, geometry.content.width) : 0;
  const furnished = withBandRoom(geometry, margin, margin);
  if (paged && furnished !== geometry) {
    // Margins too small for the bands: lay the document out again in the inset frame (multi-page documents only).
    pass = new DrawingPass(fonts, geometry.size, title, options);
    layout.draw(pass.canvas, furnished.content, data, mode);
  }
  const { doc, canvas, documentFonts, bytes, created } = pass;
  const contentBoxes = canvas.textBoxes.length;
  if (paged) drawFurniture(canvas, geometry.size.height, furnished.content, furniture);
  if (request.watermark) drawWatermark(canvas, geometry.size, request.watermark);
  drawHeaderFooter(canvas, geometry, options, values);
  // The service adds the signer's name and room to options.signature before rendering (GenerationService).
  if (options.signature && 'signerName' in options.signature) addSignatureField(canvas, doc, options.signature, created);
  const pageCount = canvas.pageCount;
  canvas.tags.finish();
  documentFonts.embedAll();
  embedAssociatedFiles(doc, associatedFiles(layout, data, options), created);
  appendExtensionMetadata(doc, options);
  deflatePageContents(doc);
  doc.end();
  return { pdf: await bytes, pageSize: geometry.size, pageCount, textBoxes: canvas.textBoxes, runningBoxes: canvas.textBoxes.slice(contentBoxes) };
}

/** The e-invoice's XML (the parser allows eInvoice only where the layout makes one), then the caller's attachments. */
function associatedFiles(layout: DocumentLayout<Record<string, unknown>>, data: Record<string, unknown>, options: PdfOptions): AssociatedFile[] {
  const files: AssociatedFile[] = [];
  if (options.eInvoice && layout.eInvoice) files.push(layout.eInvoice(data, options.eInvoice));
  for (const { name, contentType, data: base64, description } of options.attachments ?? []) {
    files.push({ name, contentType, data: Buffer.from(base64, 'base64'), relationship: 'Supplement', description });
  }
  return files;
}

/**
 * What the XMP needs beyond PDFKit's: the Factur-X properties of an e-invoice, and, in a PDF/A
 * file, the description of every namespace PDF/A does not predefine (pdfuaid beside a PDF/A claim, fx).
 */
function appendExtensionMetadata(doc: PDFKit.PDFDocument, options: PdfOptions): void {
  const standards = standardList(options.pdfStandard);
  const schemas: ExtensionSchema[] = [];
  if (standards.includes('PDF/UA-1') && standards.length > 1) schemas.push(PDFUA_ID_SCHEMA);
  if (options.eInvoice) schemas.push(FACTUR_X_SCHEMA);
  if (schemas.length > 0) doc.appendXML(extensionSchemasXmp(schemas));
  if (options.eInvoice) doc.appendXML(facturXProperties(options.eInvoice));
}

/** A PDF document being drawn; a pass that is laid out again is dropped unfinished. */
class DrawingPass {
  readonly doc: PDFKit.PDFDocument;
  readonly documentFonts: DocumentFonts;
  readonly canvas: Canvas;
  readonly bytes: Promise<Buffer>;
  /** Info's CreationDate, also the date of the associated files. */
  readonly created = new Date();

  constructor(fonts: FontLibrary, size: PageSize, title: string, options: PdfOptions) {
    const standards = standardList(options.pdfStandard);
    this.doc = new PDFDocument({
      size: [size.width, size.height],
      margin: 0,
      bufferPages: true,
      // No default font: user text only ever uses the embedded fonts.
      font: null as unknown as string,
      info: { Title: metadataTitle(title), Creator: PRODUCER, Producer: PRODUCER, CreationDate: this.created },
      // Tagged, /Lang, the Title displayed, PDF 1.7, XMP; and the standard's claim when one is asked for.
      // Jobs stored before options.lang existed have none.
      ...standardOptions(options.lang ?? DEFAULT_LANG, standards),
      // After the standard's options: AES-256 needs PDFKit's "1.7ext3" (the parser refuses encryption with PDF/A).
      ...(options.encryption ? encryptionOptions(options.encryption) : {}),
    });
    fitToStandards(this.doc, standards);
    compactXref(this.doc);
    this.bytes = collect(this.doc);
    this.documentFonts = new DocumentFonts(this.doc);
    this.canvas = new Canvas(this.doc, fonts, this.documentFonts, options.lang ?? DEFAULT_LANG);
  }
}

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
