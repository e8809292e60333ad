import { COLORS } from './theme';
import { balancedRows, trendColor } from './tile-grid';

describe('trendColor', () => {
  it('colours a rise green and a fall red when no good direction is given', () => {
    expect(trendColor('up')).toBe(COLORS.positive);
    expect(trendColor('Down')).toBe(COLORS.negative);
  });

  it('colours a fall green and a rise red when down is good', () => {
    expect(trendColor('down', 'down')).toBe(COLORS.positive);
    expect(trendColor('up', 'down')).toBe(COLORS.negative);
    expect(trendColor('up', 'up')).toBe(COLORS.positive);
  });

  it('keeps flat and unknown trends neutral whatever the good direction', () => {
    expect(trendColor('flat', 'down')).toBe(COLORS.flat);
    expect(trendColor('sideways', 'up')).toBe(COLORS.neutral);
  });
});

describe('balancedRows', () => {
  it.each([
    [1, 3, [1]],
    [4, 3, [2, 2]],
    [4, 4, [4]],
    [5, 4, [3, 2]],
    [7, 4, [4, 3]],
    [7, 3, [3, 2, 2]],
    [13, 4, [4, 3, 3, 3]],
    [60, 4, Array(15).fill(4)],
    [3, 1, [1, 1, 1]],
  ])('lays %i tiles in rows of at most %i as %j', (count, columns, rows) => {
    expect(balancedRows(count, columns)).toEqual(rows);
  });
});
