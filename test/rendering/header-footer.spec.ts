import { TEMPLATE_SAMPLES } from '../../src/templates/samples';
import { LAYOUT_HYPHEN } from '../../src/engine/toolkit/text-wrap';
import { boxesOutsidePage, overlappingBoxes, pageTexts, render } from './render-helpers';

const longInvoice = {
  ...TEMPLATE_SAMPLES['invoice-basic'],
  items: Array.from({ length: 80 }, (_, i) => ({ description: `Item ${i + 1}`, quantity: 1, unitPrice: 1 })),
};

describe('header and footer', () => {
  it('draws the default "Page N of M" footer on every page', async () => {
    const texts = pageTexts((await render('invoice-basic', longInvoice)).pdf);
    expect(texts.length).toBeGreaterThan(2);
    texts.forEach((text, i) => expect(text).toContain(`Page ${i + 1} of ${texts.length}`));
  });

  it('fills the placeholders of custom templates on every page and ignores scripts', async () => {
    const doc = await render('invoice-basic', longInvoice, {
      headerTemplate: '<div style="text-align:right"><b>ACME</b> <span class="title"></span><script>document.write("x")</script></div>',
      footerTemplate: '<p style="font-size:9px"><span class="pageNumber"></span>/<span class="totalPages"></span> printed <span class="date"></span></p>',
    });
    const texts = pageTexts(doc.pdf);
    const today = new Date().toISOString().slice(0, 10);
    texts.forEach((text, i) => {
      expect(text).toContain('ACME Invoice INV-2025-0142');
      expect(text).toContain(`${i + 1}/${texts.length} printed ${today}`);
      expect(text).not.toContain('document.write');
    });
    expect(overlappingBoxes(doc)).toEqual([]);
  });

  it('draws no caller template when displayHeaderFooter is false (the document numbers its own pages, section 12)', async () => {
    const texts = pageTexts((await render('invoice-basic', longInvoice, { displayHeaderFooter: false, footerTemplate: '<span>FOOT</span>' })).pdf);
    for (const text of texts) expect(text).not.toMatch(/FOOT/);
  });

  it('draws nothing in the margins of a one-page document when displayHeaderFooter is false', async () => {
    const doc = await render('invoice-basic', TEMPLATE_SAMPLES['invoice-basic'], { displayHeaderFooter: false, footerTemplate: '<span>FOOT</span>' });
    expect(doc.pageCount).toBe(1);
    expect(pageTexts(doc.pdf)[0]).not.toMatch(/Page \d+ of|FOOT/);
  });

  it.each([
    ['zero top and bottom margins', { top: '0', right: '0.5in', bottom: '0', left: '0.5in' }],
    ['a bottom margin smaller than the footer', { top: '0.5in', right: '0.5in', bottom: '4pt', left: '0.5in' }],
  ])('keeps the default footer and a header template with %s, making room for them', async (_name, margin) => {
    const doc = await render('invoice-basic', longInvoice, { margin, headerTemplate: '<div>HEAD <span class="title"></span></div>' });
    const texts = pageTexts(doc.pdf);
    texts.forEach((text, i) => {
      expect(text).toContain(`Page ${i + 1} of ${texts.length}`);
      expect(text).toContain('HEAD Invoice INV-2025-0142');
    });
    expect(boxesOutsidePage(doc)).toEqual([]);
    expect(overlappingBoxes(doc)).toEqual([]);
  });

  it('breaks a word longer than the footer with hyphens and keeps every character', async () => {
    const word = 'Grundstücksverkehrsgenehmigungszuständigkeitsübertragungsamt'.repeat(4);
    const doc = await render('invoice-basic', TEMPLATE_SAMPLES['invoice-basic'], { footerTemplate: `<div>${word}</div>` });
    const footer = doc.runningBoxes.map((box) => box.text).join('');
    expect(footer).toContain(LAYOUT_HYPHEN);
    expect(footer.replaceAll(LAYOUT_HYPHEN, '')).toBe(word);
    expect(boxesOutsidePage(doc)).toEqual([]);
  });
});
