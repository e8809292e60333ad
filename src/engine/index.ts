/**
 * The rendering engine as a library: built-in template definitions, page options, and a renderer
 * from data to PDF bytes. No framework, configuration, HTTP or database: usable from a plain
 * Node script (see the README), from the API's render workers and from the CLI alike.
 */
import { RenderFailed, UnknownTemplate } from './errors';
import { contentRoomProblem, resolveOptions } from './page/resolve-options';
import { PdfOptionsInput } from './page/pdf-options';
import type { CompiledLayout } from './custom/compile-layout';
import type * as RenderDocumentModule from './render-document';
import type { RenderedDocument } from './render-document';
import type * as RenderMergedModule from './render-merged-document';
import type { MergedDocument, MergedItem } from './render-merged-document';
import type { RenderRequest } from './page/pdf-options';
import { findTemplate } from './templates/built-in-templates';

export { InvalidDocumentData, RenderFailed, RenderTimedOut, UnknownTemplate } from './errors';
export type { RenderedDocument } from './render-document';
export type { MergedDocument, MergedItem } from './render-merged-document';
export { contentRoomProblem, resolveOptions } from './page/resolve-options';
export { cssLengthToPoints } from './page/css-length';
export { MARGIN_SIDES, MAX_HEADER_FOOTER_CHARS, ORIENTATIONS, PAGE_FORMATS } from './page/pdf-options';
export type { CustomRender, DefaultPdfOptions, MarginSide, Orientation, PageFormat, PdfOptions, PdfOptionsInput, RenderRequest } from './page/pdf-options';
export { BLOCK_TYPES, TEMPLATE_LANGUAGE_SCHEMA } from './custom/language-schema';
export type { BlockType } from './custom/language-schema';
export type { CompiledLayout } from './custom/compile-layout';
export { InvalidLayout } from './custom/layout-issue';
export type { LayoutIssue } from './custom/layout-issue';
export { checkOptionImages } from './header-footer/images/check-template-images';
export { eInvoiceProblems } from './einvoice/einvoice-requirements';
export { EINVOICE_PROFILES } from './einvoice/einvoice-profile';
export type { EInvoiceProfile } from './einvoice/einvoice-profile';
export { checkDataImage } from './custom/images/data-image';
export { BUILT_IN_TEMPLATES, findTemplate } from './templates/built-in-templates';
export type { TemplateDefinition } from './templates/built-in-templates';
export { isTemplateId, TEMPLATE_CATEGORIES, TEMPLATE_IDS } from './templates/template.types';
export type { TemplateCategory, TemplateId } from './templates/template.types';
export { FORMATS, LIMITS, TEMPLATE_SCHEMAS } from './templates/schemas';
export type { CalendarScheduleData, InvoiceBasicData, JsonSchema, KpiDashboardData, TemplateData, WeeklyReportData } from './templates/schemas';

/**
 * Renders a built-in template in one call: `options` over the template's defaults, as the API
 * does. `data` must satisfy the template's schema (TEMPLATE_SCHEMAS); the API checks it first.
 */
export async function render(templateId: string, data: Record<string, unknown>, options: PdfOptionsInput = {}): Promise<Buffer> {
  const template = findTemplate(templateId);
  if (!template) throw new UnknownTemplate(templateId);
  const orientation = template.honoursDataOrientation ? dataOrientation(data) : undefined;
  const resolved = resolveOptions(options, template.defaultOptions, orientation, template.honoursDataLocale ? dataLang(data) : undefined);
  const problem = contentRoomProblem(resolved);
  if (problem) throw new RenderFailed(problem);
  return renderDocument({ templateId: template.id, data, options: resolved });
}

/**
 * The renderer (PDFKit, fontkit, the fonts) is loaded on the first render rather than with this
 * index: the HTTP thread imports the index for the catalogue, schemas and options and never renders
 * (its render workers do); loaded there it cost that thread about 20 MB of RSS.
 */
function renderer(): typeof RenderDocumentModule {
  return require('./render-document');
}

export function renderDocument(request: RenderRequest): Promise<Buffer> {
  return renderer().renderDocument(request);
}

export function renderDocumentWithLayout(request: RenderRequest): Promise<RenderedDocument> {
  return renderer().renderDocumentWithLayout(request);
}

/** Draws the items into one PDF, each from a new page, one outline entry each: see render-merged-document.ts. */
export function renderMergedDocument(items: readonly MergedItem[]): Promise<Buffer> {
  return mergeRenderer().renderMergedDocument(items);
}

export function renderMergedDocumentWithPages(items: readonly MergedItem[]): Promise<MergedDocument> {
  return mergeRenderer().renderMergedDocumentWithPages(items);
}

/** Loaded on the first merge, as the renderer is (see renderer()). */
function mergeRenderer(): typeof RenderMergedModule {
  return require('./render-merged-document');
}

/**
 * Checks and prepares a layout in the template language: see custom/compile-layout.ts. The
 * language (liquidjs, the block compilers, QR codes) is loaded on the first call rather than with
 * this index, which the HTTP thread imports for everything else: only definition checks need it
 * there, and loaded at start it held about 1 MB of that thread's live heap.
 */
export function compileLayout(layout: unknown): CompiledLayout {
  const language: typeof import('./custom/compile-layout') = require('./custom/compile-layout');
  return language.compileLayout(layout);
}

/** invoice-basic's `data.locale` (a BCP 47 tag, checked by its schema): the document's language when options.lang names none. */
export function dataLang(data: Record<string, unknown>): string | undefined {
  return typeof data.locale === 'string' && data.locale !== '' ? data.locale : undefined;
}

/** calendar-schedule's `data.orientation`, when it names one. */
export function dataOrientation(data: Record<string, unknown>): 'portrait' | 'landscape' | undefined {
  return data.orientation === 'portrait' || data.orientation === 'landscape' ? data.orientation : undefined;
}
