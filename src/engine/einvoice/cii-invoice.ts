import type { InvoiceBasicData } from '../templates/schemas';
import type { InvoiceTotals } from '../documents/invoice/invoice-totals';
import { xmlText } from '../xml-text';
import { Decimal, decimalOf, decimalText, isNegative, negate, round, shortDecimalText } from './decimal';
import { EInvoiceProfile, PROFILE_FACTS } from './einvoice-profile';

type Party = NonNullable<InvoiceBasicData['company']> | InvoiceBasicData['client'];
type PostalAddress = NonNullable<NonNullable<InvoiceBasicData['company']>['postalAddress']>;

/** BT-3: the UNTDID 1001 code of the document type. */
const TYPE_CODES = { invoice: '380', 'credit-note': '381' } as const;

const NAMESPACES =
  'xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" ' +
  'xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" ' +
  'xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100" ' +
  'xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100"';

/**
 * The invoice as UN/CEFACT CII D16B XML (Factur-X 1.0 / ZUGFeRD 2.3, profile EN 16931 or
 * XRechnung), from data that passed eInvoiceProblems and the totals the page was drawn from.
 * A focused writer rather than a library: @e-invoice-eu/core 2.3.4 (the maintained JSON to
 * CII/UBL library) installs 27 packages and 74 MB, and loading it took 757 ms and 56 MB of RSS
 * in a render worker, more than a whole invoice render; this writes a 500-line invoice in about 2 ms.
 * Elements are in the order the D16B schema requires.
 */
export interface CiiOptions {
  profile: EInvoiceProfile;
  documentType: 'invoice' | 'credit-note';
  /** BT-20 when the data gives no due date or terms (BR-CO-25), in the document's language: what the page prints. */
  dueOnReceipt: string;
}

