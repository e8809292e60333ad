import { InvalidDocumentData } from '../../errors';
import { boxOf, renderLayout } from '../../../../test/support/custom-render';

describe('progress block', () => {
  const layout = { body: [{ type: 'progress', value: '{{ done }}', label: 'Delivery' }] };

  it('draws its label and the percentage at the right of the bar', async () => {
    const doc = await renderLayout(layout, { done: 62 });
    const percent = boxOf(doc, '62%');
    expect(percent.x + percent.width).toBeCloseTo(558);
    expect(boxOf(doc, 'Delivery').y).toBeLessThan(percent.y);
  });

  it('draws values beyond 0 to 100 at the nearest end and refuses what is not a number', async () => {
    expect(boxOf(await renderLayout(layout, { done: 140 }), '100%')).toBeDefined();
    expect(boxOf(await renderLayout(layout, { done: '12.5%' }), '12.5%')).toBeDefined();
    await expect(renderLayout(layout, { done: 'lots' })).rejects.toThrow(new InvalidDocumentData('layout.body[0].value must give a number from 0 to 100, not "lots"'));
  });
});
