import { pageText, renderLayout } from '../../../../test/support/custom-render';

describe('if block', () => {
  const layout = {
    body: [
      { type: 'if', condition: 'total > 100', blocks: [{ type: 'text', text: 'Large order' }], else: [{ type: 'text', text: 'Small order' }] },
      { type: 'if', condition: 'paid', blocks: [{ type: 'text', text: 'Paid' }] },
      { type: 'if', condition: 'notes != blank', blocks: [{ type: 'text', text: 'Notes: {{ notes }}' }] },
    ],
  };

  it('draws its blocks when the condition holds, else the else blocks', async () => {
    expect(pageText(await renderLayout(layout, { total: 150, paid: true, notes: 'Fragile' }), 0)).toEqual(['Large order', 'Paid', 'Notes: Fragile']);
    expect(pageText(await renderLayout(layout, { total: 50, paid: false, notes: '' }), 0)).toEqual(['Small order']);
  });

  it('treats missing values as false', async () => {
    expect(pageText(await renderLayout(layout, {}), 0)).toEqual(['Small order']);
  });
});
