import { decimals, locale, numberFormat, toNumber } from './number-formats';

/** A fraction as a percentage, as spreadsheets do: `{{ 0.256 | percent }}` -> "26%", `{{ 0.256 | percent: 1 }}` -> "25.6%". */
export function percent(value: unknown, places?: unknown, localeArg?: unknown): unknown {
  const parsed = toNumber(value);
  if (parsed === null) return value;
  const fixed = decimals(places) ?? 0;
  const options: Intl.NumberFormatOptions = { style: 'percent', minimumFractionDigits: fixed, maximumFractionDigits: fixed };
  return (numberFormat(locale(localeArg), options) ?? numberFormat('en-US', options)!).format(parsed);
}
