import { InvalidDocumentData } from '../../errors';
import { pageText, renderLayout } from '../../../../test/support/custom-render';

describe('each block', () => {
  it('draws its blocks once per element, the element under its name, with forloop', async () => {
    const layout = {
      body: [
        {
          type: 'each',
          items: 'sections',
          as: 'section',
          blocks: [
            { type: 'text', text: '{{ forloop.index }}/{{ forloop.length }} {{ section.title }}{% if forloop.last %} (last){% endif %}' },
            { type: 'each', items: 'section.points', blocks: [{ type: 'text', text: '- {{ item }} of {{ section.title }}' }] },
          ],
        },
      ],
    };
    const doc = await renderLayout(layout, { sections: [{ title: 'A', points: ['x', 'y'] }, { title: 'B', points: [] }] });
    expect(pageText(doc, 0)).toEqual(['1/2 A', '- x of A', '- y of A', '2/2 B (last)']);
  });

  it('draws nothing for a missing array and refuses one that is not an array', async () => {
    const layout = { body: [{ type: 'each', items: 'rows', blocks: [{ type: 'text', text: '{{ item }}' }] }, { type: 'text', text: 'end' }] };
    expect(pageText(await renderLayout(layout, {}), 0)).toEqual(['end']);
    await expect(renderLayout(layout, { rows: { a: 1 } })).rejects.toThrow(new InvalidDocumentData('layout.body[0].items must name an array, not an object'));
  });

  it('flows its elements over pages', async () => {
    const doc = await renderLayout({ body: [{ type: 'each', items: 'rows', blocks: [{ type: 'text', text: 'Row {{ item }}', style: 'heading' }] }] }, { rows: Array.from({ length: 100 }, (_, i) => i) });
    expect(doc.pageCount).toBeGreaterThan(2);
    expect(doc.textBoxes.map((box) => box.text)).toEqual(Array.from({ length: 100 }, (_, i) => `Row ${i}`));
  });
});
