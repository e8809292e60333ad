import { FontFamily } from '../fonts/font-library';
import { parseHexColor } from '../toolkit/color';
import { BUILT_IN_LOOK, Look, lookStyle } from '../toolkit/look';
import { TextStyle } from '../toolkit/text-style';
import { TYPE } from '../toolkit/theme';
import { TEXT_STYLES } from './language-schema';

export type TextStyleName = (typeof TEXT_STYLES)[number];

/** A layout's theme resolved once: the toolkit's look and the text styles of `text` blocks. */
export interface CustomTheme {
  look: Look;
  styles: Record<TextStyleName, TextStyle>;
}

/** The type scale's body size; a theme's `fontSize` scales every size by fontSize / BODY_SIZE. */
const BODY_SIZE = TYPE.body;

/** The theme of a layout (`theme` has passed the schema: unknown or invalid entries fall back). */
export function customTheme(theme: Record<string, unknown> | undefined): CustomTheme {
  const family = theme?.fontFamily as FontFamily | undefined;
  const fontSize = typeof theme?.fontSize === 'number' && theme.fontSize > 0 ? theme.fontSize : BODY_SIZE;
  const look: Look = {
    scale: fontSize / BODY_SIZE,
    text: parseHexColor(theme?.text) ?? BUILT_IN_LOOK.text,
    muted: parseHexColor(theme?.muted) ?? BUILT_IN_LOOK.muted,
    accent: parseHexColor(theme?.accent) ?? BUILT_IN_LOOK.accent,
  };
  if (family === 'serif' || family === 'mono') look.family = family;
  return {
    look,
    styles: {
      title: lookStyle(look, TYPE.title, look.accent, { bold: true }),
      heading: lookStyle(look, TYPE.heading, look.text, { bold: true }),
      body: lookStyle(look, TYPE.body, look.text),
      small: lookStyle(look, TYPE.small, look.text),
      muted: lookStyle(look, TYPE.small, look.muted),
      label: lookStyle(look, TYPE.tiny, look.muted, { bold: true }),
    },
  };
}
