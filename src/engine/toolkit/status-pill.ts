import { Canvas } from './canvas';
import { tint } from './color';
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

export function pillHeight(): number {
  return lineHeight(PILL) + 2;
}

/** Measured width of a pill holding the status, at most maxWidth. */
export function pillWidth(canvas: Canvas, status: string, maxWidth: number): number {
  return Math.min(maxWidth, canvas.measure(status, PILL) + 2 * PAD_X);
}

/** A rounded label tinted with the status colour; returns its width. */
export function drawStatusPill(canvas: Canvas, status: string, x: number, y: number, maxWidth: number, align: 'left' | 'right' = 'left'): number {
  const color = statusColor(status);
  const label = ellipsize(status, canvas.stack(PILL), PILL.size, maxWidth - 2 * PAD_X);
  const width = canvas.measure(label, PILL) + 2 * PAD_X;
  const left = align === 'right' ? x + maxWidth - width : x;
  const height = pillHeight();
  canvas.rect(left, y, width, height, tint(color, 0.85), height / 2);
  canvas.text(label, left + PAD_X, y + 1, { ...PILL, color }, maxWidth - 2 * PAD_X);
  return width;
}
