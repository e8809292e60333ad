/** PDF points per CSS unit (72 pt = 1 in = 96 px). */
const POINTS_PER_UNIT: Record<string, number> = {
  in: 72,
  cm: 72 / 2.54,
  mm: 72 / 25.4,
  pt: 1,
  px: 0.75,
  '': 0.75, // a bare number is pixels, as in Chromium's page.pdf
};

const CSS_LENGTH = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(in|cm|mm|pt|px)?\s*$/i;

/**
 * Points by CSS length text: a template's margins come back with every document, and reading them
 * (a case-insensitive regular expression, 180 ns each) took 1.5 us of every render. Bounded:
 * requests choose the texts.
 */
const pointsByText = new Map<string, number | null>();
const TEXTS_KEPT = 256;

/** Converts a CSS length (`0.75in`, `20mm`, `12`) to PDF points; null when it is not one. */
export function cssLengthToPoints(value: string | number): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value * POINTS_PER_UNIT[''] : null;
  let points = pointsByText.get(value);
  if (points === undefined) {
    points = parsedPoints(value);
    if (pointsByText.size >= TEXTS_KEPT) pointsByText.clear();
    pointsByText.set(value, points);
  }
  return points;
}

function parsedPoints(value: string): number | null {
  const match = CSS_LENGTH.exec(value);
  if (!match) return null;
  return Number(match[1]) * POINTS_PER_UNIT[(match[2] ?? '').toLowerCase()];
}
