import { boxOf, renderLayout } from '../../../../test/support/custom-render';

describe('box block', () => {
  it('insets its blocks by the padding', async () => {
    const doc = await renderLayout({ body: [{ type: 'box', padding: 12, background: '#f3f4f6', blocks: [{ type: 'text', text: 'Inside' }] }, { type: 'text', text: 'After' }] });
    const inside = boxOf(doc, 'Inside');
    expect(inside).toMatchObject({ x: 54 + 12, y: 54 + 12 });
    expect(boxOf(doc, 'After').y).toBeCloseTo(inside.y + inside.height + 12 + 5);
  });

  it('keeps its blocks together on one page', async () => {
    const lines = Array.from({ length: 6 }, (_, i) => ({ type: 'text', text: `Line ${i + 1}` }));
    const doc = await renderLayout({ body: [{ type: 'spacer', height: 600 }, { type: 'box', border: { color: '#ff0000', width: 2 }, blocks: lines }] });
    expect(lines.map((line) => boxOf(doc, line.text).page)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(boxOf(doc, 'Line 1').y).toBe(54 + 10);
  });
});
