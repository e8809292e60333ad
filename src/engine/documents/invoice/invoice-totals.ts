import type { InvoiceBasicData } from '../../templates/schemas';
import { add, Decimal, decimalOf, multiply, percentOf, round, sum } from '../../einvoice/decimal';
import { defaultTaxCategory, EXEMPT_CATEGORIES, TaxCategory } from '../../einvoice/tax-category';

export interface InvoiceItem {
  description: string;
  quantity?: number;
  unitPrice?: number;
  taxRate?: number;
  /** The data's category, else S or Z by rate; absent on a line without a rate. */
  taxCategory?: TaxCategory;
  taxExemptionReason?: string;
  unitCode?: string;
  /** The line's net amount: the data's `amount`, else quantity x unitPrice rounded to the currency (BT-131). */
  amount: Decimal;
}

/** The lines of one tax category and rate (BG-23): their net sum and its tax, rounded to the currency. */
export interface TaxLine {
  category: TaxCategory;
  rate: number;
  /** BT-116: the sum of the net amounts of the lines in this category and rate. */
  basis: Decimal;
  /** BT-117: basis x rate / 100, rounded (BR-CO-17). */
  amount: Decimal;
  /** BT-120: the lines' exemption reasons, for E and AE. */
  exemptionReason?: string;
}

/**
 * Invoice figures, computed once per render and used for the page and the e-invoice alike: the
 * customer's numbers where sent (a plain PDF prints what it was sent), otherwise computed exactly
 * from the items with EN 16931's rules (BR-CO-10 to BR-CO-17).
 */
export interface InvoiceTotals {
  items: InvoiceItem[];
  subtotal: Decimal;
  /** One line per category and rate, highest rate first (then in the order they appear); empty when no line has a rate. */
  taxLines: TaxLine[];
  tax: Decimal;
  total: Decimal;
  /** Decimals of the currency (2 without one): what computed amounts are rounded to. */
  digits: number;
}

type TotalsData = Pick<InvoiceBasicData, 'items' | 'subtotal' | 'tax' | 'total'>;

/** `digits`: decimals amounts are rounded to (the currency's, 2 without one). */
export function invoiceTotals(data: TotalsData, digits = 2): InvoiceTotals {
  const items = data.items.map((item): InvoiceItem => {
    const { quantity, unitPrice, taxRate } = item;
    return {
      description: item.description.trim(),
      quantity,
      unitPrice,
      taxRate,
      taxCategory: taxRate === undefined ? undefined : (item.taxCategory ?? defaultTaxCategory(taxRate)),
      taxExemptionReason: item.taxExemptionReason?.trim() || undefined,
      unitCode: item.unitCode,
      amount: item.amount === undefined ? round(multiply(decimalOf(quantity ?? 0), decimalOf(unitPrice ?? 0)), digits) : decimalOf(item.amount),
    };
  });
  const subtotal = data.subtotal === undefined ? sum(items.map((item) => item.amount)) : decimalOf(data.subtotal);
  const taxLines = taxBreakdown(items, digits);
  const tax = data.tax === undefined ? sum(taxLines.map((line) => line.amount)) : decimalOf(data.tax);
  return { items, subtotal, taxLines, tax, total: data.total === undefined ? add(subtotal, tax) : decimalOf(data.total), digits };
}

function taxBreakdown(items: InvoiceItem[], digits: number): TaxLine[] {
  const groups = new Map<string, { category: TaxCategory; rate: number; amounts: Decimal[]; reasons: Set<string> }>();
  for (const { taxRate, taxCategory, taxExemptionReason, amount } of items) {
    if (taxRate === undefined || taxCategory === undefined) continue;
    const key = `${taxCategory} ${taxRate}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { category: taxCategory, rate: taxRate, amounts: [], reasons: new Set() }));
    group.amounts.push(amount);
    // Only exempt categories carry a reason in the breakdown (BR-S-10, BR-Z-10 forbid one elsewhere).
    if (taxExemptionReason && EXEMPT_CATEGORIES.has(taxCategory)) group.reasons.add(taxExemptionReason);
  }
  return [...groups.values()].sort((a, b) => b.rate - a.rate).map(({ category, rate, amounts, reasons }) => {
    const basis = sum(amounts);
    return {
      category,
      rate,
      basis,
      amount: round(multiply(basis, percentOf(rate)), digits),
      ...(reasons.size > 0 ? { exemptionReason: [...reasons].join('; ') } : {}),
    };
  });
}
