import { LAYOUTS } from '../../src/engine/documents/document-layouts';
import { defaultFurniture } from '../../src/engine/documents/page-furniture';
import { TemplateId } from '../../src/engine/templates/template.types';
import { TEMPLATE_SAMPLES } from '../../src/templates/samples';
import { boxesOutsidePage, overlappingBoxes, pageTexts, render } from './render-helpers';

/** DECISIONS section 12: a built-in document of more than one page numbers its pages and names itself on continuation pages. */

const MULTI_PAGE: Array<[TemplateId, Record<string, unknown>]> = [
  [
    'invoice-basic',
    {
      ...TEMPLATE_SAMPLES['invoice-basic'],
      items: Array.from({ length: 80 }, (_, i) => ({ description: `Item ${i + 1}`, quantity: 1, unitPrice: 1 })),
      subtotal: undefined,
      tax: undefined,
      total: undefined,
    },
  ],
  ['weekly-report', { ...TEMPLATE_SAMPLES['weekly-report'], projects: Array.from({ length: 6 }, () => (TEMPLATE_SAMPLES['weekly-report'].projects as unknown[])).flat() }],
  ['calendar-schedule', { ...TEMPLATE_SAMPLES['calendar-schedule'], months: [{ y: 2024, m: 3 }, { y: 2024, m: 4 }, { y: 2024, m: 5 }] }],
  [
    'kpi-dashboard',
    {
      ...TEMPLATE_SAMPLES['kpi-dashboard'],
      sections: Array.from({ length: 30 }, (_, i) => ({ title: `Section ${i + 1}`, content: 'Revenue grew on the strength of enterprise renewals. '.repeat(8) })),
    },
  ],
];

const NO_HEADER_FOOTER = { displayHeaderFooter: false };

/** The furniture the template draws for this data: its own, or the default. */
function furnitureOf(templateId: TemplateId, data: Record<string, unknown>) {
  const layout = LAYOUTS[templateId];
  return layout.furniture?.(data) ?? defaultFurniture(layout.title(data));
}

/** pdftotext -layout lines with runs of spaces collapsed. */
const lines = (text: string) => text.split('\n').map((line) => line.trim().replace(/\s+/g, ' '));

describe('running furniture and a long name', () => {
  it('wraps the name in the footer and header instead of shortening it, and never overlaps the content (DECISIONS section 12)', async () => {
    const invoiceNumber = `INV-2026-${'Überlange-Rechnungsnummer-mit-Projektbezug-'.repeat(4)}0001`;
    const [, data] = MULTI_PAGE[0];
    const doc = await render('invoice-basic', { ...data, invoiceNumber }, NO_HEADER_FOOTER);
    const running = doc.runningBoxes.map((box) => box.text);
    expect(running.some((text) => text.includes('…'))).toBe(false);
    // Each page's running text holds the whole name, in the footer and (from page 2) in the header.
    const perPage = new Map<number, string>();
    for (const box of doc.runningBoxes) perPage.set(box.page, `${perPage.get(box.page) ?? ''}${box.text}`);
    expect(perPage.size).toBeGreaterThan(1);
    for (const [page, text] of perPage) {
      const whole = text.replace(/\u2010/g, '');
      expect(whole.split(invoiceNumber).length - 1).toBe(page === 0 ? 1 : 2);
    }
    expect(boxesOutsidePage(doc)).toEqual([]);
    expect(overlappingBoxes(doc)).toEqual([]);
  });

  it('sets a name too long for a narrow frame in at most three compressed lines, whole and on the page (a fuzz counterexample)', async () => {
    const invoiceNumber = 'Supercalifragilisticexpialidocious'.repeat(6);
    const data = { invoiceNumber, client: { name: '' }, items: [{ description: '' }], notes: '', paymentInstructions: '' };
    const doc = await render('invoice-basic', data, { ...NO_HEADER_FOOTER, margin: { top: '3in', right: '4in', bottom: '3in', left: '4in' } });
    expect(doc.pageCount).toBeGreaterThan(1);
    expect(boxesOutsidePage(doc)).toEqual([]);
    expect(overlappingBoxes(doc)).toEqual([]);
    const footer = doc.runningBoxes.filter((box) => box.page === 1 && box.y > 600);
    expect(footer.length).toBeLessThanOrEqual(4);
    expect(doc.runningBoxes.filter((box) => box.page === 1).map((box) => box.text).join('')).toContain(invoiceNumber);
  });
});

