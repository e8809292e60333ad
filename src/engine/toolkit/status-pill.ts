import { Canvas } from './canvas';
import { tint } from './color';
import { BUILT_IN_LOOK, Look, lookStyle } from './look';
import { COLORS, TYPE } from './theme';
import { TextStyle, lineHeight } from './text-style';
import { ellipsize } from './text-wrap';

/** Colours for status words customers commonly send; anything else is drawn neutral. */
const STATUS_COLORS: Array<[RegExp, string]> = [
  [/^(done|complete|completed|delivered|approved|paid|released|on ?track|green|ok|locked|final)$/, '#15803d'],
  [/^(in ?progress|active|ongoing|started|in ?production|in ?review|review|shooting|editing)$/, '#1d4ed8'],
  [/^(at ?risk|delayed|pending|on ?hold|amber|yellow|warning|waiting|behind)$/, '#b45309'],
  [/^(blocked|late|overdue|cancell?ed|failed|red|off ?track|critical)$/, '#b91c1c'],
  [/^(planned|scheduled|not ?started|upcoming|todo|to ?do|draft|new|development|pre-?production)$/, '#6d28d9'],
];

export function statusColor(status: string): string {
  const key = status.trim().toLowerCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ');
  return STATUS_COLORS.find(([pattern]) => pattern.test(key))?.[1] ?? COLORS.neutral;
}

const PILL: TextStyle = { size: TYPE.tiny, color: COLORS.text, bold: true };
const PAD_X = 5;

/** A pill's look other than the built-in one: fonts of a theme, a colour chosen by the template. */
export interface PillLook {
  look?: Look;
  color?: string;
}

function pillStyle(look: Look | undefined): TextStyle {
  return !look || look === BUILT_IN_LOOK ? PILL : lookStyle(look, TYPE.tiny, look.text, { bold: true });
}

export function pillHeight(look?: Look): number {
  return lineHeight(pillStyle(look)) + 2;
}

/** Measured width of a pill holding the status, at most maxWidth. */
export function pillWidth(canvas: Canvas, status: string, maxWidth: number, look?: Look): number {
  return Math.min(maxWidth, canvas.measure(status, pillStyle(look)) + 2 * PAD_X);
}

/** A rounded label tinted with the status colour (or `pill.color`); returns its width. */
export function drawStatusPill(canvas: Canvas, status: string, x: number, y: number, maxWidth: number, align: 'left' | 'right' = 'left', pill: PillLook = {}): number {
  const style = pillStyle(pill.look);
  const color = pill.color ?? statusColor(status);
  const label = ellipsize(status, canvas.stack(style), style.size, maxWidth - 2 * PAD_X);
  const width = canvas.measure(label, style) + 2 * PAD_X;
  const left = align === 'right' ? x + maxWidth - width : x;
  const height = pillHeight(pill.look);
  canvas.rect(left, y, width, height, tint(color, 0.85), height / 2);
  canvas.text(label, left + PAD_X, y + 1, { ...style, color }, maxWidth - 2 * PAD_X);
  return width;
}
