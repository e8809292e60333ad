import Big from 'big.js';
import fc from 'fast-check';
import type { InvoiceBasicData } from '../../src/engine';
import { eInvoiceProblems } from '../../src/engine';
import { resolveLocale } from '../../src/engine/documents/invoice/invoice-format';
import { currencyDigits, expectedTotals, readCii } from '../support/cii-reader';
import { embeddedFiles, renderInvoice } from '../support/einvoice-render';
import { EINVOICE_CASES, EInvoiceCase } from './einvoice-cases';

type Node = Record<string, any>;

const text = (node: Node | string | undefined): string | undefined => (typeof node === 'object' ? node['#text'] : node);
const date = (node: Node): string => text(node.DateTimeString)!;
const same = (a: string | number, b: string | number) => new Big(a).eq(new Big(b));

async function renderAndRead({ data, options }: EInvoiceCase) {
  const rendered = await renderInvoice(data, options);
  const xml = embeddedFiles(rendered.pdf).get(options.eInvoice === 'XRECHNUNG' ? 'xrechnung.xml' : 'factur-x.xml')!;
  return { rendered, cii: readCii(xml) };
}

/** Every field of the data that the XML carries, compared with what an independent reader finds there. */
function expectFieldsMatch(data: InvoiceBasicData, cii: Node): void {
  const document = cii.ExchangedDocument;
  expect(document.ID).toBe(data.invoiceNumber.trim());
  expect(document.TypeCode).toBe(data.documentType === 'credit-note' ? '381' : '380');
  expect(date(document.IssueDateTime)).toBe(data.invoiceDate!.replace(/-/g, ''));
  expect((document.IncludedNote ?? []).map((note: Node) => note.Content)).toEqual([data.notes, data.paymentInstructions].filter((note) => note?.trim()).map((note) => note!.trim()));

  const transaction = cii.SupplyChainTradeTransaction;
  const expected = expectedTotals(data);
  const lines: Node[] = transaction.IncludedSupplyChainTradeLineItem;
  expect(lines).toHaveLength(data.items.length);
  lines.forEach((line, index) => {
    const item = data.items[index];
    expect(line.AssociatedDocumentLineDocument.LineID).toBe(String(index + 1));
    expect(line.SpecifiedTradeProduct.Name).toBe(item.description.trim());
    const quantity = line.SpecifiedLineTradeDelivery.BilledQuantity;
    expect(quantity['@unitCode']).toBe(item.unitCode ?? 'C62');
    const price = line.SpecifiedLineTradeAgreement.NetPriceProductTradePrice.ChargeAmount;
    expect(new Big(price).gte(0)).toBe(true);
    // quantity x price is the data's, whichever of the two carries a credit's sign.
    if (item.quantity !== undefined && item.unitPrice !== undefined) expect(same(new Big(text(quantity)!).times(price).toString(), new Big(item.quantity).times(item.unitPrice).toString())).toBe(true);
    const tax = line.SpecifiedLineTradeSettlement.ApplicableTradeTax[0];
    expect(tax.CategoryCode).toBe(item.taxCategory ?? (item.taxRate === 0 ? 'Z' : 'S'));
    expect(same(tax.RateApplicablePercent, item.taxRate!)).toBe(true);
    expect(line.SpecifiedLineTradeSettlement.SpecifiedTradeSettlementLineMonetarySummation.LineTotalAmount).toBe(expected.lines[index]);
  });

  const agreement = transaction.ApplicableHeaderTradeAgreement;
  expect(agreement.BuyerReference).toBe(data.buyerReference?.trim());
  for (const [party, node] of [
    [data.company!, agreement.SellerTradeParty],
    [data.client, agreement.BuyerTradeParty],
  ] as const) {
    expect(node.Name).toBe(party.name!.trim());
    const address = node.PostalTradeAddress;
    expect([address.LineOne, address.PostcodeCode, address.CityName, address.CountryID]).toEqual([
      party.postalAddress!.street?.trim(),
      party.postalAddress!.postcode.trim(),
      party.postalAddress!.city.trim(),
      party.postalAddress!.country,
    ]);
    const registrations = (node.SpecifiedTaxRegistration ?? []).map((registration: Node) => [registration.ID['@schemeID'], text(registration.ID)]);
    const taxNumber = 'taxNumber' in party ? party.taxNumber?.trim() : undefined;
    expect(registrations).toEqual([...(party.vatId ? [['VA', party.vatId]] : []), ...(taxNumber ? [['FC', taxNumber]] : [])]);
    // Without a VAT id, the tax number is also the seller's identifier (BR-CO-26).
    expect(node.ID).toBe(!party.vatId && taxNumber ? taxNumber : undefined);
  }
  const contact = data.company?.contact;
  if (contact) expect([agreement.SellerTradeParty.DefinedTradeContact.PersonName, text(agreement.SellerTradeParty.DefinedTradeContact.EmailURIUniversalCommunication.URIID)]).toEqual([contact.name, contact.email]);
  expect(agreement.BuyerOrderReferencedDocument?.IssuerAssignedID).toBe(data.poNumber?.trim());

  const settlement = transaction.ApplicableHeaderTradeSettlement;
  expect(settlement.InvoiceCurrencyCode).toBe(data.currency);
  const means = settlement.SpecifiedTradeSettlementPaymentMeans;
  expect(means?.PayeePartyCreditorFinancialAccount?.IBANID).toBe(data.payment?.iban?.replace(/ /g, ''));
  expect(means?.PayeeSpecifiedCreditorFinancialInstitution?.BICID).toBe(data.payment?.bic);
  const due = settlement.SpecifiedTradePaymentTerms?.DueDateDateTime;
  // Without a due date or terms, the invoice is due on receipt, in its language.
  if (data.payment?.terms?.trim() || due) expect(settlement.SpecifiedTradePaymentTerms?.Description).toBe(data.payment?.terms?.trim());
  else expect(settlement.SpecifiedTradePaymentTerms.Description).toEqual(expect.any(String));
  expect(due ? date(due) : undefined).toBe((data.payment?.dueDate ?? data.dueDate)?.replace(/-/g, ''));
  expect(
    settlement.ApplicableTradeTax.map((tax: Node) => ({ category: tax.CategoryCode, rate: tax.RateApplicablePercent, basis: tax.BasisAmount, tax: tax.CalculatedAmount })),
  ).toEqual(expected.breakdown.map((line) => ({ ...line, rate: new Big(line.rate).toString() })));
  const sums = settlement.SpecifiedTradeSettlementHeaderMonetarySummation;
  expect([sums.LineTotalAmount, sums.TaxBasisTotalAmount, text(sums.TaxTotalAmount), sums.TaxTotalAmount['@currencyID'], sums.GrandTotalAmount, sums.DuePayableAmount]).toEqual([
    expected.subtotal,
    expected.subtotal,
    expected.tax,
    data.currency,
    expected.total,
    expected.total,
  ]);
}

