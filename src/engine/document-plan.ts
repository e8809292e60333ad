import { RenderRequest } from './page/pdf-options';
import { Canvas } from './toolkit/canvas';
import { Rect } from './toolkit/rect';
import { drawHeaderFooter, HeaderFooterValues, headerFooterRoom } from './header-footer/draw-header-footer';
import { DocumentLayout, PageFurniture } from './documents/document-layout';
import { PageGeometry, pageGeometry, withBandRoom } from './page/page-geometry';
import { defaultFurniture, drawFurniture, furnitureMargin } from './documents/page-furniture';
import { drawWatermark } from './watermark';

/**
 * How one document is drawn, alone (render-document.ts) or as an item of a merged file
 * (render-merged-document.ts): its geometry, measured before anything is drawn, then its content,
 * then what runs around the content on its pages once their count is known.
 */
export interface DocumentPlan {
  layout: DocumentLayout<Record<string, unknown>>;
  request: RenderRequest;
  title: string;
  values: HeaderFooterValues;
  /** The requested geometry, its margins widened for the caller's header and footer. */
  geometry: PageGeometry;
  /** A built-in document's own furniture, unless the caller's header and footer replace it. */
  furniture?: PageFurniture;
}

export function planDocument(canvas: Canvas, layout: DocumentLayout<Record<string, unknown>>, request: RenderRequest): DocumentPlan {
  const { data, options } = request;
  const title = layout.title(data);
  const values = { title, date: new Date().toISOString().slice(0, 10), url: '' };
  const requested = pageGeometry(options);
  // Section 3's header and footer take the margins; where those are too small the content makes room.
  const bands = headerFooterRoom(canvas, requested, options, values);
  const geometry = withBandRoom(requested, bands.top, bands.bottom);
  const furniture = request.custom || options.displayHeaderFooter ? undefined : (layout.furniture?.(data) ?? defaultFurniture(title));
  return { layout, request, title, values, geometry, furniture };
}

/**
 * The geometry with room for the furniture's bands around the content: `plan.geometry` itself
 * where its margins have that room, or where the document has no furniture. Measured only for
 * documents that may need it: a page's worth of wrapping.
 */
export function furnishedGeometry(canvas: Canvas, plan: DocumentPlan): PageGeometry {
  if (!plan.furniture) return plan.geometry;
  const margin = furnitureMargin(canvas, plan.furniture, plan.geometry.content.width);
  return withBandRoom(plan.geometry, margin, margin);
}

/**
 * Lays the content out in `frame` from the current page: the plan's geometry.content, or the
 * furnished geometry's for a document of more than one page whose margins are too small for its furniture.
 */
export function drawContent(canvas: Canvas, plan: DocumentPlan, frame: Rect): void {
  plan.layout.draw(canvas, frame, plan.request.data, { eInvoice: plan.request.options.eInvoice });
}

/**
 * Draws on every page, after the content: the furniture (documents of more than one page) around
 * `laidOut` (the geometry the content was laid out in), the watermark, the caller's header and footer.
 */
export function drawRunning(canvas: Canvas, plan: DocumentPlan, laidOut: PageGeometry): void {
  const { geometry, furniture, request, values } = plan;
  if (furniture) drawFurniture(canvas, geometry.size.height, laidOut.content, furniture);
  if (request.watermark) drawWatermark(canvas, geometry.size, request.watermark);
  drawHeaderFooter(canvas, geometry, request.options, values);
}
