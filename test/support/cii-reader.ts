import Big from 'big.js';
import { XMLParser } from 'fast-xml-parser';
import type { InvoiceBasicData } from '../../src/engine';

/**
 * Reads an e-invoice's CII XML with an independent parser (fast-xml-parser) and recomputes what
 * the totals must be with an independent decimal library (big.js): neither shares code with the
 * writer (src/engine/einvoice) or its arithmetic.
 */
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: false,
  isArray: (name) => ['IncludedSupplyChainTradeLineItem', 'ApplicableTradeTax', 'IncludedNote', 'SpecifiedTaxRegistration'].includes(name),
});

type Node = Record<string, any>;

export function readCii(xml: Buffer | string): Node {
  return parser.parse(xml.toString()).CrossIndustryInvoice as Node;
}

/** Half away from zero (big.js's ROUND_HALF_UP). */
const HALF_UP = 1;

export interface ExpectedTotals {
  lines: string[];
  breakdown: { category: string; rate: string; basis: string; tax: string }[];
  subtotal: string;
  tax: string;
  total: string;
}

/** Decimals of a currency's minor unit, as Intl knows them (JPY 0, EUR 2). */
export function currencyDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** EN 16931's totals of the data (BR-CO-10 to BR-CO-17), from the numbers as JSON wrote them. */
export function expectedTotals(data: InvoiceBasicData): ExpectedTotals {
  const digits = currencyDigits(data.currency!);
  const lines = data.items.map((item) => (item.amount !== undefined ? new Big(item.amount) : new Big(item.quantity ?? 0).times(item.unitPrice ?? 0).round(digits, HALF_UP)));
  const groups = new Map<string, { category: string; rate: number; basis: Big }>();
  data.items.forEach((item, index) => {
    const category = item.taxCategory ?? (item.taxRate === 0 ? 'Z' : 'S');
    const key = `${category}|${item.taxRate}`;
    const group = groups.get(key) ?? { category, rate: item.taxRate!, basis: new Big(0) };
    group.basis = group.basis.plus(lines[index]);
    groups.set(key, group);
  });
  const breakdown = [...groups.values()].sort((a, b) => b.rate - a.rate).map(({ category, rate, basis }) => ({ category, rate: String(rate), basis, tax: basis.times(rate).div(100).round(digits, HALF_UP) }));
  const subtotal = lines.reduce((sum, line) => sum.plus(line), new Big(0));
  const tax = breakdown.reduce((sum, line) => sum.plus(line.tax), new Big(0));
  return {
    lines: lines.map((line) => line.toFixed(digits)),
    breakdown: breakdown.map(({ category, rate, basis, tax }) => ({ category, rate, basis: basis.toFixed(digits), tax: tax.toFixed(digits) })),
    subtotal: subtotal.toFixed(digits),
    tax: tax.toFixed(digits),
    total: subtotal.plus(tax).toFixed(digits),
  };
}
