import { boxOf, renderLayout } from '../../../../test/support/custom-render';

describe('pageBreak block', () => {
  it('continues on a new page', async () => {
    const doc = await renderLayout({ body: [{ type: 'text', text: 'One' }, { type: 'pageBreak' }, { type: 'text', text: 'Two' }] });
    expect(doc.pageCount).toBe(2);
    expect(boxOf(doc, 'Two')).toMatchObject({ page: 1, y: 54 });
  });

  it('makes no empty page at the top of a page or after a heading', async () => {
    const doc = await renderLayout({
      body: [
        { type: 'pageBreak' },
        { type: 'each', items: 'chapters', blocks: [{ type: 'if', condition: 'forloop.index > 1', blocks: [{ type: 'pageBreak' }] }, { type: 'text', text: '{{ item }}', style: 'heading' }] },
      ],
    }, { chapters: ['A', 'B', 'C'] });
    expect(doc.pageCount).toBe(3);
    expect(['A', 'B', 'C'].map((text) => boxOf(doc, text).page)).toEqual([0, 1, 2]);
  });

  it('has no effect inside a box', async () => {
    const doc = await renderLayout({ body: [{ type: 'box', blocks: [{ type: 'text', text: 'In' }, { type: 'pageBreak' }, { type: 'text', text: 'Box' }] }] });
    expect(doc.pageCount).toBe(1);
  });
});
