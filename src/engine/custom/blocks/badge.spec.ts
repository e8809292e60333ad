import { boxOf, boxesOf, renderLayout } from '../../../../test/support/custom-render';

describe('badge block', () => {
  it('draws its text in a pill, aligned as asked', async () => {
    const doc = await renderLayout({ body: [{ type: 'badge', text: '{{ status }}', align: 'right' }, { type: 'badge', text: 'Draft', color: '#7c3aed' }] }, { status: 'Paid' });
    const paid = boxOf(doc, 'Paid');
    // The pill's padding (5 pt) is between the text and the right edge.
    expect(paid.x + paid.width).toBeCloseTo(558 - 5);
    expect(boxOf(doc, 'Draft').x).toBeCloseTo(54 + 5);
  });

  it('draws nothing for empty text', async () => {
    const doc = await renderLayout({ body: [{ type: 'badge', text: '{{ status }}' }, { type: 'text', text: 'After' }] });
    expect(boxesOf(doc, 'After')[0].y).toBe(54);
  });
});
