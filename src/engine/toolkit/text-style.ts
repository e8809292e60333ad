import type { FontFamily } from '../fonts/font-library';
import { LEADING } from './theme';

export type TextAlign = 'left' | 'center' | 'right';

/** The alignment seen in a mirror: left and right swap (a right-to-left layout of a left-to-right design). */
export function mirroredAlign(align: TextAlign): TextAlign {
  return align === 'left' ? 'right' : align === 'right' ? 'left' : align;
}

/** Made by textStyle or restyle only: see textStyle. */
export interface TextStyle {
  readonly size: number;
  readonly color: string;
  readonly bold: boolean;
  readonly italic: boolean;
  readonly family: FontFamily;
}

export interface Emphasis {
  bold?: boolean;
  italic?: boolean;
  /** Default: sans. */
  family?: FontFamily;
}

/**
 * A text style, always with its five fields in one order. The code that reads styles on every
 * line (Canvas.text, wrapping, tables) then sees one object shape; literals and spreads with the
 * fields left out or in another order made more shapes than V8's inline caches keep (4), and its
 * megamorphic property loads took 5% of an invoice render (perf, `--log-ic`).
 */
export function textStyle(size: number, color: string, emphasis: Emphasis = {}): TextStyle {
  return { size, color, bold: emphasis.bold ?? false, italic: emphasis.italic ?? false, family: emphasis.family ?? 'sans' };
}

/** The style with some of its fields changed (what `{ ...style, size }` would give, in the one shape). */
export function restyle(style: TextStyle, change: Partial<TextStyle>): TextStyle {
  return {
    size: change.size ?? style.size,
    color: change.color ?? style.color,
    bold: change.bold ?? style.bold,
    italic: change.italic ?? style.italic,
    family: change.family ?? style.family,
  };
}

export function lineHeight(style: TextStyle): number {
  return style.size * LEADING;
}
