import type { InvoiceBasicData } from '../templates/schemas';

export type TaxCategory = NonNullable<InvoiceBasicData['items'][number]['taxCategory']>;

/** A line's category when the data names none (DECISIONS section 14): standard, or zero-rated at 0 %. */
export function defaultTaxCategory(rate: number): TaxCategory {
  return rate === 0 ? 'Z' : 'S';
}

/** Categories whose lines carry no tax and must say why (BR-E-10, BR-AE-10, BR-IC-10, BR-G-10). */
export const EXEMPT_CATEGORIES: ReadonlySet<TaxCategory> = new Set(['E', 'AE', 'K', 'G']);

/** The rules' prefix of each category (BR-S-05, BR-IC-05, ...). */
export const RULE_PREFIX: Record<TaxCategory, string> = { S: 'S', Z: 'Z', E: 'E', AE: 'AE', K: 'IC', G: 'G' };