export function ciiInvoice(data: InvoiceBasicData, totals: InvoiceTotals, { profile, documentType, dueOnReceipt }: CiiOptions): string {
  const facts = PROFILE_FACTS[profile];
  const currency = data.currency!;
  const money = (value: Decimal) => decimalText(round(value, totals.digits));
  const out: string[] = [`<?xml version="1.0" encoding="UTF-8"?>\n<rsm:CrossIndustryInvoice ${NAMESPACES}>`];
  out.push('<rsm:ExchangedDocumentContext>');
  if (facts.businessProcess) out.push(`<ram:BusinessProcessSpecifiedDocumentContextParameter>${id(facts.businessProcess)}</ram:BusinessProcessSpecifiedDocumentContextParameter>`);
  out.push(`<ram:GuidelineSpecifiedDocumentContextParameter>${id(facts.guideline)}</ram:GuidelineSpecifiedDocumentContextParameter>`);
  out.push('</rsm:ExchangedDocumentContext>');

  out.push('<rsm:ExchangedDocument>', id(data.invoiceNumber.trim()), `<ram:TypeCode>${TYPE_CODES[documentType]}</ram:TypeCode>`);
  out.push(`<ram:IssueDateTime>${date(data.invoiceDate!)}</ram:IssueDateTime>`);
  for (const note of [data.notes, data.paymentInstructions]) if (note?.trim()) out.push(`<ram:IncludedNote><ram:Content>${xmlText(note.trim())}</ram:Content></ram:IncludedNote>`);
  out.push('</rsm:ExchangedDocument>', '<rsm:SupplyChainTradeTransaction>');

  totals.items.forEach((item, index) => {
    const { quantity, price } = quantityAndPrice(item.quantity, item.unitPrice, item.amount);
    out.push(
      '<ram:IncludedSupplyChainTradeLineItem>',
      `<ram:AssociatedDocumentLineDocument><ram:LineID>${index + 1}</ram:LineID></ram:AssociatedDocumentLineDocument>`,
      `<ram:SpecifiedTradeProduct><ram:Name>${xmlText(item.description)}</ram:Name></ram:SpecifiedTradeProduct>`,
      `<ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${decimalText(price)}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>`,
      `<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="${xmlText(item.unitCode ?? 'C62')}">${decimalText(quantity)}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>`,
      '<ram:SpecifiedLineTradeSettlement>',
      `<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>${item.taxCategory}</ram:CategoryCode><ram:RateApplicablePercent>${rate(item.taxRate!)}</ram:RateApplicablePercent></ram:ApplicableTradeTax>`,
      `<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${money(item.amount)}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>`,
      '</ram:SpecifiedLineTradeSettlement>',
      '</ram:IncludedSupplyChainTradeLineItem>',
    );
  });

  const { company, client, payment } = data;
  out.push('<ram:ApplicableHeaderTradeAgreement>');
  if (data.buyerReference?.trim()) out.push(`<ram:BuyerReference>${xmlText(data.buyerReference.trim())}</ram:BuyerReference>`);
  out.push(`<ram:SellerTradeParty>${party(company!, company?.contact, company?.contact?.email ?? company?.email)}</ram:SellerTradeParty>`);
  out.push(`<ram:BuyerTradeParty>${party(client, undefined, client.email)}</ram:BuyerTradeParty>`);
  if (data.poNumber?.trim()) out.push(`<ram:BuyerOrderReferencedDocument><ram:IssuerAssignedID>${xmlText(data.poNumber.trim())}</ram:IssuerAssignedID></ram:BuyerOrderReferencedDocument>`);
  out.push('</ram:ApplicableHeaderTradeAgreement>');
  // BT-72: Factur-X asks for a delivery date or period (BR-FX-EN-04); without either the invoice date stands for it, as the page says.
  const delivered = data.servicePeriod ? undefined : (data.deliveryDate ?? data.invoiceDate!);
  out.push('<ram:ApplicableHeaderTradeDelivery>');
  // An intra-community supply names the country delivered to (BR-IC-12): the buyer's.
  if (totals.taxLines.some((line) => line.category === 'K')) {
    out.push(`<ram:ShipToTradeParty><ram:PostalTradeAddress><ram:CountryID>${client.postalAddress!.country}</ram:CountryID></ram:PostalTradeAddress></ram:ShipToTradeParty>`);
  }
  if (delivered) out.push(`<ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime>${date(delivered)}</ram:OccurrenceDateTime></ram:ActualDeliverySupplyChainEvent>`);
  out.push('</ram:ApplicableHeaderTradeDelivery>');

  out.push('<ram:ApplicableHeaderTradeSettlement>');
  out.push(`<ram:PaymentReference>${xmlText(data.invoiceNumber.trim())}</ram:PaymentReference>`, `<ram:InvoiceCurrencyCode>${currency}</ram:InvoiceCurrencyCode>`);
  if (payment?.iban) {
    // 58: SEPA credit transfer (UNTDID 4461).
    out.push('<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>58</ram:TypeCode>');
    out.push(`<ram:PayeePartyCreditorFinancialAccount><ram:IBANID>${payment.iban.replace(/ /g, '')}</ram:IBANID></ram:PayeePartyCreditorFinancialAccount>`);
    if (payment.bic) out.push(`<ram:PayeeSpecifiedCreditorFinancialInstitution><ram:BICID>${payment.bic}</ram:BICID></ram:PayeeSpecifiedCreditorFinancialInstitution>`);
    out.push('</ram:SpecifiedTradeSettlementPaymentMeans>');
  } else if (profile === 'XRECHNUNG') {
    // XRechnung asks for payment instructions (BR-DE-1): without an IBAN, "1", instrument not defined (UNTDID 4461).
    out.push('<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>1</ram:TypeCode></ram:SpecifiedTradeSettlementPaymentMeans>');
  }
  for (const line of totals.taxLines) {
    out.push(`<ram:ApplicableTradeTax><ram:CalculatedAmount>${money(line.amount)}</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode>`);
    if (line.exemptionReason) out.push(`<ram:ExemptionReason>${xmlText(line.exemptionReason)}</ram:ExemptionReason>`);
    out.push(`<ram:BasisAmount>${money(line.basis)}</ram:BasisAmount><ram:CategoryCode>${line.category}</ram:CategoryCode>`);
    out.push(`<ram:RateApplicablePercent>${rate(line.rate)}</ram:RateApplicablePercent></ram:ApplicableTradeTax>`);
  }
  if (data.servicePeriod) {
    out.push(`<ram:BillingSpecifiedPeriod><ram:StartDateTime>${date(data.servicePeriod.start)}</ram:StartDateTime><ram:EndDateTime>${date(data.servicePeriod.end)}</ram:EndDateTime></ram:BillingSpecifiedPeriod>`);
  }
  const dueDate = payment?.dueDate ?? data.dueDate;
  const terms = payment?.terms?.trim() || (dueDate ? '' : dueOnReceipt);
  out.push('<ram:SpecifiedTradePaymentTerms>');
  if (terms) out.push(`<ram:Description>${xmlText(terms)}</ram:Description>`);
  if (dueDate) out.push(`<ram:DueDateDateTime>${date(dueDate)}</ram:DueDateDateTime>`);
  out.push('</ram:SpecifiedTradePaymentTerms>');
  out.push(
    '<ram:SpecifiedTradeSettlementHeaderMonetarySummation>',
    `<ram:LineTotalAmount>${money(totals.subtotal)}</ram:LineTotalAmount>`,
    `<ram:TaxBasisTotalAmount>${money(totals.subtotal)}</ram:TaxBasisTotalAmount>`,
    `<ram:TaxTotalAmount currencyID="${currency}">${money(totals.tax)}</ram:TaxTotalAmount>`,
    `<ram:GrandTotalAmount>${money(totals.total)}</ram:GrandTotalAmount>`,
    `<ram:DuePayableAmount>${money(totals.total)}</ram:DuePayableAmount>`,
    '</ram:SpecifiedTradeSettlementHeaderMonetarySummation>',
    '</ram:ApplicableHeaderTradeSettlement>',
    '</rsm:SupplyChainTradeTransaction>',
    '</rsm:CrossIndustryInvoice>\n',
  );
  return out.join('\n');
}

