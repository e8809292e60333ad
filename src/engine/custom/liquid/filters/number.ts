import { decimals, locale, numberFormat, toNumber } from './number-formats';

/** `{{ 1234.5 | number }}` -> "1,234.5"; `{{ 1234.5 | number: 2, "de-DE" }}` -> "1.234,50". Up to 3 decimals by default. */
export function number(value: unknown, places?: unknown, localeArg?: unknown): unknown {
  const parsed = toNumber(value);
  if (parsed === null) return value;
  const fixed = decimals(places);
  const options = fixed === undefined ? { maximumFractionDigits: 3 } : { minimumFractionDigits: fixed, maximumFractionDigits: fixed };
  return (numberFormat(locale(localeArg), options) ?? numberFormat('en-US', options)!).format(parsed);
}
