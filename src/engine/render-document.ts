import { isTemplateId } from './templates/template.types';
import { RenderRequest } from './page/pdf-options';
import { loadFontLibrary } from './fonts/font-library';
import { PageSize, TextBox } from './toolkit/canvas';
import { LAYOUTS } from './documents/document-layouts';
import { DocumentLayout } from './documents/document-layout';
import { RenderFailed, UnknownTemplate } from './errors';
import { pageGeometry } from './page/page-geometry';
import { PdfOptions, standardList } from './page/pdf-options';
import { AssociatedFile, embedAssociatedFiles } from './associated-files';
import { addSignatureField } from './signature-field';
import { FACTUR_X_SCHEMA, facturXProperties } from './einvoice/factur-x-metadata';
import { ExtensionSchema, extensionSchemasXmp, PDFUA_ID_SCHEMA } from './xmp-extension-schemas';
import { DrawingPass } from './drawing-pass';
import { drawContent, drawRunning, furnishedGeometry, planDocument } from './document-plan';

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
  const layout = await layoutOf(request);
  try {
    return await draw(layout, request);
  } catch (error) {
    throw error instanceof RenderFailed ? error : new RenderFailed(undefined, { cause: error });
  }
}

export type AnyLayout = DocumentLayout<Record<string, unknown>>;

/** The request's layout: its custom one, or the built-in its templateId names (UnknownTemplate for none). */
export async function layoutOf(request: RenderRequest): Promise<AnyLayout> {
  const layout = request.custom ? (await loadCustomLayout())(request.custom) : isTemplateId(request.templateId) ? LAYOUTS[request.templateId] : undefined;
  if (!layout) throw new UnknownTemplate(request.templateId);
  return layout;
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

async function draw(layout: AnyLayout, request: RenderRequest): Promise<RenderedDocument> {
  const fonts = await loadFontLibrary();
  const { data, options } = request;
  let pass = new DrawingPass(fonts, pageGeometry(options).size, layout.title(data), options);
  const plan = planDocument(pass.canvas, layout, request);
  drawContent(pass.canvas, plan, plan.geometry.content);
  const laidOut = pass.canvas.pageCount > 1 ? furnishedGeometry(pass.canvas, plan) : plan.geometry;
  if (laidOut !== plan.geometry) {
    // Margins too small for the furniture's bands: lay the document out again in the inset frame (multi-page documents only).
    pass = new DrawingPass(fonts, plan.geometry.size, plan.title, options);
    drawContent(pass.canvas, plan, laidOut.content);
  }
  const { canvas } = pass;
  const contentBoxes = canvas.textBoxes.length;
  drawRunning(canvas, plan, laidOut);
  // The service adds the signer's name and room to options.signature before rendering (GenerationService).
  if (options.signature && 'signerName' in options.signature) addSignatureField(canvas, pass.doc, options.signature, pass.created);
  const pageCount = canvas.pageCount;
  const pdf = await pass.finish((doc, created) => {
    embedAssociatedFiles(doc, associatedFiles(layout, data, options), created);
    appendExtensionMetadata(doc, options);
  });
  return { pdf, pageSize: plan.geometry.size, pageCount, textBoxes: canvas.textBoxes, runningBoxes: canvas.textBoxes.slice(contentBoxes) };
}

/** The e-invoice's XML (the parser allows eInvoice only where the layout makes one), then the caller's attachments. */
function associatedFiles(layout: AnyLayout, data: Record<string, unknown>, options: PdfOptions): AssociatedFile[] {
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
