import { Block, Laid } from './block';
import { Canvas } from './canvas';
import { COLORS, SPACE, TYPE } from './theme';
import { TextStyle, lineHeight } from './text-style';
import { ellipsize, wrapText } from './text-wrap';

export interface KpiTile {
  label: string;
  value: string;
  change: string;
  trend: string;
}

const MIN_TILE_WIDTH = 130;
const PAD = SPACE.md;
const LABEL: TextStyle = { size: TYPE.small, color: COLORS.muted, bold: true };
const VALUE: TextStyle = { size: TYPE.kpi, color: COLORS.text, bold: true };
const MIN_VALUE_SIZE = 11;
const CHANGE: TextStyle = { size: TYPE.small, color: COLORS.text, bold: true };
const ARROW = 7;

/** Trend words drawn as arrows; anything else gets no arrow and a neutral colour. */
export function trendColor(trend: string): string {
  switch (trend.trim().toLowerCase()) {
    case 'up':
      return COLORS.positive;
    case 'down':
      return COLORS.negative;
    case 'flat':
      return COLORS.flat;
    default:
      return COLORS.neutral;
  }
}

interface MeasuredTile {
  tile: KpiTile;
  label: string[];
  value: string[];
  valueStyle: TextStyle;
  change: string;
}

/** KPI tiles in as many equal columns as fit; splits between rows of tiles. */
export class TileGrid implements Block {
  constructor(private readonly tiles: KpiTile[]) {}

  layout(canvas: Canvas, width: number): Laid {
    const columns = Math.max(1, Math.min(this.tiles.length, Math.floor((width + SPACE.md) / (MIN_TILE_WIDTH + SPACE.md)), 4));
    const tileWidth = (width - SPACE.md * (columns - 1)) / columns;
    const inner = tileWidth - 2 * PAD;
    const measured = this.tiles.map((tile): MeasuredTile => {
      const valueStyle = fitSize(canvas, tile.value, VALUE, inner);
      return {
        tile,
        label: wrapText(tile.label, canvas.stack(LABEL), LABEL.size, inner, { maxLines: 2 }),
        // Shrunk to fit one line where possible; a value longer still wraps once, then is cut.
        value: wrapText(tile.value, canvas.stack(valueStyle), valueStyle.size, inner, { maxLines: 2 }),
        valueStyle,
        change: ellipsize(tile.change, canvas.stack(CHANGE), CHANGE.size, inner - ARROW - 4),
      };
    });
    const labelLines = Math.max(1, ...measured.map((tile) => tile.label.length));
    const valueHeight = Math.max(lineHeight(VALUE), ...measured.map((tile) => tile.value.length * lineHeight(tile.valueStyle)));
    const tileHeight = 2 * PAD + labelLines * lineHeight(LABEL) + SPACE.xs + valueHeight + SPACE.xs + lineHeight(CHANGE);
    const rows: MeasuredTile[][] = [];
    for (let i = 0; i < measured.length; i += columns) rows.push(measured.slice(i, i + columns));
    const drawTile = (canvas: Canvas, tile: MeasuredTile, x: number, y: number) => {
      const color = trendColor(tile.tile.trend);
      canvas.rect(x, y, tileWidth, tileHeight, COLORS.panel, 5);
      canvas.rect(x, y, tileWidth, 3, color);
      let top = y + PAD;
      tile.label.forEach((line, n) => canvas.text(line, x + PAD, top + n * lineHeight(LABEL), LABEL, inner));
      top += labelLines * lineHeight(LABEL) + SPACE.xs;
      const valueTop = top + valueHeight - tile.value.length * lineHeight(tile.valueStyle);
      tile.value.forEach((line, n) => canvas.text(line, x + PAD, valueTop + n * lineHeight(tile.valueStyle), tile.valueStyle, inner));
      top += valueHeight + SPACE.xs;
      const hasArrow = drawTrendArrow(canvas, tile.tile.trend, x + PAD, top + (lineHeight(CHANGE) - ARROW) / 2, color);
      canvas.text(tile.change, x + PAD + (hasArrow ? ARROW + 4 : 0), top, { ...CHANGE, color }, inner - (hasArrow ? ARROW + 4 : 0));
    };
    return gridOfRows(rows, tileHeight, tileWidth, drawTile);
  }
}

function gridOfRows(rows: MeasuredTile[][], tileHeight: number, tileWidth: number, drawTile: (c: Canvas, t: MeasuredTile, x: number, y: number) => void): Laid {
  return {
    height: rows.length * tileHeight + Math.max(0, rows.length - 1) * SPACE.md,
    draw: (canvas, x, y) =>
      rows.forEach((row, r) => row.forEach((tile, c) => drawTile(canvas, tile, x + c * (tileWidth + SPACE.md), y + r * (tileHeight + SPACE.md)))),
    split: (room) => {
      const fitting = Math.floor((room + SPACE.md) / (tileHeight + SPACE.md));
      if (fitting <= 0 || fitting >= rows.length) return null;
      return [gridOfRows(rows.slice(0, fitting), tileHeight, tileWidth, drawTile), gridOfRows(rows.slice(fitting), tileHeight, tileWidth, drawTile)];
    },
  };
}

/** The largest size down to MIN_VALUE_SIZE at which the value fits the tile. */
function fitSize(canvas: Canvas, value: string, style: TextStyle, width: number): TextStyle {
  const natural = canvas.measure(value, style);
  if (natural <= width) return style;
  return { ...style, size: Math.max(MIN_VALUE_SIZE, (style.size * width) / natural) };
}

/** Up, down and flat arrows as vector triangles; false when the trend has no arrow. */
function drawTrendArrow(canvas: Canvas, trend: string, x: number, y: number, color: string): boolean {
  const s = ARROW;
  switch (trend.trim().toLowerCase()) {
    case 'up':
      canvas.polygon([[x, y + s], [x + s / 2, y], [x + s, y + s]], color);
      return true;
    case 'down':
      canvas.polygon([[x, y], [x + s, y], [x + s / 2, y + s]], color);
      return true;
    case 'flat':
      canvas.polygon([[x, y], [x + s, y + s / 2], [x, y + s]], color);
      return true;
    default:
      return false;
  }
}
