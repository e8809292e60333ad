import type { FontFamily } from '../fonts/font-library';
import { COLORS } from './theme';
import { Emphasis, TextStyle, textStyle } from './text-style';

/**
 * What a custom template's theme may change in the toolkit's blocks: the font family, a scale of
 * the type sizes, and the text, muted and accent colours. The built-in templates use BUILT_IN_LOOK,
 * which gives exactly the sizes and colours of theme.ts.
 */
export interface Look {
  family?: FontFamily;
  /** Multiplies every size of theme.ts's TYPE. */
  scale: number;
  text: string;
  muted: string;
  accent: string;
}

export const BUILT_IN_LOOK: Look = { scale: 1, text: COLORS.text, muted: COLORS.muted, accent: COLORS.accent };

/** A text style of the look: `size` is a size of TYPE, scaled. */
export function lookStyle(look: Look, size: number, color: string, emphasis: Omit<Emphasis, 'family'> = {}): TextStyle {
  return textStyle(size * look.scale, color, { ...emphasis, family: look.family });
}
