import { add, compare, decimalOf, decimalText, multiply, percentOf, round, shortDecimalText, sum } from './decimal';

describe('decimal', () => {
  it('reads a number as the decimal JSON wrote it, exponents included', () => {
    expect(decimalText(decimalOf(0.1))).toBe('0.1');
    expect(decimalText(decimalOf(1e-7))).toBe('0.0000001');
    expect(decimalText(decimalOf(-2.5e-3))).toBe('-0.0025');
    expect(decimalText(decimalOf(1e21))).toBe('1000000000000000000000');
    expect(decimalText(decimalOf(999_999_999.99))).toBe('999999999.99');
    expect(decimalText(decimalOf(-0))).toBe('0');
  });

  it('adds and multiplies exactly where binary floating point does not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(decimalText(add(decimalOf(0.1), decimalOf(0.2)))).toBe('0.3');
    expect(decimalText(multiply(decimalOf(1.1), decimalOf(1.1)))).toBe('1.21');
    expect(decimalText(sum(Array.from({ length: 1000 }, () => decimalOf(0.1))))).toBe('100.0');
  });

  it('rounds half away from zero to the digits asked for', () => {
    expect(decimalText(round(decimalOf(2.675), 2))).toBe('2.68');
    expect(decimalText(round(decimalOf(-2.675), 2))).toBe('-2.68');
    expect(decimalText(round(decimalOf(2.674999), 2))).toBe('2.67');
    expect(decimalText(round(decimalOf(1234.5), 0))).toBe('1235');
    expect(decimalText(round(decimalOf(7), 2))).toBe('7.00');
    expect(decimalText(round(multiply(decimalOf(267.5), percentOf(1)), 2))).toBe('2.68');
  });

  it('compares values of different scales and prints the shortest form', () => {
    expect(compare(decimalOf(100), round(decimalOf(100), 2))).toBe(0);
    expect(compare(decimalOf(100.01), decimalOf(100))).toBe(1);
    expect(shortDecimalText(round(decimalOf(19), 2))).toBe('19');
    expect(shortDecimalText(round(decimalOf(5.5), 2))).toBe('5.5');
  });
});