describe.each(MULTI_PAGE)('%s of several pages', (templateId, data) => {
  it('numbers every page and names itself with "continued" on pages 2+', async () => {
    const doc = await render(templateId, data, NO_HEADER_FOOTER);
    const texts = pageTexts(doc.pdf);
    const furniture = furnitureOf(templateId, data);
    expect(texts.length).toBeGreaterThan(1);
    texts.forEach((text, i) => {
      const pageLines = lines(text);
      expect(pageLines.some((line) => line.startsWith(furniture.name) && line.endsWith(furniture.pageLabel(i + 1, texts.length)))).toBe(true);
      expect(pageLines.includes(`${furniture.name} · ${furniture.continued}`)).toBe(i > 0);
    });
    expect(boxesOutsidePage(doc)).toEqual([]);
    expect(overlappingBoxes(doc)).toEqual([]);
  });

  it('keeps its furniture with zero margins, insetting the content', async () => {
    const doc = await render(templateId, data, { ...NO_HEADER_FOOTER, margin: { top: '0', right: '0', bottom: '0', left: '0' } });
    const texts = pageTexts(doc.pdf);
    const furniture = furnitureOf(templateId, data);
    texts.forEach((text, i) => expect(text).toContain(furniture.pageLabel(i + 1, texts.length)));
    expect(boxesOutsidePage(doc)).toEqual([]);
    expect(overlappingBoxes(doc)).toEqual([]);
  });

  it("gives way to the caller's header and footer with displayHeaderFooter", async () => {
    const doc = await render(templateId, data, { displayHeaderFooter: true });
    const texts = pageTexts(doc.pdf);
    const furniture = furnitureOf(templateId, data);
    texts.forEach((text, i) => {
      expect(text).toContain(`Page ${i + 1} of ${texts.length}`);
      expect(text).not.toContain(`· ${furniture.continued}`);
      if (furniture.pageLabel(1, 2) !== 'Page 1 of 2') expect(text).not.toContain(furniture.pageLabel(i + 1, texts.length));
      else expect(text.split(`Page ${i + 1} of`).length - 1).toBe(1);
    });
  });
});

const ONE_PAGE: Array<[TemplateId, Record<string, unknown>]> = [
  ['invoice-basic', TEMPLATE_SAMPLES['invoice-basic']],
  ['weekly-report', { ...TEMPLATE_SAMPLES['weekly-report'], projects: (TEMPLATE_SAMPLES['weekly-report'].projects as unknown[]).slice(0, 1) }],
  ['calendar-schedule', { ...TEMPLATE_SAMPLES['calendar-schedule'], months: (TEMPLATE_SAMPLES['calendar-schedule'].months as unknown[]).slice(0, 1) }],
  ['kpi-dashboard', TEMPLATE_SAMPLES['kpi-dashboard']],
];

describe.each(ONE_PAGE)('%s on one page', (templateId, data) => {
  it('has no page furniture', async () => {
    const doc = await render(templateId, data, { ...NO_HEADER_FOOTER, orientation: templateId === 'calendar-schedule' ? 'landscape' : 'portrait' });
    expect(doc.pageCount).toBe(1);
    const furniture = furnitureOf(templateId, data);
    const text = pageTexts(doc.pdf)[0];
    expect(text).not.toContain(furniture.pageLabel(1, 1));
    expect(text).not.toContain(`· ${furniture.continued}`);
    expect(doc.runningBoxes).toEqual([]);
  });
});
