import { cssLengthToPoints } from '../page/css-length';
import { parseHexColor } from '../toolkit/color';
import { TextAlign } from '../toolkit/text-style';

/** The CSS properties of DECISIONS section 3 that one element sets (absent = inherited/none). */
export interface InlineStyle {
  fontSize?: number;
  bold?: boolean;
  italic?: boolean;
  color?: string;
  align?: TextAlign;
  margin?: Sides;
  padding?: Sides;
  width?: { points: number } | { percent: number };
}

export interface Sides {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

const NAMED_COLORS: Record<string, string> = {
  black: '#000000',
  white: '#ffffff',
  gray: '#808080',
  grey: '#808080',
  silver: '#c0c0c0',
  red: '#ff0000',
  green: '#008000',
  blue: '#0000ff',
  navy: '#000080',
  orange: '#ffa500',
};

/** Parses a `style` attribute; unknown properties and bad values are ignored. */
export function parseInlineStyle(style: string | undefined, parentFontSize: number): InlineStyle {
  const result: InlineStyle = {};
  for (const declaration of (style ?? '').split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim().toLowerCase().replace(/\s*!important$/, '');
    switch (property) {
      case 'font-size':
        result.fontSize = fontSize(value, parentFontSize) ?? result.fontSize;
        break;
      case 'font-weight':
        result.bold = value === 'bold' || value === 'bolder' || Number(value) >= 600;
        break;
      case 'font-style':
        result.italic = value === 'italic' || value === 'oblique';
        break;
      case 'color':
        result.color = color(value) ?? result.color;
        break;
      case 'text-align':
        result.align = value === 'center' ? 'center' : value === 'right' || value === 'end' ? 'right' : 'left';
        break;
      case 'margin':
      case 'padding':
        result[property] = sides(value) ?? result[property];
        break;
      case 'width':
        result.width = width(value) ?? result.width;
        break;
    }
  }
  return result;
}

function fontSize(value: string, parent: number): number | undefined {
  const relative = /^(\d*\.?\d+)(em|rem|%)$/.exec(value);
  if (relative) return (Number(relative[1]) * parent) / (relative[2] === '%' ? 100 : 1);
  const points = cssLengthToPoints(value);
  return points !== null && points > 0 ? Math.min(points, 72) : undefined;
}

function color(value: string): string | undefined {
  const rgb = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)/.exec(value);
  if (rgb) return `#${rgb.slice(1, 4).map((c) => Math.min(255, Number(c)).toString(16).padStart(2, '0')).join('')}`;
  return NAMED_COLORS[value] ?? parseHexColor(value) ?? undefined;
}

function sides(value: string): Sides | undefined {
  const parts = value.split(/\s+/).map((part) => (part === 'auto' || part === '0' ? 0 : cssLengthToPoints(part)));
  if (parts.length === 0 || parts.length > 4 || parts.some((part) => part === null)) return undefined;
  const [top, right = top, bottom = top, left = right] = parts as number[];
  return { top, right, bottom, left };
}

function width(value: string): InlineStyle['width'] {
  const percent = /^(\d*\.?\d+)%$/.exec(value);
  if (percent) return { percent: Math.min(100, Number(percent[1])) };
  const points = cssLengthToPoints(value);
  return points === null ? undefined : { points };
}
