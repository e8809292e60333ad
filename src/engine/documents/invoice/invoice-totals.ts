import type { InvoiceBasicData } from '../../templates/schemas';

export interface InvoiceItem {
  description: string;
  quantity?: number;
  unitPrice?: number;
  taxRate?: number;
  amount: number;
}

/** The tax of the lines that share one rate, rounded to the currency's decimals. */
export interface TaxLine {
  rate: number;
  amount: number;
}

/** Invoice figures: the customer's numbers where sent, otherwise computed from the items. */
export interface InvoiceTotals {
  items: InvoiceItem[];
  subtotal: number;
  /** One line per rate, in the order the rates first appear; empty when the data sends `tax` or no line has a rate. */
  taxLines: TaxLine[];
  tax: number;
  total: number;
}

type TotalsData = Pick<InvoiceBasicData, 'items' | 'subtotal' | 'tax' | 'total'>;

/** `moneyDigits`: decimals the per-rate tax is rounded to (the currency's, 2 without one). */
export function invoiceTotals(data: TotalsData, moneyDigits = 2): InvoiceTotals {
  const items = data.items.map(({ description, quantity, unitPrice, taxRate, amount }) => ({
    description: description.trim(),
    quantity,
    unitPrice,
    taxRate,
    amount: amount ?? (quantity ?? 0) * (unitPrice ?? 0),
  }));
  const subtotal = data.subtotal ?? items.reduce((sum, item) => sum + item.amount, 0);
  const taxLines = data.tax === undefined ? taxByRate(items, moneyDigits) : [];
  const tax = data.tax ?? taxLines.reduce((sum, line) => sum + line.amount, 0);
  return { items, subtotal, taxLines, tax, total: data.total ?? subtotal + tax };
}

function taxByRate(items: InvoiceItem[], digits: number): TaxLine[] {
  const bases = new Map<number, number>();
  for (const { taxRate, amount } of items) if (taxRate !== undefined) bases.set(taxRate, (bases.get(taxRate) ?? 0) + amount);
  return [...bases].map(([rate, base]) => ({ rate, amount: roundTo((base * rate) / 100, digits) }));
}

/** Half away from zero, as tax is rounded; the scaled value is nudged past binary dust (2.675 -> 2.68). */
function roundTo(value: number, digits: number): number {
  const scale = 10 ** digits;
  return (Math.sign(value) * Math.round(Math.abs(value) * scale * (1 + Number.EPSILON))) / scale + 0;
}
