import { InvalidDocumentData } from '../../errors';
import { boxOf, boxesOf, renderLayout } from '../../../../test/support/custom-render';

const items = (count: number) => Array.from({ length: count }, (_, i) => ({ name: `Item ${i + 1}`, qty: i + 1, price: 10 * (i + 1) }));
const table = {
  type: 'table',
  rows: 'order.items',
  as: 'item',
  columns: [
    { header: 'Description', cell: '{{ item.name }}' },
    { header: 'Qty', cell: '{{ item.qty }}', align: 'right' },
    { header: 'Price', cell: '{{ item.price | money: "EUR" }}', align: 'right' },
  ],
  totals: [
    { label: 'Subtotal', value: '{{ order.subtotal | money: "EUR" }}' },
    { label: 'Total', value: '{{ order.total | money: "EUR" }}', bold: true },
  ],
};

describe('table block', () => {
  it('draws a row per element with its cells, and the totals under the last column', async () => {
    const doc = await renderLayout({ body: [table] }, { order: { items: items(3), subtotal: 60, total: 71.4 } });
    for (const [row, name] of ['Item 1', 'Item 2', 'Item 3'].entries()) {
      const cell = boxOf(doc, name);
      const price = boxOf(doc, `€${(10 * (row + 1)).toFixed(2)}`);
      expect(price.y).toBe(cell.y);
    }
    const total = boxOf(doc, '€71.40');
    expect(total.x + total.width).toBeCloseTo(558 - 6);
    expect(boxOf(doc, 'Total').y).toBe(total.y);
    expect(boxOf(doc, 'Subtotal').y).toBeLessThan(total.y);
  });

  it('lets the first column without a width take the room the others leave', async () => {
    const doc = await renderLayout({ body: [table] }, { order: { items: items(2) } });
    const qty = boxOf(doc, 'Qty');
    expect(qty.x).toBeGreaterThan(54 + 504 / 2);
    expect(boxOf(doc, 'Description').x).toBeCloseTo(54 + 6);
  });

  it('repeats the header on every page and never cuts a row', async () => {
    const doc = await renderLayout({ body: [table] }, { order: { items: items(60).map((item) => ({ ...item, name: `${item.name} with a description long enough to wrap onto a second line of the first column, twice over` })) } });
    expect(doc.pageCount).toBeGreaterThan(1);
    const headers = boxesOf(doc, 'Description');
    expect(headers.map((box) => box.page)).toEqual(Array.from({ length: doc.pageCount }, (_, page) => page));
    for (let i = 1; i <= 60; i++) {
      const lines = doc.textBoxes.filter((box) => box.text.startsWith(`Item ${i} `) || box.text === `€${(10 * i).toFixed(2)}`);
      expect(new Set(lines.map((box) => box.page)).size).toBe(1);
    }
  });

  it('shows one row for an empty or missing array', async () => {
    const doc = await renderLayout({ body: [{ ...table, empty: 'No items' }] }, { order: {} });
    expect(boxesOf(doc, 'No items')).toHaveLength(1);
  });

  it('refuses rows that are not an array, naming the property', async () => {
    const rendering = renderLayout({ body: [{ type: 'spacer', height: 1 }, table] }, { order: { items: 'many' } });
    await expect(rendering).rejects.toThrow(new InvalidDocumentData('layout.body[1].rows must name an array, not a string'));
    await expect(renderLayout({ body: [table] }, { order: { items: 'many' } })).rejects.toBeInstanceOf(InvalidDocumentData);
  });
});
