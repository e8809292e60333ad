import { decimalText, Decimal } from '../einvoice/decimal';
import { invoiceTotals as exactTotals } from './invoice-basic.layout';

/** The totals with every amount as a number, as the assertions read them. */
function invoiceTotals(...args: Parameters<typeof exactTotals>) {
  const totals = exactTotals(...args);
  const n = (value: Decimal) => Number(decimalText(value));
  return {
    items: totals.items.map((item) => ({ ...item, amount: n(item.amount) })),
    subtotal: n(totals.subtotal),
    taxLines: totals.taxLines.map(({ rate, amount }) => ({ rate, amount: n(amount) })),
    tax: n(totals.tax),
    total: n(totals.total),
  };
}
import { invoiceFormat, resolveLocale } from './invoice/invoice-format';

describe('invoiceTotals', () => {
  it('computes amounts, subtotal and total when they are absent (tax defaults to 0)', () => {
    const totals = invoiceTotals({ items: [{ description: 'a', quantity: 3, unitPrice: 2.5 }, { description: 'b', quantity: 1, unitPrice: 10 }] });
    expect(totals.items.map((item) => item.amount)).toEqual([7.5, 10]);
    expect(totals).toMatchObject({ subtotal: 17.5, taxLines: [], tax: 0, total: 17.5 });
  });

  it("prints the customer's numbers when present, even if they do not add up", () => {
    const totals = invoiceTotals({ items: [{ description: 'a', quantity: 3, unitPrice: 2.5, amount: 8 }], subtotal: 100, tax: 5, total: 1 });
    expect(totals.items[0].amount).toBe(8);
    expect(totals).toMatchObject({ subtotal: 100, tax: 5, total: 1 });
  });

  it('adds the tax sent to the computed subtotal', () => {
    expect(invoiceTotals({ items: [{ description: 'a', amount: 100 }], tax: 8.25 }).total).toBe(108.25);
  });

  it('computes one tax line per rate, highest rate first, rounded to the currency', () => {
    const items = [
      { description: 'b', amount: 40, taxRate: 7 },
      { description: 'a', amount: 100.05, taxRate: 19 },
      { description: 'c', amount: 10, taxRate: 19 },
      { description: 'd', amount: 5 },
    ];
    const totals = invoiceTotals({ items });
    expect(totals.taxLines).toEqual([
      { rate: 19, amount: 20.91 },
      { rate: 7, amount: 2.8 },
    ]);
    expect(totals.tax).toBeCloseTo(23.71, 10);
    expect(totals.total).toBeCloseTo(178.76, 10);
    expect(invoiceTotals({ items }, 0).taxLines.map((line) => line.amount)).toEqual([21, 3]);
  });

  it('lets the tax sent win over the rates, and still has the breakdown for an e-invoice to compare', () => {
    expect(invoiceTotals({ items: [{ description: 'a', amount: 100, taxRate: 19 }], tax: 5 })).toMatchObject({ taxLines: [{ rate: 19, amount: 19 }], tax: 5, total: 105 });
  });

  it('sums to the cent where binary floating point cannot', () => {
    const items = Array.from({ length: 1000 }, () => ({ description: 'a', quantity: 3, unitPrice: 0.1, taxRate: 19 }));
    const totals = exactTotals({ items });
    expect(decimalText(totals.subtotal)).toBe('300.00');
    expect(decimalText(totals.tax)).toBe('57.00');
    const big = exactTotals({ items: Array.from({ length: 1000 }, () => ({ description: 'b', amount: 999_999_999.99, taxRate: 7 })) });
    expect(decimalText(big.subtotal)).toBe('999999999990.00');
    expect(decimalText(big.total)).toBe('1069999999989.30');
  });

  it('groups the tax by category and rate, with the reasons of exempt lines only', () => {
    const totals = exactTotals({
      items: [
        { description: 'a', amount: 100, taxRate: 0, taxCategory: 'AE', taxExemptionReason: 'Reverse charge' },
        { description: 'b', amount: 50, taxRate: 0 },
        { description: 'c', amount: 10, taxRate: 19, taxExemptionReason: 'ignored in the breakdown' },
      ],
    });
    expect(totals.taxLines.map(({ category, rate, basis, exemptionReason }) => [category, rate, decimalText(basis), exemptionReason])).toEqual([
      ['S', 19, '10', undefined],
      ['AE', 0, '100', 'Reverse charge'],
      ['Z', 0, '50', undefined],
    ]);
  });

  it('rounds half away from zero, past binary dust', () => {
    expect(invoiceTotals({ items: [{ description: 'a', amount: 267.5, taxRate: 1 }] }).taxLines[0].amount).toBe(2.68);
    expect(invoiceTotals({ items: [{ description: 'a', amount: -267.5, taxRate: 1 }] }).taxLines[0].amount).toBe(-2.68);
  });
});

describe('invoiceFormat', () => {
  it('prints plain numbers in en-US by default, as before currencies', () => {
    const format = invoiceFormat(undefined, undefined);
    expect(format.money(1234567.891)).toBe('1,234,567.89');
    expect(format.money(-5)).toBe('-5.00');
    expect(format.money(-0)).toBe('0.00');
    expect(format.quantity(1500)).toBe('1,500');
    expect(format.quantity(2.5)).toBe('2.5');
    expect(format.date('2025-03-31')).toBe('2025-03-31');
    expect(invoiceFormat('en-US', undefined).date('2025-03-31')).toBe('Mar 31, 2025');
  });

  it('keeps unit prices to 6 decimals and at least the currency’s', () => {
    expect(invoiceFormat(undefined, undefined).unitPrice(0.0001)).toBe('0.0001');
    expect(invoiceFormat(undefined, undefined).unitPrice(85.5)).toBe('85.50');
    expect(invoiceFormat(undefined, undefined).unitPrice(0.123456789)).toBe('0.123457');
    expect(invoiceFormat('ja-JP', 'JPY').unitPrice(1500)).toBe('￥1,500');
    expect(invoiceFormat('ja-JP', 'JPY').unitPrice(0.25)).toBe('￥0.25');
  });

  it('formats money, rates and dates in the locale and currency', () => {
    const german = invoiceFormat('de-DE', 'EUR');
    expect(german.money(1234.5)).toBe('1.234,50\u00a0€');
    expect(german.percent(19)).toBe('19\u00a0%');
    expect(german.date('2025-03-31')).toBe('31.03.2025');
    expect(invoiceFormat('ja-JP', 'JPY')).toMatchObject({ moneyDigits: 0 });
    expect(invoiceFormat('ja-JP', 'JPY').money(4500.4)).toBe('￥4,500');
  });

  it('falls back to en-US for a locale Intl does not support or cannot parse', () => {
    expect(resolveLocale('qq-ZZ')).toBe('en-US');
    expect(resolveLocale('not a locale')).toBe('en-US');
    expect(resolveLocale('pt-BR')).toBe('pt-BR');
  });

  it('makes formatters once per locale and currency', () => {
    expect(invoiceFormat('fr-FR', 'EUR')).toBe(invoiceFormat('fr-FR', 'EUR'));
  });
});
