import type { InvoiceBasicData } from '../../templates/schemas';
import type { InvoiceFormat } from './invoice-format';
import type { InvoiceLabels } from './labels/invoice-labels';

type Party = Pick<NonNullable<InvoiceBasicData['company']>, 'postalAddress' | 'vatId' | 'taxNumber'> | undefined;

/** A party's structured address (street; postcode and city; country in the document's language) and tax ids, one per line. */
export function partyDetails(party: Party, format: InvoiceFormat, labels: InvoiceLabels): string {
  const lines: string[] = [];
  const address = party?.postalAddress;
  if (address) {
    if (address.street?.trim()) lines.push(address.street.trim());
    lines.push(`${address.postcode.trim()} ${address.city.trim()}`.trim());
    lines.push(format.country(address.country));
  }
  if (party?.vatId) lines.push(`${labels.vatId} ${party.vatId}`);
  if (party?.taxNumber?.trim()) lines.push(`${labels.taxNumber} ${party.taxNumber.trim()}`);
  return lines.join('\n');
}

/**
 * IBAN in groups of four, BIC, terms and the payment due date when it differs from the invoice's,
 * one per line; an e-invoice without a due date or terms says it is due on receipt, as its XML does.
 */
export function paymentDetails(data: InvoiceBasicData, format: InvoiceFormat, labels: InvoiceLabels, eInvoice: boolean): string {
  const payment = data.payment ?? {};
  const lines: string[] = [];
  if (eInvoice && !payment.terms?.trim() && !payment.dueDate && !data.dueDate) lines.push(labels.dueOnReceipt);
  if (payment.iban) lines.push(`IBAN ${payment.iban.replace(/ /g, '').replace(/(.{4})(?=.)/g, '$1 ')}`);
  if (payment.bic) lines.push(`BIC ${payment.bic}`);
  if (payment.terms?.trim()) lines.push(payment.terms.trim());
  if (payment.dueDate && payment.dueDate !== data.dueDate) lines.push(labels.due(format.date(payment.dueDate)));
  return lines.join('\n');
}
