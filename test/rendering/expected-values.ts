import { formatMoney, formatQuantity } from '../../src/engine/documents/format';
import { invoiceTotals } from '../../src/engine/documents/invoice-basic.layout';
import type { InvoiceBasicData } from '../../src/engine/templates/schemas';
import { MONTH_NAMES } from '../../src/engine/toolkit/calendar-dates';

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
    case 'invoice-basic': {
      // Every case is valid invoice data, as a layout receives it.
      const totals = invoiceTotals(data as InvoiceBasicData);
      const numbers = totals.items.flatMap((item) => [
        formatMoney(item.amount),
        ...(item.unitPrice === undefined ? [] : [formatMoney(item.unitPrice)]),
        ...(item.quantity === undefined ? [] : [formatQuantity(item.quantity)]),
      ]);
      return [...strings(data, new Set()), ...numbers, formatMoney(totals.subtotal), formatMoney(totals.tax), formatMoney(totals.total)];
    }
    case 'weekly-report': {
      const progress = ((data.projects as Data[]) ?? []).filter((p) => typeof p.progress === 'number').map((p) => `${Math.round((p.progress as number) * 10) / 10}%`);
      return [...strings(data, new Set()), ...progress];
    }
    case 'calendar-schedule': {
      const months = ((data.months as Data[]) ?? []).map((m) => `${MONTH_NAMES[(m.m as number) - 1]} ${m.y}`);
      // Colours, kinds and the orientation are drawn, not written.
      return [...strings(data, new Set(['palette', 'kind', 'orientation', 'date', 'start', 'end'])), ...months];
    }
    default:
      return strings(data, new Set(['trend']));
  }
}
