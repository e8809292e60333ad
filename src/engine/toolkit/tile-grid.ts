import { Block, Laid } from './block';
import { Canvas } from './canvas';
import { drawSparkline } from './sparkline';
import { COLORS, SPACE, TYPE } from './theme';
import { lineHeight, restyle, TextStyle, textStyle } from './text-style';
import { wrapText } from './text-wrap';

export interface KpiTile {
  label: string;
  value: string;
  change: string;
  trend: string;
  /** Whether a rise is good (`up`, the default) or a fall (`down`). */
  goodDirection?: string;
  series?: readonly number[];
}

const MIN_TILE_WIDTH = 130;
const MAX_COLUMNS = 4;
const PAD = SPACE.md;
const LABEL: TextStyle = textStyle(TYPE.small, COLORS.muted, { bold: true });
const VALUE: TextStyle = textStyle(TYPE.kpi, COLORS.text, { bold: true });
/** Values shrink to fit their tile down to this size, then wrap. */
const MIN_VALUE_SIZE = 11;
const CHANGE: TextStyle = textStyle(TYPE.small, COLORS.text, { bold: true });
const ARROW = 7;
const ARROW_GAP = 4;
const SPARKLINE_HEIGHT = 22;

/**
 * The colour of a trend: green when the metric moved in its good direction (a rise, unless
 * `goodDirection` is `down`), red when it moved the other way, grey when flat, and a neutral
 * slate for anything else.
 */
export function trendColor(trend: string, goodDirection?: string): string {
  const direction = trend.trim().toLowerCase();
  if (direction === 'flat') return COLORS.flat;
  if (direction !== 'up' && direction !== 'down') return COLORS.neutral;
  const good = (goodDirection?.trim().toLowerCase() || 'up') === direction;
  return good ? COLORS.positive : COLORS.negative;
}

/** Tiles per row: as few rows as `columns` allows, their lengths differing by at most one, longer rows first. */
export function balancedRows(count: number, columns: number): number[] {
  if (count === 0) return [];
  const rows = Math.ceil(count / Math.max(1, columns));
  return Array.from({ length: rows }, (_, row) => Math.floor(count / rows) + (row < count % rows ? 1 : 0));
}

/** Something drawn in a tile, `top` points below the tile's top edge. */
interface Piece {
  top: number;
  height: number;
  draw(canvas: Canvas, x: number, y: number): void;
}

interface LaidTile {
  color: string;
  pieces: Piece[];
  /** Ties the parts of a tile cut across pages to one list item (tagging). */
  key: object;
}

/**
 * KPI tiles in balanced rows of equal tiles (never one alone on the last row when avoidable).
 * The tiles of a row share their height, their bands (label, value, change, sparkline) and the
 * size of their values; every text wraps whole. Splits between rows, and inside a row taller than a page.
 */
export class TileGrid implements Block {
  /** `pageHeight`: a row of tiles taller than this is laid out one tile per row, across the width, where its text takes fewer lines. */
  constructor(
    private readonly tiles: KpiTile[],
    private readonly pageHeight = Infinity,
  ) {}

  layout(canvas: Canvas, width: number): Laid {
    const columns = Math.max(1, Math.min(MAX_COLUMNS, Math.floor((width + SPACE.md) / (MIN_TILE_WIDTH + SPACE.md))));
    const rows: LaidRow[] = [];
    let next = 0;
    for (const count of balancedRows(this.tiles.length, columns)) {
      const tiles = this.tiles.slice(next, next + count);
      const row = layoutRow(canvas, tiles, width);
      if (row.height > this.pageHeight && tiles.length > 1) rows.push(...tiles.map((tile) => layoutRow(canvas, [tile], width)));
      else rows.push(row);
      next += count;
    }
    return new LaidGrid(rows, this.pageHeight);
  }
}

interface LaidRow {
  tileWidth: number;
  height: number;
  tiles: LaidTile[];
}

