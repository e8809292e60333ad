import type { InvoiceBasicData } from '../templates/schemas';
import { invoiceFormat } from '../documents/invoice/invoice-format';
import { invoiceTotals } from '../documents/invoice/invoice-totals';
import { compare, Decimal, decimalOf, decimalText, multiply, round } from './decimal';
import { COUNTRY_CODES, CURRENCY_CODES, UNIT_CODES } from './code-lists';
import { EInvoiceProfile } from './einvoice-profile';
import { defaultTaxCategory, EXEMPT_CATEGORIES, RULE_PREFIX } from './tax-category';

/** The document types an e-invoice can be (BT-3: 380 invoice, 381 credit note). */
const E_INVOICE_TYPES = new Set(['invoice', 'credit-note']);

/**
 * What an e-invoice needs beyond the template's schema (DECISIONS section 14), for data that
 * passed that schema: every gap, each message naming the field and the business term or rule;
 * then, when the data is complete, the first sum sent that does not add up. [] when it can be made.
 */
export function eInvoiceProblems(data: InvoiceBasicData, profile: EInvoiceProfile): string[] {
  const gaps = missingFields(data, profile);
  if (gaps.length > 0) return gaps;
  const sum = firstWrongSum(data);
  return sum ? [sum] : [];
}

function missingFields(data: InvoiceBasicData, profile: EInvoiceProfile): string[] {
  const problems: string[] = [];
  const need = (present: unknown, field: string, term: string) => {
    if (present === undefined || (typeof present === 'string' && present.trim() === '')) problems.push(`${field} is required for an e-invoice (${term})`);
  };
  const { company, client } = data;
  if (data.documentType !== undefined && !E_INVOICE_TYPES.has(data.documentType)) {
    problems.push(`documentType '${data.documentType}' cannot be an e-invoice: use invoice or credit-note`);
  }
  need(data.currency, 'currency', 'BT-5');
  if (data.currency && !CURRENCY_CODES.has(data.currency)) problems.push(`currency '${data.currency}' is not an ISO 4217 code that an e-invoice accepts (BR-CL-03)`);
  for (const [field, address] of [
    ['company.postalAddress', company?.postalAddress],
    ['client.postalAddress', client.postalAddress],
  ] as const) {
    if (address && !COUNTRY_CODES.has(address.country)) problems.push(`${field}.country '${address.country}' is not an ISO 3166-1 country code (BR-CL-14)`);
  }
  need(data.invoiceDate, 'invoiceDate', 'BT-2');
  need(company?.name, 'company.name', 'BT-27');
  if (!company?.vatId?.trim() && !company?.taxNumber?.trim()) need(undefined, 'company.vatId', 'BT-31');
  need(company?.postalAddress, 'company.postalAddress', 'BG-5');
  need(client.postalAddress, 'client.postalAddress', 'BG-8');
  if (profile === 'XRECHNUNG') {
    need(data.buyerReference, 'buyerReference', 'BT-10, the Leitweg-ID');
    need(company?.contact?.name, 'company.contact.name', 'BT-41');
    need(company?.contact?.phone, 'company.contact.phone', 'BT-42');
    need(company?.contact?.email, 'company.contact.email', 'BT-43');
    need(client.email, 'client.email', "BT-49, the buyer's electronic address");
  }
  data.items.forEach((item, index) => problems.push(...lineProblems(data, item, `items[${index}]`)));
  return problems;
}

function lineProblems(data: InvoiceBasicData, item: InvoiceBasicData['items'][number], path: string): string[] {
  const unit = item.unitCode && !UNIT_CODES.has(item.unitCode) ? [`${path}.unitCode '${item.unitCode}' is not a UN/ECE Recommendation 20 or 21 unit code (BR-CL-23)`] : [];
  if (item.taxRate === undefined) return [...unit, `${path}.taxRate is required for an e-invoice (BT-152)`];
  const category = item.taxCategory ?? defaultTaxCategory(item.taxRate);
  const problems: string[] = unit;
  if (category === 'S' && item.taxRate === 0) problems.push(`${path}.taxRate must be above 0 for tax category S (BR-S-05)`);
  const rule = RULE_PREFIX[category];
  if (category !== 'S' && item.taxRate !== 0) problems.push(`${path}.taxRate must be 0 for tax category ${category} (BR-${rule}-05)`);
  if (EXEMPT_CATEGORIES.has(category) && !item.taxExemptionReason?.trim()) {
    problems.push(`${path}.taxExemptionReason is required for tax category ${category} (BR-${rule}-10)`);
  }
  const kind = category === 'AE' ? 'a reverse-charge' : category === 'K' ? 'an intra-community' : category === 'G' ? 'an export' : undefined;
  if ((category === 'AE' || category === 'K') && !data.client.vatId) problems.push(`client.vatId is required for ${kind} line (${path}, BR-${rule}-02)`);
  if (kind && !data.company?.vatId) problems.push(`company.vatId is required for ${kind} line (${path}, BR-${rule}-02)`);
  return problems;
}

/** The first amount sent that is not what EN 16931 computes from the lines, in reading order; null when all agree. */
function firstWrongSum(data: InvoiceBasicData): string | null {
  const { moneyDigits: digits } = invoiceFormat(data.locale, data.currency);
  const computed = invoiceTotals({ items: data.items }, digits);
  for (const [index, item] of data.items.entries()) {
    if (item.amount === undefined) continue;
    const sent = decimalOf(item.amount);
    const path = `items[${index}].amount`;
    if (compare(sent, round(sent, digits)) !== 0) return `${path} (${item.amount}) has more than the ${digits} decimals of ${data.currency} (BR-DEC-23)`;
    if (item.quantity === undefined || item.unitPrice === undefined) continue;
    const product = round(multiply(decimalOf(item.quantity), decimalOf(item.unitPrice)), digits);
    if (compare(sent, product) !== 0) return `${path} (${item.amount}) does not equal quantity x unitPrice (${decimalText(product)}) (BT-131)`;
  }
  const sums: [number | undefined, string, Decimal, string][] = [
    [data.subtotal, 'subtotal', computed.subtotal, 'the sum of the line amounts (BR-CO-10)'],
    [data.tax, 'tax', computed.tax, 'the sum of the tax of each category and rate (BR-CO-14)'],
    [data.total, 'total', computed.total, 'subtotal + tax (BR-CO-15)'],
  ];
  for (const [sent, field, expected, what] of sums) {
    if (sent !== undefined && compare(decimalOf(sent), expected) !== 0) return `${field} (${sent}) does not equal ${what}: ${decimalText(expected)}`;
  }
  return null;
}
