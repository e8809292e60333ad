import type { FontFamily } from '../fonts/font-library';
import { LEADING } from './theme';

export type TextAlign = 'left' | 'center' | 'right';

export interface TextStyle {
  size: number;
  color: string;
  bold?: boolean;
  italic?: boolean;
  /** Default: sans. */
  family?: FontFamily;
}

export function lineHeight(style: TextStyle): number {
  return style.size * LEADING;
}
