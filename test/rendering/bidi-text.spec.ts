import { writeFileSync } from 'node:fs';
import { TEMPLATE_SAMPLES } from '../../src/templates/samples';
import { RenderedDocument } from '../../src/engine/render-document';
import { TextBox } from '../../src/engine/toolkit/canvas';
import { renderLayout } from '../support/custom-render';
import { overlappingBoxes, readingOrderText, render, wordsOf } from './render-helpers';

/**
 * Right-to-left text (DECISIONS section 12): Hebrew mixed with numbers and Latin, Arabic with
 * Arabic-Indic digits, Persian digits. Glyphs are drawn in visual order with ToUnicode maps, the
 * way extractors expect: pdftotext (poppler 22.12) puts RTL lines back in logical order with its
 * own bidi pass. That pass is a heuristic (it places neutrals and numbers next to RTL words its
 * own way, and reverses an /ActualText of RTL characters as if it were visual, so line-level
 * /ActualText is not used for RTL), so whole lines are compared where they have no neutrals
 * between runs, and elsewhere every word must come out spelled in logical order.
 * The layout's own record (text boxes) has the exact logical text of every line.
 * RTL lines sit at the right of their boxes. BIDI_PDF_DIR=/tmp/x writes the PDFs there.
 */
const HEBREW_COMPANY = 'אקמה הפקות בע"מ';
const HEBREW_MIXED = 'עריכה 4 שבועות (Avid Media Composer) 2024';
const ARABIC = 'شركة النور للتجارة';
const ARABIC_DIGITS = 'تصميم الشعار ١٢ ساعة';
const PERSIAN = 'طراحی ۱۲۵۰ صفحه';
const LONG_HEBREW =
  'תודה שבחרתם באקמה הפקות: החשבונית כוללת עריכה, צבע ומיקס סאונד עבור הסרט Blue Horizon, בסך 12,800.00 ש"ח לתשלום עד 02/04/2025 (כולל מע"מ 17%).';

const text = (doc: RenderedDocument) => readingOrderText(doc.pdf);
/** Lines of pdftotext's output, spaces squeezed, for comparing whole lines. */
const lines = (doc: RenderedDocument) => text(doc).split('\n').map((line) => line.replace(/\s+/g, ' ').trim());
/** Every word of `value` is in the extracted text, spelled in logical order (a reversed RTL word would not be). */
const expectWordsOf = (extracted: string, value: string) => {
  const found = new Set(wordsOf(extracted));
  expect(wordsOf(value).filter((word) => !found.has(word))).toEqual([]);
};
const boxes = (doc: RenderedDocument, wanted: string) => doc.textBoxes.filter((box) => box.text === wanted);
const right = (box: TextBox) => box.x + box.width;

function keep(name: string, doc: RenderedDocument): void {
  if (process.env.BIDI_PDF_DIR) writeFileSync(`${process.env.BIDI_PDF_DIR}/${name}.pdf`, doc.pdf);
}

describe('right-to-left text in invoice-basic', () => {
  const sample = TEMPLATE_SAMPLES['invoice-basic'] as Record<string, unknown> & { items: Array<Record<string, unknown>>; company: object; client: object };
  const data = {
    ...sample,
    company: { ...sample.company, name: HEBREW_COMPANY },
    client: { ...sample.client, name: ARABIC },
    items: [
      { description: HEBREW_MIXED, quantity: 4, unitPrice: 3200, amount: 12800 },
      { description: ARABIC_DIGITS, quantity: 1, unitPrice: 2400, amount: 2400 },
      { description: PERSIAN, quantity: 2, unitPrice: 62.5, amount: 125 },
      { description: 'Courier, drive shipment to lab', quantity: 1, unitPrice: 513, amount: 513 },
      { description: 'والهوية تصميم', quantity: 1, unitPrice: 10, amount: 10 },
    ],
    notes: LONG_HEBREW,
  };
  let doc: RenderedDocument;
  beforeAll(async () => {
    doc = await render('invoice-basic', data);
    keep('invoice-basic-rtl', doc);
  });

  it('gives pdftotext the logical text of every RTL value, numbers and Latin included', () => {
    const extracted = lines(doc);
    for (const value of [HEBREW_COMPANY, ARABIC]) expect(extracted).toContain(value);
    // ARABIC_DIGITS and PERSIAN draw letters and digits that share glyphs (١ and ۱, a dotless tooth for
    // teh and yeh): each keeps its own character (fonts/pdf-subset-font.ts copyFor, font-face.ts freshGlyphs).
    for (const value of [HEBREW_MIXED, LONG_HEBREW, ARABIC_DIGITS, PERSIAN, 'والهوية تصميم']) expectWordsOf(text(doc), value);
    // The wrapped note's lines, as the layout drew them, join back into the note.
    expect(doc.textBoxes.map((box) => box.text).join(' ')).toContain(LONG_HEBREW);
  });

  it('keeps the text boxes in logical order (no direction marks)', () => {
    for (const value of [HEBREW_MIXED, ARABIC_DIGITS, PERSIAN]) expect(boxes(doc, value)).toHaveLength(1);
    expect(doc.textBoxes.some((box) => /[\u200e\u200f]/.test(box.text))).toBe(false);
  });

  it('right-aligns RTL item descriptions in their column, LTR ones stay left', () => {
    const [hebrew] = boxes(doc, HEBREW_MIXED);
    const [arabic] = boxes(doc, ARABIC_DIGITS);
    const [latin] = boxes(doc, 'Courier, drive shipment to lab');
    expect(Math.abs(right(hebrew) - right(arabic))).toBeLessThan(0.5);
    expect(right(hebrew)).toBeGreaterThan(right(latin) + 5);
    expect(hebrew.x).toBeGreaterThan(latin.x + 5);
  });
});

