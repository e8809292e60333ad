import { DEFAULT_LOCALE, locale, numberFormat, toNumber } from './number-formats';

const PLAIN: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
const CURRENCY_CODE = /^[A-Za-z]{3}$/;

/**
 * `{{ total | money: "EUR" }}` -> "€1,234.56"; `{{ total | money: "EUR", "de-DE" }}` -> "1.234,56 €".
 * A value that is not a number is printed as it is (blank stays blank). A currency or locale Intl
 * does not know (only possible when it comes from the data: compileLayout checks literal ones)
 * degrades to the default locale, then to the code after the number, rather than failing the document.
 */
export function money(value: unknown, currency?: unknown, localeArg?: unknown): unknown {
  const number = toNumber(value);
  if (number === null) return value;
  const code = typeof currency === 'string' ? currency.trim() : '';
  const wanted = locale(localeArg);
  if (CURRENCY_CODE.test(code)) {
    const options: Intl.NumberFormatOptions = { style: 'currency', currency: code.toUpperCase() };
    const format = numberFormat(wanted, options) ?? numberFormat(DEFAULT_LOCALE, options);
    if (format) return format.format(number);
  }
  const plain = (numberFormat(wanted, PLAIN) ?? numberFormat(DEFAULT_LOCALE, PLAIN)!).format(number);
  return code ? `${plain} ${code}` : plain;
}

/** Why literal `money` arguments can never work, or null. */
export function moneyArgumentProblem(currency: string, localeArg?: string): string | null {
  if (!CURRENCY_CODE.test(currency.trim())) return `"${currency}" is not a currency code`;
  if (localeArg !== undefined && (locale(localeArg) !== localeArg.trim() || !numberFormat(localeArg.trim(), PLAIN))) return `"${localeArg}" is not a locale`;
  return null;
}
