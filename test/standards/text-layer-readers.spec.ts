import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { readingOrderText, render, withPdfFile } from '../rendering/render-helpers';
import { SCRIPT_INVOICES } from './script-invoices';

/**
 * DECISIONS section 12: every glyph drawn has a Unicode mapping, so copy and paste and screen
 * readers give back the text sent. Two readers read each invoice's text layer, and every name,
 * description and note comes back whole, with no character inside a word that the data did not
 * send (pdf.js reads an unmapped code as its own number: "الأ/هرام", "پ,ژ*و" before the glyphs a
 * font splits off a letter were joined to it; a reordered Devanagari ि read "िफ़ल्म"):
 * - pdf.js (Firefox's reader, test/support/pdf-structure.mjs), which by design leaves format
 *   characters (ZWJ, ZWNJ) out of its text: compared without them;
 * - poppler's pdftotext in its reading-order mode, which keeps them: compared with them, and
 *   without combining marks, which its layout pass merges into the base glyph they overlap
 *   (the tanween of "يومًا" drawn over the alef) or drops.
 */
const PDF_STRUCTURE = path.resolve(__dirname, '../support/pdf-structure.mjs');

function pdfjsText(pdf: Buffer): string {
  const out = withPdfFile(pdf, (file) => execFileSync('node', [PDF_STRUCTURE, file], { encoding: 'utf8', maxBuffer: 64 << 20 }));
  const { pages } = JSON.parse(out) as { pages: Array<{ items: Array<{ str?: string }> }> };
  return pages.flatMap((page) => page.items.map((item) => item.str ?? '')).join('\n');
}

/**
 * The words of a text as compared: NFKC (pdf.js reads the ligature ﬁ as "fi"), without the
 * punctuation at a word's edges (a period or bracket beside right-to-left text is drawn from
 * another face, and pdf.js reads it as an item of its own).
 */
const words = (text: string) =>
  text
    .normalize('NFKC')
    .replace(/\u00AD/gu, '')
    .split(/\s+/u)
    .map((word) => word.replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, ''))
    .filter(Boolean);

describe.each(SCRIPT_INVOICES)('the text layer of an invoice in $name text', ({ data }) => {
  const company = (data.company as { name: string }).name;
  const client = (data.client as { name: string }).name;
  const sent = [company, client, data.notes as string, ...(data.items as Array<{ description: string }>).map((item) => item.description)];

  /** The words sent that the text read does not give back (a word wrapped over two lines is whole again without white space). */
  const missing = (text: string, expected: string[]) => {
    const read = new Set(words(text));
    const joined = text.normalize('NFKC').replace(/\s+/gu, '');
    return expected.flatMap(words).filter((word) => !read.has(word) && !joined.includes(word));
  };

  it('gives every word sent back to pdf.js', async () => {
    const text = pdfjsText((await render('invoice-basic', data)).pdf);
    expect(missing(text, sent.map((value) => value.replace(/\p{Cf}/gu, '')))).toEqual([]);
  });

  it('gives every word sent back to pdftotext, ZWJ and ZWNJ included', async () => {
    const noMarks = (value: string) => value.normalize('NFD').replace(/\p{Mn}/gu, '');
    const text = readingOrderText((await render('invoice-basic', data)).pdf);
    expect(missing(noMarks(text), sent.map(noMarks))).toEqual([]);
  });
});