/**
 * BT-129 and BT-146: the price is never negative (BR-27), so a credit line carries its sign in
 * the quantity. A line sent as an amount alone is one unit at that amount.
 */
function quantityAndPrice(quantity: number | undefined, unitPrice: number | undefined, amount: Decimal): { quantity: Decimal; price: Decimal } {
  if (quantity === undefined || unitPrice === undefined) {
    return isNegative(amount) ? { quantity: decimalOf(-1), price: negate(amount) } : { quantity: decimalOf(1), price: amount };
  }
  const price = decimalOf(unitPrice);
  return isNegative(price) ? { quantity: negate(decimalOf(quantity)), price: negate(price) } : { quantity: decimalOf(quantity), price };
}

function party(party: Party, contact: { name?: string; phone?: string; email?: string } | undefined, email: string | undefined): string {
  const taxNumber = (party as { taxNumber?: string }).taxNumber?.trim();
  // BR-CO-26 asks for a seller identifier, legal registration or VAT id: without a VAT id, the tax number identifies the seller (BT-29).
  const out = [!party.vatId && taxNumber ? `<ram:ID>${xmlText(taxNumber)}</ram:ID>` : '', `<ram:Name>${xmlText(party.name!.trim())}</ram:Name>`];
  if (contact && (contact.name || contact.phone || contact.email)) {
    out.push('<ram:DefinedTradeContact>');
    if (contact.name) out.push(`<ram:PersonName>${xmlText(contact.name)}</ram:PersonName>`);
    if (contact.phone) out.push(`<ram:TelephoneUniversalCommunication><ram:CompleteNumber>${xmlText(contact.phone)}</ram:CompleteNumber></ram:TelephoneUniversalCommunication>`);
    if (contact.email) out.push(`<ram:EmailURIUniversalCommunication><ram:URIID>${xmlText(contact.email)}</ram:URIID></ram:EmailURIUniversalCommunication>`);
    out.push('</ram:DefinedTradeContact>');
  }
  out.push(address(party.postalAddress!));
  // BT-34 / BT-49: the party's electronic address, an e-mail address (scheme EM).
  if (email?.trim()) out.push(`<ram:URIUniversalCommunication><ram:URIID schemeID="EM">${xmlText(email.trim())}</ram:URIID></ram:URIUniversalCommunication>`);
  if (party.vatId) out.push(`<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${xmlText(party.vatId)}</ram:ID></ram:SpecifiedTaxRegistration>`);
  if (taxNumber) out.push(`<ram:SpecifiedTaxRegistration><ram:ID schemeID="FC">${xmlText(taxNumber)}</ram:ID></ram:SpecifiedTaxRegistration>`);
  return out.join('');
}

function address({ street, city, postcode, country }: PostalAddress): string {
  const line = street?.trim() ? `<ram:LineOne>${xmlText(street.trim())}</ram:LineOne>` : '';
  return `<ram:PostalTradeAddress><ram:PostcodeCode>${xmlText(postcode.trim())}</ram:PostcodeCode>${line}<ram:CityName>${xmlText(city.trim())}</ram:CityName><ram:CountryID>${country}</ram:CountryID></ram:PostalTradeAddress>`;
}

function id(value: string): string {
  return `<ram:ID>${xmlText(value)}</ram:ID>`;
}

/** A calendar date (YYYY-MM-DD, checked by the schema) in format 102, YYYYMMDD. */
function date(iso: string): string {
  return `<udt:DateTimeString format="102">${iso.replace(/-/g, '')}</udt:DateTimeString>`;
}

function rate(percent: number): string {
  return shortDecimalText(decimalOf(percent));
}
