/**
 * Intl.NumberFormat instances by locale and options: building one costs far more than using it,
 * and a template formats the same few currencies in every row. Bounded: the keys come from data.
 */
const formats = new Map<string, Intl.NumberFormat | null>();
const LIMIT = 256;

/** The format, or null when the locale or currency is not one Intl knows. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat | null {
  const key = `${locale} ${options.style} ${options.currency} ${options.minimumFractionDigits} ${options.maximumFractionDigits}`;
  let format = formats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(locale, options);
    } catch {
      format = null;
    }
    if (formats.size >= LIMIT) formats.delete(formats.keys().next().value!);
    formats.set(key, format);
  }
  return format;
}

/** A number from a number or a numeric string; null for anything else (blank, text, objects). */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? number : null;
  }
  return null;
}

export const DEFAULT_LOCALE = 'en-US';

/** Decimals as given in a template, held to what Intl accepts. */
export function decimals(value: unknown): number | undefined {
  const number = toNumber(value);
  return number === null ? undefined : Math.max(0, Math.min(20, Math.trunc(number)));
}

/** A locale tag's characters (BCP 47); anything else is not looked up, so cache keys stay unambiguous. */
const LOCALE_TAG = /^[A-Za-z0-9-]{1,64}$/;

/** The locale argument of a filter, or the default one. */
export function locale(value: unknown): string {
  const tag = typeof value === 'string' ? value.trim() : '';
  return LOCALE_TAG.test(tag) ? tag : DEFAULT_LOCALE;
}
