import { boxOf, boxesOf, renderLayout } from '../../../../test/support/custom-render';

describe('keyValue block', () => {
  const layout = {
    body: [
      {
        type: 'keyValue',
        items: [
          { key: 'Invoice number', value: '{{ number }}' },
          { key: 'Due date', value: '{{ due | date: "%d %b %Y" }}' },
          { key: 'PO', value: '{{ po }}' },
        ],
      },
    ],
  };

  it('puts each label at the left and its value at the right, one pair a line', async () => {
    const doc = await renderLayout(layout, { number: 'INV-7', due: '2025-04-02', po: 'PO-1' });
    const [label, value] = [boxOf(doc, 'Invoice number'), boxOf(doc, 'INV-7')];
    expect(label.x).toBe(54);
    expect(value.x + value.width).toBeCloseTo(558);
    expect(value.y).toBe(label.y);
    expect(boxOf(doc, '02 Apr 2025').y).toBeGreaterThan(value.y);
  });

  it('leaves out pairs whose value is empty', async () => {
    const doc = await renderLayout(layout, { number: 'INV-8' });
    expect(boxesOf(doc, 'Due date')).toHaveLength(0);
    expect(boxesOf(doc, 'PO')).toHaveLength(0);
    expect(boxesOf(doc, 'INV-8')).toHaveLength(1);
  });
});
