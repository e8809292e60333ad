import { formatMoney, formatQuantity } from './format';
import { invoiceTotals } from './invoice-basic.layout';

describe('invoiceTotals', () => {
  it('computes amounts, subtotal and total when they are absent (tax defaults to 0)', () => {
    const totals = invoiceTotals({ items: [{ description: 'a', quantity: 3, unitPrice: 2.5 }, { description: 'b', quantity: 1, unitPrice: 10 }] });
    expect(totals.items.map((item) => item.amount)).toEqual([7.5, 10]);
    expect(totals).toMatchObject({ subtotal: 17.5, tax: 0, total: 17.5 });
  });

  it("prints the customer's numbers when present, even if they do not add up", () => {
    const totals = invoiceTotals({ items: [{ description: 'a', quantity: 3, unitPrice: 2.5, amount: 8 }], subtotal: 100, tax: 5, total: 1 });
    expect(totals.items[0].amount).toBe(8);
    expect(totals).toMatchObject({ subtotal: 100, tax: 5, total: 1 });
  });

  it('adds the tax sent to the computed subtotal', () => {
    expect(invoiceTotals({ items: [{ description: 'a', amount: 100 }], tax: 8.25 }).total).toBe(108.25);
  });
});

describe('number formats', () => {
  it('prints money with two decimals and thousands separators', () => {
    expect(formatMoney(1234567.891)).toBe('1,234,567.89');
    expect(formatMoney(-5)).toBe('-5.00');
    expect(formatQuantity(1500)).toBe('1,500');
    expect(formatQuantity(2.5)).toBe('2.5');
  });
});
