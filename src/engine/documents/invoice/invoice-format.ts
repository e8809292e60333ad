import { Decimal, decimalText } from '../../einvoice/decimal';

/**
 * Money, numbers, percentages and dates of one invoice, in its locale and currency, by Intl.
 * Formatters are made once per locale and currency and shared by every render: making them is
 * what costs, and a service sees few pairs.
 */
export class InvoiceFormat {
  /** Decimals of the currency's minor unit (JPY 0, EUR 2, none: 2); amounts are rounded to them. */
  readonly moneyDigits: number;
  /** The locale's language (de for de-DE): which labels to print. */
  readonly language: string;
  private readonly moneyFormat: Intl.NumberFormat;
  private readonly moneyTexts: NumberTexts;
  private readonly unitPriceTexts: NumberTexts;
  private readonly quantityTexts: NumberTexts;
  private readonly percentTexts: NumberTexts;
  private readonly dateFormat: Intl.DateTimeFormat;
  private readonly regionNames: Intl.DisplayNames;

  constructor(
    /** A locale Intl supports (see resolveLocale). */
    readonly locale: string,
    currency: string | undefined,
    /** No locale sent: dates print as sent (YYYY-MM-DD), as they did before locales existed. */
    private readonly datesAsSent = false,
  ) {
    this.language = new Intl.Locale(locale).language;
    const style: Intl.NumberFormatOptions = currency ? { style: 'currency', currency } : { minimumFractionDigits: 2, maximumFractionDigits: 2 };
    this.moneyFormat = new Intl.NumberFormat(locale, style);
    this.moneyDigits = this.moneyFormat.resolvedOptions().maximumFractionDigits ?? 2;
    this.moneyTexts = new NumberTexts(this.moneyFormat);
    // A unit price of 0.0001 is a real price: up to 6 decimals, never fewer than the currency's.
    this.unitPriceTexts = new NumberTexts(new Intl.NumberFormat(locale, { ...style, minimumFractionDigits: this.moneyDigits, maximumFractionDigits: Math.max(6, this.moneyDigits) }));
    this.quantityTexts = new NumberTexts(new Intl.NumberFormat(locale, { maximumFractionDigits: 6 }));
    this.percentTexts = new NumberTexts(new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 4 }));
    this.dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    this.regionNames = new Intl.DisplayNames(locale, { type: 'region', fallback: 'code' });
  }

  /** A country's name from its ISO 3166-1 alpha-2 code, in the locale's language (DE -> "Deutschland" in de). */
  country(code: string): string {
    return this.regionNames.of(code) ?? code;
  }

  /**
   * An amount in the currency's decimals; -0 prints as 0. A Decimal within 2^53 units becomes the
   * nearest double (one correctly rounded division: what a JSON number of that value is); a larger
   * one is formatted from its text, which Intl (NumberFormat v3 in V8) reads exactly.
   */
  money(value: number | Decimal): string {
    if (typeof value === 'number') return this.moneyTexts.text(value);
    const units = Number(value.units);
    if (Number.isSafeInteger(units)) return this.moneyTexts.text(units / 10 ** value.scale);
    return this.moneyFormat.format(decimalText(value) as unknown as number);
  }

  unitPrice(value: number): string {
    return this.unitPriceTexts.text(value);
  }

  quantity(value: number): string {
    return this.quantityTexts.text(value);
  }

  /** A rate in percent: 19 -> "19%" (en), "19 %" (de). */
  percent(rate: number): string {
    return this.percentTexts.text(rate / 100);
  }

  /** A YYYY-MM-DD date (checked by the schema) in the locale's medium style, read as UTC. */
  date(iso: string): string {
    if (this.datesAsSent) return iso;
    return this.dateFormat.format(new Date(`${iso}T00:00:00Z`));
  }
}

/** Texts of one formatter kept per number beyond this many are dropped (all at once: no bookkeeping). */
const TEXTS_PER_FORMAT = 1024;

/**
 * A formatter's texts by number: Intl's format() took 46 us of the 20-item invoice's 1.6 ms for
 * its 64 amounts, quantities and prices (CPU profile), and prices, quantities and rates repeat
 * across documents. -0 prints as 0 (a Map does not tell them apart, and neither should the text).
 */
class NumberTexts {
  private readonly texts = new Map<number, string>();

  constructor(private readonly format: Intl.NumberFormat) {}

  text(value: number): string {
    let text = this.texts.get(value);
    if (text === undefined) {
      text = this.format.format(value + 0);
      if (this.texts.size >= TEXTS_PER_FORMAT) this.texts.clear();
      this.texts.set(value, text);
    }
    return text;
  }
}

const DEFAULT_LOCALE = 'en-US';
const formats = new Map<string, InvoiceFormat>();
/** Bounded: callers choose locales and currencies, and a cache must not grow with them. */
const CACHE_LIMIT = 64;

/** The locale as Intl will use it, or en-US for a tag Intl does not support (or cannot parse). */
export function resolveLocale(tag: string | undefined): string {
  if (!tag) return DEFAULT_LOCALE;
  try {
    return Intl.NumberFormat.supportedLocalesOf([tag])[0] ?? DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

export function invoiceFormat(locale: string | undefined, currency: string | undefined): InvoiceFormat {
  const key = `${locale ?? ''}|${currency ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new InvoiceFormat(resolveLocale(locale), currency, locale === undefined);
    if (formats.size >= CACHE_LIMIT) formats.delete(formats.keys().next().value!);
    formats.set(key, format);
  }
  return format;
}
