import { boxOf, renderLayout } from '../../../../test/support/custom-render';

describe('divider block', () => {
  it('draws a rule with space above and below', async () => {
    const doc = await renderLayout({ body: [{ type: 'text', text: 'Above' }, { type: 'divider', color: '#1e3a8a' }, { type: 'text', text: 'Below' }] });
    const above = boxOf(doc, 'Above');
    expect(boxOf(doc, 'Below').y).toBeCloseTo(above.y + above.height + 12);
    expect(doc.pdf.length).toBeGreaterThan(0);
  });

  it('moves to the next page with what follows it, and the heading above it too', async () => {
    // 684 pt of body: the heading and the rule fit under the spacer, the paragraph does not.
    const body = [{ type: 'spacer', height: 640 }, { type: 'text', text: 'Risks', style: 'heading' }, { type: 'divider' }, { type: 'text', text: 'Line\nLine\nLine\nLine' }];
    const doc = await renderLayout({ body });
    expect(doc.pageCount).toBe(2);
    expect(boxOf(doc, 'Risks').page).toBe(1);
  });
});
