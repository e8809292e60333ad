import { invoiceWithItems } from '../support/render-cases';
import { pageTexts, render } from './render-helpers';

/**
 * An invoice's closing blocks (notes, payment details and instructions) after its totals (issue
 * 35): a 20-item Letter invoice with notes and payment instructions fits its one page, and at any
 * length the closing blocks stand on the page of the totals with item rows, never alone.
 */
describe('the invoice from 1 to 40 items, with notes and payment instructions', () => {
  const counts = Array.from({ length: 40 }, (_, i) => i + 1);
  let pagesByCount: Map<number, string[]>;

  beforeAll(async () => {
    pagesByCount = new Map();
    for (const count of counts) {
      const data = invoiceWithItems(count);
      expect(data.notes).toBeTruthy();
      expect(data.paymentInstructions).toBeTruthy();
      pagesByCount.set(count, pageTexts((await render('invoice-basic', data)).pdf));
    }
  });

  it('takes one Letter page up to 20 items', () => {
    for (const count of counts.filter((n) => n <= 20)) expect({ count, pages: pagesByCount.get(count)!.length }).toEqual({ count, pages: 1 });
  });

  it('keeps the notes and payment instructions on the page of the totals, with item rows above them', () => {
    for (const count of counts) {
      const pages = pagesByCount.get(count)!;
      const last = pages[pages.length - 1];
      const closing = pages.findIndex((text) => text.includes('PAYMENT INSTRUCTIONS'));
      const totals = pages.findIndex((text) => /\bTotal\b/.test(text));
      const rowsOnLast = (last.match(/ — line \d+/g) ?? []).length;
      expect({ count, closing, totals, notes: pages.findIndex((text) => text.includes('NOTES')), itemRowsOnLastPage: rowsOnLast >= 1 }).toEqual({
        count,
        closing: pages.length - 1,
        totals: pages.length - 1,
        notes: pages.length - 1,
        itemRowsOnLastPage: true,
      });
    }
  });
});
