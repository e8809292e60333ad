import { sparklinePoints } from './sparkline';

describe('sparklinePoints', () => {
  const inside = (points: Array<[number, number]>, width: number, height: number) =>
    points.every(([x, y]) => x >= 0 && x <= width && y >= 0 && y <= height);

  it('draws the lowest value at the bottom, the highest at the top, left to right', () => {
    const points = sparklinePoints([1, 3, 2], 100, 20);
    expect(points).toHaveLength(3);
    expect(points[1][1]).toBeLessThan(points[2][1]);
    expect(points[2][1]).toBeLessThan(points[0][1]);
    expect(points[0][0]).toBeLessThan(points[1][0]);
    expect(inside(points, 100, 20)).toBe(true);
  });

  it('draws a constant series and a single value flat across the middle', () => {
    for (const series of [[5, 5, 5], [42]]) {
      const points = sparklinePoints(series, 100, 20);
      expect(points.length).toBeGreaterThanOrEqual(2);
      expect(new Set(points.map(([, y]) => y))).toEqual(new Set([10]));
      expect(points[points.length - 1][0] - points[0][0]).toBeGreaterThan(90);
    }
  });

  it('keeps the extremes and the last point of a series longer than the box has room for', () => {
    const series = Array.from({ length: 365 }, (_, i) => (i === 100 ? 1e12 : i === 200 ? -1e12 : Math.sin(i)));
    const points = sparklinePoints(series, 120, 20);
    expect(points.length).toBeLessThan(200);
    const ys = points.map(([, y]) => y);
    expect(Math.min(...ys)).toBeCloseTo(sparklinePoints([1e12, -1e12], 120, 20)[0][1]);
    expect(Math.max(...ys)).toBeCloseTo(sparklinePoints([1e12, -1e12], 120, 20)[1][1]);
    expect(points[points.length - 1][0]).toBeCloseTo(sparklinePoints([0, 1], 120, 20)[1][0]);
    expect(inside(points, 120, 20)).toBe(true);
  });

  it('draws nothing for an empty series', () => {
    expect(sparklinePoints([], 100, 20)).toEqual([]);
  });
});
