import { boxOf, renderLayout } from '../../../../test/support/custom-render';

describe('spacer block', () => {
  it('adds empty space of its height', async () => {
    const doc = await renderLayout({ body: [{ type: 'spacer', height: 100 }, { type: 'text', text: 'After' }] });
    expect(boxOf(doc, 'After')).toMatchObject({ page: 0, y: 54 + 100 });
  });

  it('moves what follows to the next page when the page is full, and is never taller than a page', async () => {
    const doc = await renderLayout({ body: [{ type: 'text', text: 'First' }, { type: 'spacer', height: 2000 }, { type: 'text', text: 'After' }] });
    expect(doc.pageCount).toBe(3);
    expect(boxOf(doc, 'After').page).toBe(2);
  });
});
