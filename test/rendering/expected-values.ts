import { MONTH_NAMES } from '../../src/engine/toolkit/calendar-dates';
import { statusLabel } from '../../src/engine/toolkit/status-pill';

type Data = Record<string, unknown>;

/** Every string leaf of the data, except the keys listed (values that are not printed as text). */
function strings(value: unknown, skip: ReadonlySet<string>, key = ''): string[] {
  if (skip.has(key)) return [];
  if (typeof value === 'string') return value.trim() ? [value.trim()] : [];
  if (Array.isArray(value)) return value.flatMap((item) => strings(item, skip));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, skip, k));
  return [];
}

/** The text a reader must find in the PDF for each data value of the template. */
export function expectedValues(templateId: string, data: Data): string[] {
  switch (templateId) {
    case 'invoice-basic':
      return invoiceValues(data as InvoiceData);
    case 'weekly-report': {
      const projects = (data.projects as Data[]) ?? [];
      const progress = projects.filter((p) => typeof p.progress === 'number').map((p) => `${Math.round((p.progress as number) * 10) / 10}%`);
      // Statuses print as their labels: `on-track` as "On track", an unknown one as sent.
      const statuses = projects.flatMap((p) => [p, ...((p.milestones as Data[]) ?? [])]).flatMap((item) => strings(item.status, new Set()).map(statusLabel));
      return [...strings(data, new Set(['status'])), ...statuses, ...progress];
    }
    case 'calendar-schedule': {
      const months = ((data.months as Data[]) ?? []).map((m) => `${MONTH_NAMES[(m.m as number) - 1]} ${m.y}`);
      // Colours, kinds and the orientation are drawn, not written.
      return [...strings(data, new Set(['palette', 'kind', 'orientation', 'date', 'start', 'end'])), ...months];
    }
    case 'kpi-dashboard':
      // Trends and good directions are drawn as colours and arrows; series as sparklines.
      return strings(data, new Set(['trend', 'goodDirection']));
    default:
      return strings(data, new Set(['trend']));
  }
}

interface InvoiceData extends Data {
  items: Array<{ quantity?: number; unitPrice?: number; amount?: number; taxRate?: number }>;
  subtotal?: number;
  tax?: number;
  total?: number;
  currency?: string;
  locale?: string;
  invoiceDate?: string;
  dueDate?: string;
}

/**
 * The invoice's values as a reader expects them, worked out here rather than by the layout's code:
 * amounts with Intl in the data's locale (en-US when absent or unknown) and currency, unit prices
 * with up to 6 decimals, dates in the locale's medium style (as sent without a locale), tax per rate rounded to the currency.
 */
function invoiceValues(data: InvoiceData): string[] {
  let locale = 'en-US';
  try {
    locale = (data.locale && Intl.DateTimeFormat.supportedLocalesOf(data.locale)[0]) || 'en-US';
  } catch {
    // An unparsable tag prints as en-US.
  }
  const currency: Intl.NumberFormatOptions = data.currency ? { style: 'currency', currency: data.currency } : { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  const digits = data.currency ? (new Intl.NumberFormat('en', currency).resolvedOptions().maximumFractionDigits ?? 2) : 2;
  const money = (value: number) => new Intl.NumberFormat(locale, currency).format(value);
  const unitPrice = (value: number) => new Intl.NumberFormat(locale, { ...currency, minimumFractionDigits: digits, maximumFractionDigits: Math.max(6, digits) }).format(value);
  const quantity = (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 6 }).format(value);
  // Without a locale, dates print as sent.
  const date = (iso: string) => (data.locale === undefined ? iso : new Date(`${iso}T00:00:00Z`).toLocaleDateString(locale, { dateStyle: 'medium', timeZone: 'UTC' }));

  const amounts = data.items.map((item) => item.amount ?? (item.quantity ?? 0) * (item.unitPrice ?? 0));
  const subtotal = data.subtotal ?? amounts.reduce((sum, amount) => sum + amount, 0);
  const rates = [...new Set(data.items.flatMap((item) => (item.taxRate === undefined ? [] : [item.taxRate])))];
  const rateTaxes = rates.map((rate) => {
    const base = data.items.reduce((sum, item, i) => sum + (item.taxRate === rate ? amounts[i] : 0), 0);
    // Half away from zero; the small addend absorbs binary dust (267.5 * 1% is 2.675 -> 2.68).
    return (Math.sign(base) * Math.round((Math.abs(base) * rate * 10 ** digits) / 100 + 1e-7)) / 10 ** digits;
  });
  const tax = data.tax ?? rateTaxes.reduce((sum, value) => sum + value, 0);
  const total = data.total ?? subtotal + tax;
  const figures = [
    ...data.items.flatMap((item, i) => [
      money(amounts[i]),
      ...(item.unitPrice === undefined ? [] : [unitPrice(item.unitPrice)]),
      ...(item.quantity === undefined ? [] : [quantity(item.quantity)]),
    ]),
    // Tax lines per rate, or the one tax line.
    ...(data.tax === undefined && rates.length > 0 ? rateTaxes.map(money) : [money(tax)]),
    money(subtotal),
    money(total),
  ];
  const dates = [data.invoiceDate, data.dueDate].flatMap((iso) => (iso ? [date(iso)] : []));
  // Codes, choices and the logo are printed as symbols, words of the template or an image, not as sent.
  const printedAsSent = strings(data, new Set(['invoiceDate', 'dueDate', 'currency', 'locale', 'documentType', 'status', 'logo']));
  return [...printedAsSent, ...figures, ...dates];
}
