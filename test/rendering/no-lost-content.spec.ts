import { PdfOptions } from '../../src/engine/page/pdf-options';
import { LAYOUT_HYPHEN } from '../../src/engine/toolkit/text-wrap';
import { expectedValues } from './expected-values';
import { HOSTILE_CASES } from './hostile-data';
import { boxesOutsidePage, contentPages, overlappingBoxes, readingOrderText, render, squash, wordsOf } from './render-helpers';

/**
 * DECISIONS section 12: customer content is never dropped or cut. Every template renders hostile
 * data (hostile-data.ts) in several page layouts, and every value the data sent must be found
 * whole in the PDF's text, with no text box off the page and none overlapping another.
 *
 * The API has no A5 or A6 format: their content frames (A5 with 0.5in margins, A6 with 0.4in) are
 * made on A4 with margins that leave a frame of the same size.
 */
const LAYOUTS: Array<[name: string, options: Partial<PdfOptions>]> = [
  ['Letter', { format: 'Letter', orientation: 'portrait', margin: { top: '0.75in', right: '0.75in', bottom: '0.75in', left: '0.75in' } }],
  ['A4, 1.5in margins', { format: 'A4', orientation: 'portrait', margin: { top: '1.5in', right: '1.5in', bottom: '1.5in', left: '1.5in' } }],
  ['A5-sized frame', { format: 'A4', orientation: 'portrait', margin: { top: '141.3pt', right: '105.9pt', bottom: '141.3pt', left: '105.9pt' } }],
  ['A6-sized frame', { format: 'A4', orientation: 'portrait', margin: { top: '240pt', right: '177.6pt', bottom: '240pt', left: '177.6pt' } }],
  ['Letter landscape, margin 0', { format: 'Letter', orientation: 'landscape', margin: { top: '0', right: '0', bottom: '0', left: '0' } }],
];

const CASES = HOSTILE_CASES.flatMap(([templateId, dataName, data]) =>
  LAYOUTS.flatMap(([layoutName, options]) =>
    [false, true].map((displayHeaderFooter) => [templateId, dataName, layoutName, displayHeaderFooter ? 'with' : 'without', data, { ...options, displayHeaderFooter }] as const),
  ),
);

const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;
/** Bidi controls pdftotext puts around right-to-left runs. */
const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Right-to-left text is drawn in visual order (shaped and joined: a lam-alef is one glyph), which
 * -raw extraction reads as drawn: a value with Hebrew or Arabic counts as found when each of its
 * words is, a right-to-left word spelled as sent in pdftotext's reading-order mode, any other
 * word as the rest of this test finds values.
 */
function found(pages: PageText[], value: string, logicalWords: () => Set<string>): boolean {
  if (foundWhole(pages, squash(value))) return true;
  if (!RTL.test(value)) return false;
  return value
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => (RTL.test(word) ? wordsOf(word).every((part) => logicalWords().has(part)) : foundWhole(pages, squash(word))));
}

/** The document's text, page by page, and the lines the layout drew on each page (squashed, without inserted hyphens). */
interface PageText {
  text: string;
  lines: string[];
}

/**
 * On one page, or run on across pages: cut where a page ends, the value's part on each page is
 * its longest prefix found there, and each cut falls at the end of a drawn line on one page and
 * the start of one on the next (a table row that continues on the next page has the repeated
 * header row between its parts; the line check keeps short prefixes found anywhere from counting).
 */
function foundWhole(pages: PageText[], value: string): boolean {
  if (pages.some((page) => page.text.includes(value))) return true;
  return pages.some((_, first) => {
    let rest = value;
    for (let page = first; page < pages.length; page++) {
      const taken = longestPrefixIn(pages[page].text, rest);
      const part = rest.slice(0, taken);
      if (taken === 0 || (page > first && !pages[page].lines.some((line) => part.startsWith(line) || line.startsWith(part)))) return false;
      if (taken === rest.length) return true;
      if (!pages[page].lines.some((line) => part.endsWith(line) || line.endsWith(part))) return false;
      rest = rest.slice(taken);
    }
    return false;
  });
}

/** Length of the longest prefix of `value` found in `text` (a longer prefix found means every shorter one is). */
function longestPrefixIn(text: string, value: string): number {
  let low = 0;
  let high = value.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (text.includes(value.slice(0, middle))) low = middle;
    else high = middle - 1;
  }
  return low;
}

describe.each(CASES)('%s (%s) on %s, %s displayHeaderFooter', (templateId, _data, _layout, _dhf, data, options) => {
  it('prints every value whole, keeps text on the page and never overlaps it', async () => {
    const doc = await render(templateId, data, options);
    const content = doc.textBoxes.slice(0, doc.textBoxes.length - doc.runningBoxes.length);
    const pages = contentPages(doc).map((page, index) => ({
      text: page.replace(BIDI_CONTROLS, ''),
      lines: content.filter((box) => box.page === index).map((box) => squash(box.text.replaceAll(LAYOUT_HYPHEN, ''))).filter(Boolean),
    }));
    let logical: Set<string> | undefined;
    const logicalWords = () => (logical ??= new Set(wordsOf(readingOrderText(doc.pdf))));
    expect(expectedValues(templateId, data).filter((value) => !found(pages, value, logicalWords))).toEqual([]);
    expect(boxesOutsidePage(doc)).toEqual([]);
    expect(overlappingBoxes(doc)).toEqual([]);
  });
});