function layoutRow(canvas: Canvas, tiles: KpiTile[], width: number): LaidRow {
  const tileWidth = (width - SPACE.md * (tiles.length - 1)) / tiles.length;
  const inner = tileWidth - 2 * PAD;
  const valueStyle = restyle(VALUE, { size: Math.min(...tiles.map((tile) => fittedSize(canvas, tile.value, inner))) });
  const arrowRoom = (tile: KpiTile) => (hasArrow(tile.trend) ? ARROW + ARROW_GAP : 0);
  const texts = tiles.map((tile) => ({
    label: wrapText(tile.label, canvas.stack(LABEL), LABEL.size, inner),
    value: wrapText(tile.value, canvas.stack(valueStyle), valueStyle.size, inner),
    change: tile.change ? wrapText(tile.change, canvas.stack(CHANGE), CHANGE.size, inner - arrowRoom(tile)) : [],
  }));
  // Bands shared by the row, so that labels, values, changes and sparklines line up across it.
  const band = (lines: (text: (typeof texts)[number]) => number, style: TextStyle) => Math.max(1, ...texts.map(lines)) * lineHeight(style);
  const labelBand = band((text) => text.label.length, LABEL);
  const valueBand = band((text) => text.value.length, valueStyle);
  const changeBand = band((text) => text.change.length, CHANGE);
  const valueTop = PAD + labelBand + SPACE.xs;
  const changeTop = valueTop + valueBand + SPACE.xs;
  const sparkTop = changeTop + changeBand + SPACE.sm;
  const hasSeries = tiles.some((tile) => (tile.series?.length ?? 0) > 0);
  const height = (hasSeries ? sparkTop + SPARKLINE_HEIGHT : changeTop + changeBand) + PAD;
  return {
    tileWidth,
    height,
    tiles: tiles.map((tile, index): LaidTile => {
      const color = trendColor(tile.trend, tile.goodDirection);
      const { label, value, change } = texts[index];
      const pieces: Piece[] = [];
      const lines = (list: string[], top: number, style: TextStyle, indent = 0) =>
        list.forEach((line, n) =>
          pieces.push({
            top: top + n * lineHeight(style),
            height: lineHeight(style),
            draw: (c, x, y) => c.text(line, x + PAD + indent, y, style, inner - indent),
          }),
        );
      lines(label, PAD, LABEL);
      // Values sit on the bottom of their band, so that one-line values align with wrapped ones.
      lines(value, valueTop + valueBand - value.length * lineHeight(valueStyle), valueStyle);
      if (hasArrow(tile.trend)) {
        const arrowTop = (lineHeight(CHANGE) - ARROW) / 2;
        pieces.push({ top: changeTop, height: lineHeight(CHANGE), draw: (c, x, y) => drawTrendArrow(c, tile.trend, x + PAD, y + arrowTop, color) });
      }
      lines(change, changeTop, { ...CHANGE, color }, arrowRoom(tile));
      const series = tile.series;
      if (series && series.length > 0) {
        pieces.push({ top: sparkTop, height: SPARKLINE_HEIGHT, draw: (c, x, y) => drawSparkline(c, series, x + PAD, y, inner, SPARKLINE_HEIGHT, color) });
      }
      return { color, pieces, key: {} };
    }),
  };
}

class LaidGrid implements Laid {
  readonly height: number;

  constructor(
    private readonly rows: LaidRow[],
    private readonly pageHeight: number,
    /** Ties the grid's parts on several pages to one list (tagging). */
    private readonly key: object = {},
  ) {
    this.height = rows.reduce((sum, row) => sum + row.height, 0) + Math.max(0, rows.length - 1) * SPACE.md;
  }

  /** Tagged as a list (L), a tile an item (LI > LBody) read label, value, change; a sparkline a Figure in it. */
  draw(canvas: Canvas, x: number, y: number): void {
    canvas.tags.element(
      'L',
      () => {
        let top = y;
        for (const row of this.rows) {
          row.tiles.forEach((tile, column) => drawTile(canvas, tile, x + column * (row.tileWidth + SPACE.md), top, row.tileWidth, row.height));
          top += row.height + SPACE.md;
        }
      },
      { key: this.key },
    );
  }

