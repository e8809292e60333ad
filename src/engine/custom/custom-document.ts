import { InvalidDocumentData, RenderFailed } from '../errors';
import { Block } from '../toolkit/block';
import { Canvas } from '../toolkit/canvas';
import { PageFlow } from '../toolkit/page-flow';
import { Rect } from '../toolkit/rect';
import { BuildScope, MAX_PAGES, TOO_MANY_PAGES } from './blocks/build-scope';
import { CompiledBlock } from './blocks/compiled-block';
import { collect, keepingHeadings } from './blocks/column';
import { CompiledLayout } from './compile-layout';
import { Evaluation } from './liquid/evaluation';

/** Space between the header or footer and the body. */
const BAND_GAP = 12;
/** The least room the header and footer must leave the body on a page. */
const MIN_BODY_HEIGHT = 72;

/** PageFlow that refuses a page past the limit: a document too long fails while it flows, not after. */
class BoundedFlow extends PageFlow {
  constructor(
    private readonly pages: Canvas,
    frame: Rect,
  ) {
    super(pages, frame);
  }

  override newPage(): void {
    if (this.pages.pageCount >= MAX_PAGES) throw new RenderFailed(TOO_MANY_PAGES);
    super.newPage();
  }

  private breakPending = false;

  /** A page break: what comes next starts a new page (none at the end, none on an empty page). */
  breakPage(): void {
    this.breakPending = true;
  }

  override add(block: Block, gapBefore = 0): void {
    if (this.breakPending && this.room < this.frame.height) this.newPage();
    this.breakPending = false;
    super.add(block, gapBefore);
  }
}

/**
 * Draws a compiled custom layout with one document's data in `frame`: the header and footer are
 * measured first and their room kept at the top and bottom of every page, the body flows in
 * what is left (PageFlow adds the pages), then the header and footer are drawn on every page
 * with `page.number` and `page.total`.
 */
export function drawCustomDocument(canvas: Canvas, frame: Rect, layout: CompiledLayout, data: Record<string, unknown>): void {
  const evaluation = new Evaluation(data, canvas.lang);
  const measuring = new BuildScope(evaluation, layout.theme, frame);
  const headerHeight = bandHeight(canvas, layout.header, measuring, frame.width);
  const footerHeight = bandHeight(canvas, layout.footer, measuring, frame.width);
  const top = headerHeight > 0 ? headerHeight + BAND_GAP : 0;
  const bottom = footerHeight > 0 ? footerHeight + BAND_GAP : 0;
  const body: Rect = { x: frame.x, y: frame.y + top, width: frame.width, height: frame.height - top - bottom };
  if (body.height < MIN_BODY_HEIGHT) {
    // The data made them too tall (or the page is too small for them): the caller's to fix, as data.
    const bands = [headerHeight > 0 && 'layout.header', footerHeight > 0 && 'layout.footer'].filter(Boolean);
    throw new InvalidDocumentData(`${bands.join(' and ')} ${bands.length > 1 ? 'take' : 'takes'} ${Math.round(top + bottom)} of the page's ${Math.round(frame.height)} points; the body needs at least ${MIN_BODY_HEIGHT}`);
  }

  const scope = new BuildScope(evaluation, layout.theme, body);
  const flow = new BoundedFlow(canvas, body);
  const sink = keepingHeadings((piece) => (piece.pageBreak ? flow.breakPage() : flow.add(piece.block, piece.space)));
  for (const block of layout.body) block.build(scope, sink.emit);
  sink.flush();

  if (headerHeight === 0 && footerHeight === 0) return;
  const total = canvas.pageCount;
  for (let page = 0; page < total; page++) {
    canvas.switchToPage(page);
    const names = { page: { number: page + 1, total } };
    if (headerHeight > 0) drawBand(canvas, layout.header, scope, names, { ...frame, height: headerHeight }, 'top');
    if (footerHeight > 0) drawBand(canvas, layout.footer, scope, names, { ...frame, y: frame.y + frame.height - footerHeight, height: footerHeight }, 'bottom');
  }
}

/**
 * The height of a header or footer, its room kept on every page: built with the widest page
 * numbers a document can have, so that "Page 1000 of 1000" never wraps out of the room kept.
 */
function bandHeight(canvas: Canvas, blocks: readonly CompiledBlock[], scope: BuildScope, width: number): number {
  if (blocks.length === 0) return 0;
  return scope.evaluation.within({ page: { number: MAX_PAGES, total: MAX_PAGES } }, () => build(blocks, scope)).layout(canvas, width).height;
}

/** Draws a band in its room; a band that grew on this page (a longer page number) is cut to it. */
function drawBand(canvas: Canvas, blocks: readonly CompiledBlock[], scope: BuildScope, names: Record<string, unknown>, room: Rect, anchor: 'top' | 'bottom'): void {
  const laid = scope.evaluation.within(names, () => build(blocks, scope)).layout(canvas, room.width);
  const y = anchor === 'top' || laid.height > room.height ? room.y : room.y + room.height - laid.height;
  if (laid.height <= room.height) laid.draw(canvas, room.x, y);
  else canvas.clipped(room.y, room.y + room.height, () => laid.draw(canvas, room.x, y));
}

function build(blocks: readonly CompiledBlock[], scope: BuildScope) {
  return collect((emit) => blocks.forEach((block) => block.build(scope, emit)));
}
