import { TEMPLATE_SAMPLES } from '../../src/templates/samples';
import { overlappingBoxes, pageTexts, render } from './render-helpers';

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

  it('draws nothing in the margins when displayHeaderFooter is false', async () => {
    const texts = pageTexts((await render('invoice-basic', longInvoice, { displayHeaderFooter: false, footerTemplate: '<span>FOOT</span>' })).pdf);
    for (const text of texts) expect(text).not.toMatch(/Page \d+ of|FOOT/);
  });
});
