/**
 * Exact decimal arithmetic for money: a value is an integer (bigint) of units of 10^-scale.
 * Binary floating point cannot hold 0.1 or sum 1,000 lines of 10^9 to the cent; EN 16931's
 * totals (BR-CO-10 to BR-CO-17) must agree to the cent on the page and in the XML, so the
 * invoice's amounts are computed here and only formatted from the result.
 */
export interface Decimal {
  units: bigint;
  scale: number;
}

const TEN = BigInt(10);

/** The decimal a JSON number was written as (its shortest round-trip form): 0.1 is exactly 1/10, 1e-7 is 1/10^7. */
export function decimalOf(value: number): Decimal {
  // Whole amounts and quantities are the common case: no text to parse.
  if (Number.isSafeInteger(value)) return { units: BigInt(value), scale: 0 };
  const [mantissa, exponentText] = String(value).toLowerCase().split('e');
  const exponent = Number(exponentText ?? 0);
  const negative = mantissa.startsWith('-');
  const [whole, fraction = ''] = mantissa.replace('-', '').split('.');
  let units = BigInt(whole + fraction);
  let scale = fraction.length - exponent;
  if (scale < 0) {
    units *= TEN ** BigInt(-scale);
    scale = 0;
  }
  return { units: negative ? -units : units, scale };
}

function rescale(value: Decimal, scale: number): bigint {
  return value.units * TEN ** BigInt(scale - value.scale);
}

export function add(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescale(a, scale) + rescale(b, scale), scale };
}

export function subtract(a: Decimal, b: Decimal): Decimal {
  return add(a, { units: -b.units, scale: b.scale });
}

export function multiply(a: Decimal, b: Decimal): Decimal {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

export function sum(values: Iterable<Decimal>): Decimal {
  let total: Decimal = ZERO;
  for (const value of values) total = add(total, value);
  return total;
}

export const ZERO: Decimal = { units: BigInt(0), scale: 0 };

/** Rounded half away from zero to `digits` decimals, as EN 16931 and tax authorities round. */
export function round(value: Decimal, digits: number): Decimal {
  if (value.scale <= digits) return { units: rescale(value, digits), scale: digits };
  const divisor = TEN ** BigInt(value.scale - digits);
  const magnitude = value.units < 0 ? -value.units : value.units;
  const rounded = (magnitude + divisor / BigInt(2)) / divisor;
  return { units: value.units < 0 ? -rounded : rounded, scale: digits };
}

/** A rate in percent as a fraction: 19 -> 0.19. */
export function percentOf(rate: number): Decimal {
  const decimal = decimalOf(rate);
  return { units: decimal.units, scale: decimal.scale + 2 };
}

export function compare(a: Decimal, b: Decimal): number {
  const difference = subtract(a, b).units;
  return difference === BigInt(0) ? 0 : difference < 0 ? -1 : 1;
}

export function isNegative(value: Decimal): boolean {
  return value.units < 0;
}

export function negate(value: Decimal): Decimal {
  return { units: -value.units, scale: value.scale };
}

/** Plain decimal text, never an exponent: "1234.50", "-0.0001", "0". */
export function decimalText(value: Decimal): string {
  const negative = value.units < 0;
  const digits = (negative ? -value.units : value.units).toString().padStart(value.scale + 1, '0');
  const whole = digits.slice(0, digits.length - value.scale);
  const fraction = value.scale > 0 ? `.${digits.slice(digits.length - value.scale)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** The shortest text of the value: trailing zeros of the fraction dropped ("19.50" -> "19.5", "7.00" -> "7"). */
export function shortDecimalText(value: Decimal): string {
  const text = decimalText(value);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}
