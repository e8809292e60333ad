import { RenderRequest, PdfOptions, DEFAULT_LANG } from './page/pdf-options';
import { loadFontLibrary, FontLibrary } from './fonts/font-library';
import { RenderFailed } from './errors';
import { PageGeometry, pageGeometry } from './page/page-geometry';
import { DrawingPass } from './drawing-pass';
import { DocumentPlan, drawContent, drawRunning, furnishedGeometry, planDocument } from './document-plan';
import { Canvas } from './toolkit/canvas';
import { AnyLayout, layoutOf } from './render-document';

/** One document of a merged file; `title` is its outline entry (default: the layout's title of its data). */
export interface MergedItem {
  request: RenderRequest;
  title?: string;
}

/** A merged file, its page count, and where each item starts (0-based page index). */
export interface MergedDocument {
  pdf: Buffer;
  pageCount: number;
  firstPages: number[];
}

/**
 * Draws the documents one after another into one PDF (DECISIONS section 15, `merge: true`):
 * each from a new page of its own size, laid out as renderDocument lays it out alone (its own
 * "Page x of y", header and footer, watermark), under one outline entry and one Sect of the
 * structure tree. One PDFKit document: each font is embedded once, as a subset of every item's
 * glyphs. Tagged, in the first item's language; never PDF/A, encrypted or with attachments (the
 * items' pdfStandard, eInvoice, attachments and encryption are ignored: the merge is a reading copy).
 */
export async function renderMergedDocument(items: readonly MergedItem[]): Promise<Buffer> {
  return (await renderMergedDocumentWithPages(items)).pdf;
}

export async function renderMergedDocumentWithPages(items: readonly MergedItem[]): Promise<MergedDocument> {
  if (items.length === 0) throw new RenderFailed('A merged document needs at least one item');
  const layouts = await Promise.all(items.map(({ request }) => layoutOf(request)));
  try {
    return await drawMerged(items, layouts);
  } catch (error) {
    throw error instanceof RenderFailed ? error : new RenderFailed(undefined, { cause: error });
  }
}

async function drawMerged(items: readonly MergedItem[], layouts: AnyLayout[]): Promise<MergedDocument> {
  const fonts = await loadFontLibrary();
  const requests = items.map(({ request }) => ({ ...request, options: readingCopy(request.options) }));
  const titles = requests.map((request, index) => items[index].title ?? layouts[index].title(request.data));
  const first = requests[0].options;
  const pass = new DrawingPass(fonts, pageGeometry(first).size, mergedTitle(titles), first);
  const { canvas, doc } = pass;
  const documentLang = first.lang ?? DEFAULT_LANG;
  const firstPages: number[] = [];
  let pageCount = 0;
  requests.forEach((request, index) => {
    const lang = request.options.lang ?? DEFAULT_LANG;
    // The section first: the plan measures in the item's language.
    canvas.startSection(pageGeometry(request.options).size, lang);
    const plan = planDocument(canvas, layouts[index], request);
    firstPages.push(pageCount);
    doc.outline.addItem(titles[index]);
    const laidOut = layoutGeometry(fonts, canvas, plan);
    canvas.tags.element('Sect', () => drawContent(canvas, plan, laidOut.content), { lang: lang === documentLang ? undefined : lang });
    drawRunning(canvas, plan, laidOut);
    pageCount += canvas.pageCount;
  });
  return { pdf: await pass.finish(), pageCount, firstPages };
}

/**
 * The geometry the item is laid out in, as alone: the one inset for its furniture only when its
 * margins are too small for the bands and it takes more than one page. Pages drawn here cannot be
 * dropped, so its pages are counted first, in a scratch document (only when the two differ).
 */
function layoutGeometry(fonts: FontLibrary, canvas: Canvas, plan: DocumentPlan): PageGeometry {
  const furnished = furnishedGeometry(canvas, plan);
  if (furnished === plan.geometry) return furnished;
  const scratch = new DrawingPass(fonts, plan.geometry.size, plan.title, plan.request.options);
  drawContent(scratch.canvas, plan, plan.geometry.content);
  return scratch.canvas.pageCount > 1 ? furnished : plan.geometry;
}

/** The options that make a file of their own (a standard, an e-invoice, attachments, encryption) left out. */
function readingCopy(options: PdfOptions): PdfOptions {
  const { pdfStandard: _standard, eInvoice: _eInvoice, attachments: _attachments, encryption: _encryption, ...rest } = options;
  return rest;
}

/** The file's Title: the first item's, and the last's when there are more. */
function mergedTitle(titles: readonly string[]): string {
  return titles.length === 1 ? titles[0] : `${titles[0]} – ${titles[titles.length - 1]}`;
}