describe('right-to-left text in a custom template', () => {
  const layout = {
    body: [
      { type: 'text', text: '{{ title }}', style: 'title' },
      { type: 'text', text: '{{ note }}' },
      { type: 'text', text: '{{ arabic }}' },
      { type: 'text', text: '{{ english }}' },
      { type: 'text', text: '{{ title }}', align: 'left' },
      {
        type: 'table',
        rows: 'items',
        as: 'item',
        columns: [
          { header: 'תיאור', cell: '{{ item.name }}' },
          { header: 'סכום', cell: '{{ item.amount }}', align: 'right', width: 90 },
        ],
      },
      { type: 'keyValue', items: [{ key: 'לקוח', value: '{{ arabic }}' }] },
    ],
  };
  const data = {
    title: HEBREW_COMPANY,
    note: LONG_HEBREW,
    arabic: 'مرحبا بكم في شركة النور (فرع الرياض) رقم ١٢٣',
    english: 'Reference: שלום עולם, order 42',
    items: [
      { name: HEBREW_MIXED, amount: '12,800.00' },
      { name: PERSIAN, amount: '125.00' },
    ],
  };
  let doc: RenderedDocument;
  const contentRight = 612 - 54;
  beforeAll(async () => {
    doc = await renderLayout(layout, data);
    keep('custom-rtl', doc);
  });

  it('gives pdftotext the logical text, wrapped lines in order', () => {
    expect(lines(doc)).toContain(HEBREW_COMPANY);
    for (const value of [data.english, HEBREW_MIXED, LONG_HEBREW]) expectWordsOf(text(doc), value);
    expect(doc.textBoxes.map((box) => box.text).join(' ')).toContain(LONG_HEBREW);
    expect(doc.textBoxes.map((box) => box.text)).toEqual(expect.arrayContaining([data.arabic, data.english, HEBREW_MIXED, PERSIAN]));
  });

  it('reads mirrored brackets back as the characters sent', () => {
    // Drawn mirrored in the right-to-left run, each bracket glyph maps to the bracket of the data.
    expect(text(doc)).toContain('(فرع الرياض)');
  });

  it('right-aligns every line of an RTL paragraph, a line that starts with Latin or a figure included', () => {
    const noteLines = doc.textBoxes.filter((box) => LONG_HEBREW.includes(box.text) && /[\u05d0-\u05ea]/.test(box.text) && box.text !== HEBREW_COMPANY);
    expect(noteLines.length).toBeGreaterThan(1);
    for (const box of noteLines) expect(Math.abs(right(box) - contentRight)).toBeLessThan(0.5);
    const title = boxes(doc, HEBREW_COMPANY);
    expect(title).toHaveLength(2);
    // Default alignment: right; an explicit `align: left` is kept.
    expect(Math.abs(right(title[0]) - contentRight)).toBeLessThan(0.5);
    expect(Math.abs(title[1].x - 54)).toBeLessThan(0.5);
  });

  it('keeps an LTR paragraph with an RTL word left-aligned', () => {
    const [english] = boxes(doc, data.english);
    expect(Math.abs(english.x - 54)).toBeLessThan(0.5);
  });

  it('right-aligns RTL table cells and key-value values', () => {
    const [cell] = boxes(doc, HEBREW_MIXED);
    const [header] = boxes(doc, 'תיאור');
    expect(Math.abs(right(cell) - right(header))).toBeLessThan(0.5);
    expect(cell.x).toBeGreaterThan(60);
  });
});

describe('right-to-left header and footer', () => {
  it('draws an RTL footer right-aligned with its text in logical order', async () => {
    const footer = '<div>עמוד <span class="pageNumber"></span> מתוך <span class="totalPages"></span></div>';
    const doc = await render('invoice-basic', TEMPLATE_SAMPLES['invoice-basic'] as Record<string, unknown>, { displayHeaderFooter: true, footerTemplate: footer, headerTemplate: '<div>Acme · <b>חשבונית</b> 2025</div>' });
    keep('header-footer-rtl', doc);
    expectWordsOf(text(doc), 'עמוד 1 מתוך 1');
    expectWordsOf(text(doc), 'Acme · חשבונית 2025');
    const [box] = boxes(doc, 'עמוד 1 מתוך 1');
    expect(box).toBeDefined();
    expect(Math.abs(right(box) - (612 - 54))).toBeLessThan(0.5);
  });
});

describe('right-to-left legend labels', () => {
  it('start after their own swatches, each in its place (a fuzz counterexample drew two at the row end)', async () => {
    const label = 'עברית ו-العربية';
    const doc = await render('calendar-schedule', { legend: { shoot: label, post: label }, months: [{ y: 2024, m: 1 }] }, { displayHeaderFooter: false });
    const drawn = boxes(doc, label);
    expect(drawn).toHaveLength(2);
    expect(overlappingBoxes(doc)).toEqual([]);
    expect(drawn[1].x).toBeGreaterThan(drawn[0].x + drawn[0].width);
  });
});
