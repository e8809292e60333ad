import { boxOf, renderLayout } from '../../../../test/support/custom-render';

describe('columns block', () => {
  it('sizes columns in percentages, shares and points, with the gap between them', async () => {
    const column = (width: unknown, text: string) => ({ width, blocks: [{ type: 'text', text }] });
    const doc = await renderLayout({ body: [{ type: 'columns', columns: [column('60%', 'A'), column('1fr', 'B'), column(120, 'C')] }] });
    // 504 pt wide, two gaps of 16: 472 to share; C takes 120, A 60% of 472, B the rest.
    expect(boxOf(doc, 'A').x).toBeCloseTo(54);
    expect(boxOf(doc, 'B').x).toBeCloseTo(54 + 283.2 + 16);
    expect(boxOf(doc, 'C').x).toBeCloseTo(54 + 283.2 + 16 + 68.8 + 16);
    for (const text of ['A', 'B', 'C']) expect(boxOf(doc, text).y).toBe(54);
  });

  it('shares the width equally by default and wraps each column in its own width', async () => {
    const long = 'lorem ipsum '.repeat(40).trim();
    const doc = await renderLayout({ body: [{ type: 'columns', gap: 20, columns: [{ blocks: [{ type: 'text', text: long }] }, { blocks: [{ type: 'text', text: 'Right column' }] }] }] });
    const left = doc.textBoxes.filter((box) => box.text.startsWith('lorem'));
    expect(left.length).toBeGreaterThan(3);
    for (const line of left) expect(line.x + line.width).toBeLessThanOrEqual(54 + 242 + 0.01);
    expect(boxOf(doc, 'Right column').x).toBeCloseTo(54 + 242 + 20);
  });

  it('keeps a row of columns on one page', async () => {
    const doc = await renderLayout({
      body: [
        { type: 'spacer', height: 650 },
        { type: 'columns', columns: [{ blocks: [{ type: 'text', text: 'One' }, { type: 'text', text: 'Two' }, { type: 'text', text: 'Three' }] }, { blocks: [{ type: 'text', text: 'Beside' }] }] },
      ],
    });
    expect(['One', 'Two', 'Three', 'Beside'].map((text) => boxOf(doc, text).page)).toEqual([1, 1, 1, 1]);
  });
});
