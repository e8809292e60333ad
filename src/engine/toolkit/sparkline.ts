import { Canvas } from './canvas';

const LINE_WIDTH = 1.1;
/** Radius of the dot on the last point; the line keeps this far from the box edges so the dot stays inside. */
const DOT = 1.8;
/** Points closer than this many points apart are merged (keeping each stretch's low and high). */
const MIN_STEP = 3;

/**
 * The points of a sparkline of `series` in a box of `width` x `height` (top-left origin): the
 * lowest value at the bottom, the highest at the top, a constant or one-value series flat across
 * the middle. A series longer than the box has room for keeps the low and high of each stretch.
 */
export function sparklinePoints(series: readonly number[], width: number, height: number): Array<[number, number]> {
  if (series.length === 0 || width <= 2 * DOT || height <= 2 * DOT) return [];
  const left = DOT;
  const span = width - 2 * DOT;
  const low = Math.min(...series);
  const high = Math.max(...series);
  const y = (value: number) => (high === low ? height / 2 : DOT + ((high - value) / (high - low)) * (height - 2 * DOT));
  if (series.length === 1) return [[left, y(series[0])], [left + span, y(series[0])]];
  const x = (index: number) => left + (index / (series.length - 1)) * span;
  const buckets = Math.max(2, Math.floor(span / MIN_STEP));
  if (series.length <= buckets) return series.map((value, index) => [x(index), y(value)]);
  const points: Array<[number, number]> = [];
  const per = (series.length - 1) / buckets;
  for (let bucket = 0; bucket < buckets; bucket++) {
    const start = Math.round(bucket * per);
    const end = Math.round((bucket + 1) * per);
    let min = start;
    let max = start;
    for (let i = start; i < end; i++) {
      if (series[i] < series[min]) min = i;
      if (series[i] > series[max]) max = i;
    }
    for (const index of min === max ? [min] : [Math.min(min, max), Math.max(min, max)]) points.push([x(index), y(series[index])]);
  }
  points.push([x(series.length - 1), y(series[series.length - 1])]);
  return points;
}

/** Draws a series as a line in the box at (x, y), its last point marked with a dot. Decorative: no text. */
export function drawSparkline(canvas: Canvas, series: readonly number[], x: number, y: number, width: number, height: number, color: string): void {
  const points = sparklinePoints(series, width, height).map(([px, py]): [number, number] => [x + px, y + py]);
  if (points.length === 0) return;
  // A Figure (tagging) whose alternative text reads its values.
  canvas.tags.element(
    'Figure',
    () => {
      canvas.polyline(points, color, LINE_WIDTH);
      const [lastX, lastY] = points[points.length - 1];
      canvas.polygon(
        Array.from({ length: 10 }, (_, i): [number, number] => [lastX + DOT * Math.cos((i * Math.PI) / 5), lastY + DOT * Math.sin((i * Math.PI) / 5)]),
        color,
      );
    },
    { alt: sparklineAlt(series) },
  );
}

/**
 * The sentence a screen reader reads for a sparkline: its length, first, last, lowest and highest
 * values (a long series is not read value by value).
 */
export function sparklineAlt(series: readonly number[]): string {
  const n = (value: number) => String(Math.round(value * 100) / 100);
  if (series.length === 1) return `Trend line of 1 value: ${n(series[0])}.`;
  let low = series[0];
  let high = series[0];
  for (const value of series) {
    low = Math.min(low, value);
    high = Math.max(high, value);
  }
  if (series.length <= 12) return `Trend line of ${series.length} values: ${series.map(n).join(', ')}.`;
  return `Trend line of ${series.length} values from ${n(series[0])} to ${n(series[series.length - 1])}, lowest ${n(low)}, highest ${n(high)}.`;
}
