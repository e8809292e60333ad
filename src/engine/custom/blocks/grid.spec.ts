import { boxOf, renderLayout } from '../../../../test/support/custom-render';
import { firstPagePng } from '../../../../test/visual/first-page-png';
import { decodePng } from '../../../../test/visual/png';

/** First and last rows (at 72 dpi: points) where the page is red in the pixel column at `x` points. */
function redExtent(pdf: Buffer, x: number): [number, number] {
  const page = decodePng(firstPagePng(pdf, 72));
  const rows: number[] = [];
  for (let y = 0; y < page.height; y++) {
    const at = (y * page.width + Math.round(x)) * page.channels;
    if (page.pixels[at] > 200 && page.pixels[at + 1] < 60 && page.pixels[at + 2] < 60) rows.push(y);
  }
  return [rows[0], rows[rows.length - 1]];
}

describe('grid block', () => {
  it('lays the elements out in rows of equal cells', async () => {
    const doc = await renderLayout({ body: [{ type: 'grid', items: 'cards', as: 'card', columns: 2, gap: 10, blocks: [{ type: 'text', text: '{{ card }}' }] }] }, { cards: ['A', 'B', 'C', 'D', 'E'] });
    const [a, b, c, e] = ['A', 'B', 'C', 'E'].map((text) => boxOf(doc, text));
    expect(a.x).toBe(54);
    expect(b.x).toBeCloseTo(54 + (504 - 10) / 2 + 10);
    expect(b.y).toBe(a.y);
    expect(c.x).toBe(54);
    expect(c.y).toBeGreaterThan(a.y);
    expect(e.y).toBeGreaterThan(c.y);
  });

  it('draws the boxes of a row as tall as the row, nested boxes and what follows them included', async () => {
    // The inner (red) box covers the outer (blue) one when both stretch.
    const tile = (inner: string) => ({ type: 'box', background: '#0000ff', padding: 0, blocks: [{ type: 'box', background: '#ff0000', padding: 6, blocks: [{ type: 'text', text: inner }] }] });
    const layout = {
      body: [{ type: 'grid', items: 'cards', columns: 2, blocks: [{ type: 'if', condition: 'forloop.first', blocks: [tile('Short')], else: [tile('Long text '.repeat(40))] }, { type: 'text', text: '{{ item }} end' }] }],
    };
    const doc = await renderLayout(layout, { cards: ['A', 'B'] });
    // Cells are (504 - 10) / 2 wide: a pixel column inside each.
    const [left, right] = [58, 58 + 257].map((x) => redExtent(doc.pdf, x));
    expect(right[1] - right[0]).toBeGreaterThan(60);
    expect(left).toEqual(right);
    expect(boxOf(doc, 'A end').y).toBe(boxOf(doc, 'B end').y);
  });

  it('keeps each row whole, breaking pages between rows', async () => {
    const doc = await renderLayout(
      { body: [{ type: 'spacer', height: 660 }, { type: 'grid', items: 'cards', columns: 2, blocks: [{ type: 'text', text: '{{ item }} top' }, { type: 'text', text: '{{ item }} bottom' }] }] },
      { cards: ['A', 'B'] },
    );
    expect(['A top', 'A bottom', 'B top', 'B bottom'].map((text) => boxOf(doc, text).page)).toEqual([1, 1, 1, 1]);
  });
});