/** The page shows the same subtotal, tax per category and rate, and total as the XML, formatted as its locale does. */
function expectPageMatches(data: InvoiceBasicData, pageText: string[], cii: Node): void {
  const money = new Intl.NumberFormat(resolveLocale(data.locale), { style: 'currency', currency: data.currency });
  const settlement = cii.SupplyChainTradeTransaction.ApplicableHeaderTradeSettlement;
  const sums = settlement.SpecifiedTradeSettlementHeaderMonetarySummation;
  const amounts = [sums.LineTotalAmount, ...settlement.ApplicableTradeTax.map((tax: Node) => tax.CalculatedAmount), sums.GrandTotalAmount];
  for (const amount of amounts) expect(pageText).toContain(money.format(amount));
}

describe('e-invoice XML read back by an independent reader', () => {
  it.each(EINVOICE_CASES.map((entry) => [entry.name, entry] as const))('%s: every field as the data sent it, totals to the cent on the page', async (_name, entry) => {
    expect(eInvoiceProblems(entry.data, entry.options.eInvoice)).toEqual([]);
    const { rendered, cii } = await renderAndRead(entry);
    expectFieldsMatch(entry.data, cii);
    expectPageMatches(entry.data, rendered.textBoxes.map((box) => box.text), cii);
  });
});

const CURRENCIES = ['EUR', 'JPY', 'CHF', 'SEK', 'GBP', 'USD'] as const;
const RATES = [19, 7, 5.5, 10, 20, 25, 8.1, 0] as const;

/** A number with up to `decimals` decimals, as a customer's JSON writes it. */
const decimalNumber = (max: number, decimals: number) => fc.tuple(fc.integer({ min: 0, max }), fc.integer({ min: 0, max: decimals })).map(([units, scale]) => units / 10 ** scale);

const lineArbitrary = fc.record({
  description: fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== '' && !/[\u0000-\u001f]/.test(s)),
  quantity: decimalNumber(100_000, 3).filter((n) => n > 0),
  unitPrice: decimalNumber(10_000_000, 4),
  rate: fc.constantFrom(...RATES),
  zeroCategory: fc.constantFrom('Z', 'E', 'AE', 'K', 'G'),
});

const invoiceArbitrary = fc.record({ currency: fc.constantFrom(...CURRENCIES), lines: fc.array(lineArbitrary, { minLength: 1, maxLength: 25 }) }).map(({ currency, lines }): InvoiceBasicData => ({
  invoiceNumber: 'PROP-1',
  invoiceDate: '2026-11-27',
  dueDate: '2026-12-27',
  currency,
  company: { name: 'Seller GmbH', vatId: 'DE123456789', postalAddress: { postcode: '10115', city: 'Berlin', country: 'DE' } },
  client: { name: 'Buyer SAS', vatId: 'FR40303265045', postalAddress: { postcode: '75001', city: 'Paris', country: 'FR' } },
  items: lines.map(({ description, quantity, unitPrice, rate, zeroCategory }) => ({
    description,
    quantity,
    unitPrice,
    taxRate: rate,
    ...(rate === 0 ? { taxCategory: zeroCategory, ...(zeroCategory === 'Z' ? {} : { taxExemptionReason: 'Exempt or reverse charge' }) } : {}),
  })),
}));

describe('e-invoice totals, property-based', () => {
  it('for random valid invoices the page, the XML and an independent recomputation agree to the cent', async () => {
    await fc.assert(
      fc.asyncProperty(invoiceArbitrary, async (data) => {
        expect(eInvoiceProblems(data, 'EN16931')).toEqual([]);
        const { rendered, cii } = await renderAndRead({ name: 'property', data, options: { eInvoice: 'EN16931' } });
        const expected = expectedTotals(data);
        const sums = cii.SupplyChainTradeTransaction.ApplicableHeaderTradeSettlement.SpecifiedTradeSettlementHeaderMonetarySummation;
        expect([sums.LineTotalAmount, text(sums.TaxTotalAmount), sums.GrandTotalAmount]).toEqual([expected.subtotal, expected.tax, expected.total]);
        expect(expected.total.split('.')[1]?.length ?? 0).toBe(currencyDigits(data.currency!));
        expectPageMatches(data, rendered.textBoxes.map((box) => box.text), cii);
      }),
      { numRuns: 40 },
    );
  }, 300_000);
});
