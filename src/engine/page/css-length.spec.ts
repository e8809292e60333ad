import { cssLengthToPoints } from './css-length';

describe('cssLengthToPoints', () => {
  it.each([
    ['1in', 72],
    ['0.75in', 54],
    ['25.4mm', 72],
    ['2.54cm', 72],
    ['12pt', 12],
    ['96px', 72],
    ['96', 72],
    [' 10 MM ', (10 * 72) / 25.4],
    ['.5in', 36],
  ])('%s is %d pt', (input, points) => {
    expect(cssLengthToPoints(input)).toBeCloseTo(points, 6);
  });

  it('takes a bare number as pixels', () => {
    expect(cssLengthToPoints(48)).toBe(36);
  });

  it.each(['', 'in', '-1in', '1 inch', '1em', '10%', 'calc(1in)', '1e3px', 'NaN'])('refuses %p', (input) => {
    expect(cssLengthToPoints(input)).toBeNull();
  });

  it('refuses negative and non-finite numbers', () => {
    expect(cssLengthToPoints(-1)).toBeNull();
    expect(cssLengthToPoints(Infinity)).toBeNull();
  });
});
