import { PdfOptions } from '../page/pdf-options';
import { Canvas } from '../toolkit/canvas';
import { Rect } from '../toolkit/rect';
import { RichLine, RichRun, RichStyle, drawRichLines, wrapRich } from '../toolkit/rich-text';
import { COLORS, TYPE } from '../toolkit/theme';
import { lineHeight, textStyle } from '../toolkit/text-style';
import { PageGeometry } from '../page/page-geometry';
import { Placeholder, TemplateBox, parseTemplate } from './html-template';

// Underline set, so that every style parsed from the HTML (spreads of this one) has the same shape.
const BASE: RichStyle = { ...textStyle(TYPE.small, COLORS.text), underline: false };
const DEFAULT_FOOTER = '<div style="text-align: center; color: #6b7280">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>';
const CACHE_LIMIT = 64;
/** Parsed templates by HTML: callers send the same few templates again and again. */
const parsed = new Map<string, TemplateBox[]>();

export interface HeaderFooterValues {
  title: string;
  date: string;
  url: string;
}

/**
 * Draws the header in the top margin and the footer in the bottom margin of every page (the
 * geometry's margins: widened by headerFooterRoom where they were too small).
 * Runs after the content, when the total page count is known (pages are buffered).
 */
export function drawHeaderFooter(canvas: Canvas, geometry: PageGeometry, options: PdfOptions, values: HeaderFooterValues): void {
  if (!options.displayHeaderFooter) return;
  const header = options.headerTemplate ? template(options.headerTemplate) : [];
  const footer = footerBoxes(options);
  const { size, margins, content } = geometry;
  const count = canvas.pageCount;
  for (let page = 0; page < count; page++) {
    canvas.switchToPage(page);
    const fill: Record<Placeholder, string> = { ...values, pageNumber: String(page + 1), totalPages: String(count) };
    // Running header and footer: artifacts (tagging), not content read in the structure tree.
    canvas.tags.artifact('Header', () => drawZone(canvas, header, fill, { x: content.x, y: 0, width: content.width, height: margins.top }));
    canvas.tags.artifact('Footer', () => drawZone(canvas, footer, fill, { x: content.x, y: size.height - margins.bottom, width: content.width, height: margins.bottom }));
  }
}

/** Space kept between a header or footer that needed room of its own and the page edge and content. */
const ZONE_PAD = 6;

/**
 * The height the header and footer take at the content width (images at most a quarter page),
 * padded: with margins smaller than these (e.g. 0) the content is inset so that they never vanish.
 */
export function headerFooterRoom(canvas: Canvas, geometry: PageGeometry, options: PdfOptions, values: HeaderFooterValues): { top: number; bottom: number } {
  if (!options.displayHeaderFooter) return { top: 0, bottom: 0 };
  const fill: Record<Placeholder, string> = { ...values, pageNumber: '999', totalPages: '999' };
  const zone = { x: 0, y: 0, width: geometry.content.width, height: geometry.size.height / 4 };
  const room = (boxes: TemplateBox[]) => (boxes.length === 0 ? 0 : layoutZone(canvas, boxes, fill, zone).height + 2 * ZONE_PAD);
  return { top: room(options.headerTemplate ? template(options.headerTemplate) : []), bottom: room(footerBoxes(options)) };
}

function footerBoxes(options: PdfOptions): TemplateBox[] {
  return template(options.footerTemplate || DEFAULT_FOOTER);
}

/** The data-URI images a template draws, in order, repeats included. */
export function templateImages(html: string): string[] {
  return template(html).flatMap((box) => box.runs.flatMap((run) => ('image' in run ? [run.image] : [])));
}

function template(html: string): TemplateBox[] {
  let boxes = parsed.get(html);
  if (!boxes) {
    boxes = parseTemplate(html, BASE);
    if (parsed.size >= CACHE_LIMIT) parsed.delete(parsed.keys().next().value!);
    parsed.set(html, boxes);
  }
  return boxes;
}

/** Boxes laid out in a zone: the lines that fit its height, and the height they take. */
interface LaidZone {
  kept: Array<{ box: TemplateBox; width: number; lines: RichLine[] }>;
  height: number;
}

/** Lays the boxes out in the zone; lines that do not fit its height are left out. */
function layoutZone(canvas: Canvas, boxes: TemplateBox[], fill: Record<Placeholder, string>, zone: Rect): LaidZone {
  const kept: LaidZone['kept'] = [];
  let height = 0;
  for (const box of boxes) {
    const width = boxWidth(box, zone.width);
    const lines = [];
    for (const line of wrapRich(canvas, runsFor(canvas, box, fill, zone.height), width, lineHeight(BASE))) {
      const extra = (lines.length === 0 ? box.spaceBefore : 0) + line.height;
      if (height + extra > zone.height && height > 0) break;
      height += extra;
      lines.push(line);
    }
    if (lines.length === 0) break;
    kept.push({ box, width, lines });
    height += box.spaceAfter;
  }
  return { kept, height };
}

/** Draws the boxes in the zone, centred vertically. */
function drawZone(canvas: Canvas, boxes: TemplateBox[], fill: Record<Placeholder, string>, zone: Rect): void {
  if (boxes.length === 0 || zone.height <= 0) return;
  const { kept, height } = layoutZone(canvas, boxes, fill, zone);
  let y = zone.y + Math.max(0, (zone.height - height) / 2);
  for (const { box, width, lines } of kept) {
    y += box.spaceBefore;
    y += drawRichLines(canvas, lines, zone.x + box.insetLeft, y, width, box.align);
    y += box.spaceAfter;
  }
}

function boxWidth(box: TemplateBox, zoneWidth: number): number {
  const inner = zoneWidth - box.insetLeft - box.insetRight;
  if (!box.width) return Math.max(1, inner);
  const wanted = 'percent' in box.width ? (zoneWidth * box.width.percent) / 100 : box.width.points;
  return Math.max(1, Math.min(inner, wanted));
}

function runsFor(canvas: Canvas, box: TemplateBox, fill: Record<Placeholder, string>, maxHeight: number): RichRun[] {
  const runs: RichRun[] = [];
  for (const run of box.runs) {
    if ('placeholder' in run) runs.push({ text: fill[run.placeholder], style: run.style });
    else if ('text' in run) runs.push(run);
    else {
      const natural = canvas.imageSize(run.image);
      if (!natural) continue;
      const ratio = natural.height / natural.width;
      let width = run.width ?? (run.height ? run.height / ratio : natural.width * 0.75);
      let height = run.height ?? width * ratio;
      if (height > maxHeight) {
        width *= maxHeight / height;
        height = maxHeight;
      }
      runs.push({ image: run.image, width, height });
    }
  }
  return runs;
}
