import { Canvas } from './canvas';
import { shade, tint } from './color';
import { readableOn } from './contrast';
import { BUILT_IN_LOOK, Look, lookStyle } from './look';
import { COLORS, TYPE } from './theme';
import { lineHeight, restyle, TextStyle, textStyle } from './text-style';
import { wrapText } from './text-wrap';

/**
 * The statuses the pill knows, each with its own hue (red, orange, yellow, green, teal, blue,
 * violet, magenta, and grey for cancelled) and the words customers commonly send for it.
 */
const KNOWN_STATUSES: ReadonlyArray<{ status: string; color: string; words: RegExp }> = [
  { status: 'blocked', color: '#be123c', words: /^(blocked|stuck|failed|critical|red)$/ },
  { status: 'delayed', color: '#c2410c', words: /^(delayed|late|overdue|behind|slipped|off track)$/ },
  { status: 'at-risk', color: '#8f6c00', words: /^(at risk|amber|yellow|warning|watch)$/ },
  { status: 'on-track', color: '#15803d', words: /^(on track|green|ok|good)$/ },
  { status: 'complete', color: '#0e7490', words: /^(complete|completed|done|finished|delivered|approved|paid|released|locked|final|closed)$/ },
  {
    status: 'in-progress',
    color: '#1d4ed8',
    words: /^(in progress|active|ongoing|started|underway|in production|in review|review|shooting|editing|wip)$/,
  },
  {
    status: 'not-started',
    color: '#6d28d9',
    words: /^(not started|planned|scheduled|upcoming|todo|to do|draft|new|backlog|queued|development|pre ?production)$/,
  },
  { status: 'on-hold', color: '#a21caf', words: /^(on hold|hold|paused|pending|waiting|deferred|postponed)$/ },
  { status: 'cancelled', color: '#3f3f46', words: /^(cancell?ed|dropped|abandoned)$/ },
];

/** Case, `-`, `_` and spacing do not matter: `On Track`, `on-track` and `ON_TRACK` are one status. */
function statusKey(status: string): string {
  return status.trim().toLowerCase().replace(/[\s_-]+/g, ' ');
}

function knownStatus(status: string) {
  const key = statusKey(status);
  return KNOWN_STATUSES.find((known) => known.words.test(key));
}

/** The colour of a status: its own for a known one, neutral for anything else. */
export function statusColor(status: string): string {
  return knownStatus(status)?.color ?? COLORS.neutral;
}

/**
 * A known status as a reader writes it (`on-track` → `On track`, `IN_PROGRESS` → `IN PROGRESS`),
 * a synonym as its status (`wip` → `In progress`, `done` → `Complete`); anything else as sent,
 * trimmed: a word the pill does not know is the customer's own.
 */
export function statusLabel(status: string): string {
  const trimmed = status.trim();
  const known = knownStatus(trimmed);
  if (!known) return trimmed;
  const own = known.status.replace('-', ' ');
  const spaced = statusKey(trimmed) === own ? trimmed.replace(/[\s_-]+/g, ' ') : own;
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

const PILL_COLORS = new Map<string, { fill: string; text: string }>();

/** A pill's background and text colours for its colour: a light tint, and the colour darkened to read on it (WCAG AA). */
export function pillColors(color: string): { fill: string; text: string } {
  let colors = PILL_COLORS.get(color);
  if (!colors) {
    const fill = tint(color, 0.86);
    colors = { fill, text: readableOn(shade(color, 0.25), fill) };
    // Bounded: templates may pick any colour.
    if (PILL_COLORS.size < 256) PILL_COLORS.set(color, colors);
  }
  return colors;
}

const PILL: TextStyle = textStyle(TYPE.small, COLORS.text, { bold: true });
const PAD_X = 5;
const PAD_Y = 1;

/** A pill's look other than the built-in one: fonts of a theme, a colour chosen by the template. */
export interface PillLook {
  look?: Look;
  color?: string;
}

function pillStyle(look: Look | undefined): TextStyle {
  return !look || look === BUILT_IN_LOOK ? PILL : lookStyle(look, TYPE.small, look.text, { bold: true });
}

/** Height of a pill of `lines` lines. */
export function pillHeight(look?: Look, lines = 1): number {
  return lines * lineHeight(pillStyle(look)) + 2 * PAD_Y;
}

/** Measured width of a pill holding the status on one line, at most maxWidth (it wraps beyond). */
export function pillWidth(canvas: Canvas, status: string, maxWidth: number, look?: Look): number {
  return Math.min(maxWidth, canvas.measure(status, pillStyle(look)) + 2 * PAD_X);
}

/** The status wrapped to the lines of a pill at most maxWidth wide: never cut, a long status makes a taller pill. */
export function pillLines(canvas: Canvas, status: string, maxWidth: number, look?: Look): string[] {
  const style = pillStyle(look);
  return wrapText(status, canvas.stack(style), style.size, Math.max(1, maxWidth - 2 * PAD_X));
}

/**
 * A rounded label tinted with the status colour (or `pill.color`), the status wrapped to
 * `maxWidth` (or given as its lines, from pillLines); returns its width.
 */
export function drawStatusPill(
  canvas: Canvas,
  status: string | readonly string[],
  x: number,
  y: number,
  maxWidth: number,
  align: 'left' | 'right' = 'left',
  pill: PillLook = {},
): number {
  const style = pillStyle(pill.look);
  const lines = typeof status === 'string' ? pillLines(canvas, status, maxWidth, pill.look) : status;
  const colors = pillColors(pill.color ?? statusColor(lines.join(' ')));
  const width = Math.min(maxWidth, Math.max(...lines.map((line) => canvas.measure(line, style))) + 2 * PAD_X);
  const left = align === 'right' ? x + maxWidth - width : x;
  const height = pillHeight(pill.look, lines.length);
  const step = lineHeight(style);
  canvas.rect(left, y, width, height, colors.fill, Math.min(height / 2, step / 2 + PAD_Y));
  const onPill = restyle(style, { color: colors.text });
  lines.forEach((line, n) => canvas.text(line, left + PAD_X, y + PAD_Y + n * step, onPill, width - 2 * PAD_X));
  return width;
}