  split(room: number, atPageTop: boolean): [Laid, Laid] | null {
    let used = 0;
    let fitting = 0;
    while (fitting < this.rows.length && used + (fitting > 0 ? SPACE.md : 0) + this.rows[fitting].height <= room + 0.01) {
      used += (fitting > 0 ? SPACE.md : 0) + this.rows[fitting].height;
      fitting++;
    }
    const grid = (rows: LaidRow[]) => new LaidGrid(rows, this.pageHeight, this.key);
    if (fitting > 0) return fitting < this.rows.length ? [grid(this.rows.slice(0, fitting)), grid(this.rows.slice(fitting))] : null;
    // Rows are kept whole, but one taller than a page continues on the next, each tile cut
    // between its lines; so does a lone tile taller than half a page, rather than leave most of this page empty.
    const [first, ...rest] = this.rows;
    const cut = atPageTop || (first.tiles.length === 1 && first.height > this.pageHeight / 2);
    const parts = cut ? splitRow(first, room) : null;
    return parts && [grid([parts[0]]), grid([parts[1], ...rest])];
  }
}

function splitRow(row: LaidRow, room: number): [LaidRow, LaidRow] | null {
  const cut = room - PAD;
  const heads = row.tiles.map((tile) => ({ ...tile, pieces: tile.pieces.filter((piece) => piece.top + piece.height <= cut) }));
  if (heads.every((tile) => tile.pieces.length === 0)) return null;
  const tails = row.tiles.map((tile): LaidTile => {
    const rest = tile.pieces.filter((piece) => piece.top + piece.height > cut);
    const shift = rest.length > 0 ? Math.min(...rest.map((piece) => piece.top)) - PAD : 0;
    return { color: tile.color, key: tile.key, pieces: rest.map((piece) => ({ ...piece, top: piece.top - shift })) };
  });
  const ends = tails.flatMap((tile) => tile.pieces.map((piece) => piece.top + piece.height));
  // Nothing left but empty bands (a tile with no value): the rest takes no room.
  const tailHeight = ends.length > 0 ? Math.max(...ends) + PAD : 0;
  return [
    { ...row, height: room, tiles: heads },
    { ...row, height: tailHeight, tiles: tails },
  ];
}

function drawTile(canvas: Canvas, tile: LaidTile, x: number, y: number, width: number, height: number): void {
  if (tile.pieces.length === 0) return;
  canvas.tags.element(
    'LI',
    () =>
      canvas.tags.element('LBody', () => {
        canvas.rect(x, y, width, height, COLORS.panel, 5);
        canvas.rect(x, y, width, 3, tile.color);
        for (const piece of tile.pieces) piece.draw(canvas, x, y + piece.top);
      }, { key: tile.key }),
    { key: tile.key },
  );
}

/** The largest size down to MIN_VALUE_SIZE at which the value fits on one line of the tile. */
function fittedSize(canvas: Canvas, value: string, width: number): number {
  const natural = canvas.measure(value, VALUE);
  return natural <= width ? VALUE.size : Math.max(MIN_VALUE_SIZE, (VALUE.size * width) / natural);
}

function hasArrow(trend: string): boolean {
  return ['up', 'down', 'flat'].includes(trend.trim().toLowerCase());
}

/** Up, down and flat arrows as vector triangles. */
function drawTrendArrow(canvas: Canvas, trend: string, x: number, y: number, color: string): void {
  const s = ARROW;
  switch (trend.trim().toLowerCase()) {
    case 'up':
      canvas.polygon([[x, y + s], [x + s / 2, y], [x + s, y + s]], color);
      return;
    case 'down':
      canvas.polygon([[x, y], [x + s, y], [x + s / 2, y + s]], color);
      return;
    case 'flat':
      canvas.polygon([[x, y], [x + s, y + s / 2], [x, y + s]], color);
      return;
  }
}
