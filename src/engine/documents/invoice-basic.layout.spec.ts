import { invoiceTotals } from './invoice-basic.layout';
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

  it('computes one tax line per rate, in the order the rates appear, rounded to the currency', () => {
    const items = [
      { description: 'a', amount: 100.05, taxRate: 19 },
      { description: 'b', amount: 40, taxRate: 7 },
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

  it('lets the tax sent win over the rates', () => {
    expect(invoiceTotals({ items: [{ description: 'a', amount: 100, taxRate: 19 }], tax: 5 })).toMatchObject({ taxLines: [], tax: 5, total: 105 });
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
