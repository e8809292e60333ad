import { TEMPLATE_SAMPLES } from '../../src/templates/samples';
import { LAYOUT_HYPHEN } from '../../src/engine/toolkit/text-wrap';
import { pageTexts, poppler, render, squash } from './render-helpers';

/**
 * Narrow layouts keep figures and table headers whole (the type of the table shrinks first), and
 * a word broken across lines carries a hyphen. The API has no A6 format: A6 pages with 0.4in and
 * 0.75in margins leave frames of 240 x 362 and 190 x 312 pt, made here on A4 with wide margins.
 */
const NARROW = [
  ['an A6-sized frame', { format: 'A4' as const, margin: { top: '240pt', right: '177.6pt', bottom: '240pt', left: '177.6pt' } }],
  ['the frame of A6 with 0.75in margins', { format: 'A4' as const, margin: { top: '265pt', right: '202.6pt', bottom: '265pt', left: '202.6pt' } }],
  ['A4 with 1.5in margins', { format: 'A4' as const, margin: { top: '1.5in', right: '1.5in', bottom: '1.5in', left: '1.5in' } }],
  ['Letter with 2.5in side margins', { format: 'Letter' as const, margin: { top: '0.75in', right: '2.5in', bottom: '0.75in', left: '2.5in' } }],
] as const;

describe.each(NARROW)('the sample invoice in %s', (_name, options) => {
  it('never breaks inside a number or a header word', async () => {
    const doc = await render('invoice-basic', TEMPLATE_SAMPLES['invoice-basic'], options);
    const words = pageTexts(doc.pdf).join('\n').split(/\s+/);
    for (const whole of ['1,450.00', '3,200.00', '12,800.00', 'Description', 'Amount']) {
      expect(words).toContain(whole);
      expect(doc.textBoxes.some((box) => box.text.split(/\s+/).includes(whole))).toBe(true);
    }
    const table = doc.textBoxes.filter((box) => /^[\d,.]+$/.test(box.text) || ['Description', 'Qty', 'Amount'].includes(box.text));
    expect(table.filter((box) => box.text.includes(LAYOUT_HYPHEN))).toEqual([]);
  });
});

describe('a word wider than its column', () => {
  it('is broken with a visible hyphen and reads whole once the hyphens are joined', async () => {
    const word = 'Grundstücksverkehrsgenehmigungszuständigkeitsübertragungsamt';
    const data = { ...TEMPLATE_SAMPLES['invoice-basic'], notes: `See ${word} for details.` };
    const doc = await render('invoice-basic', data, NARROW[0][1]);
    const broken = doc.textBoxes.filter((box) => box.text.endsWith(LAYOUT_HYPHEN));
    expect(broken.length).toBeGreaterThan(0);
    expect(poppler('pdftotext', doc.pdf, ['-layout'])).toContain(LAYOUT_HYPHEN);
    expect(squash(poppler('pdftotext', doc.pdf))).toContain(squash(`See ${word} for details.`));
  });
});
