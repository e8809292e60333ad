import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { TEMPLATE_SAMPLES } from '../../src/templates/samples';
import { expectedValues } from './expected-values';
import { boxesOutsidePage, overlappingBoxes, pageTexts, poppler, render, squash } from './render-helpers';

const fixture = (name: string) => JSON.parse(readFileSync(path.join(__dirname, 'fixtures', name), 'utf8')) as Record<string, unknown>;

const CASES: Array<[string, string, Record<string, unknown>]> = [
  ...Object.entries(TEMPLATE_SAMPLES).map(([id, data]): [string, string, Record<string, unknown>] => [id, 'sample', data]),
  ['invoice-basic', 'fixture', fixture('invoice-basic.sample.json')],
  ['invoice-basic', 'non-Latin', fixture('invoice-basic.non-latin.json')],
  ['weekly-report', 'fixture', fixture('weekly-report.sample.json')],
  ['kpi-dashboard', 'fixture', fixture('kpi-dashboard.sample.json')],
];

describe.each(CASES)('%s (%s data)', (templateId, _name, data) => {
  it('prints every data value, keeps text on the page and never overlaps it', async () => {
    const doc = await render(templateId, data, templateId === 'calendar-schedule' ? { orientation: 'landscape' } : {});
    const text = squash(poppler('pdftotext', doc.pdf));
    const missing = expectedValues(templateId, data).filter((value) => !text.includes(squash(value)));
    expect(missing).toEqual([]);
    expect(boxesOutsidePage(doc)).toEqual([]);
    expect(overlappingBoxes(doc)).toEqual([]);
  });
});

describe('calendar month grid', () => {
  it('shows the events of a crowded day that fit, then "+N more", and lists the others under the month', async () => {
    const data = fixture('calendar-schedule.sample.json');
    const doc = await render('calendar-schedule', data, { orientation: 'landscape' });
    const text = squash(poppler('pdftotext', doc.pdf));
    const crowded = (data.events as Array<{ date: string; text: string }>).filter((event) => event.date === '2024-03-12');
    const chips = crowded.filter((event) => doc.textBoxes.some((box) => box.text === event.text));
    expect(chips.length).toBeGreaterThan(0);
    expect(chips.length).toBeLessThan(crowded.length);
    expect(text).toContain(`+${crowded.length - chips.length}more`);
    const listed = crowded.filter((event) => !chips.includes(event)).map((event) => event.text);
    expect(text).toContain(squash(`Also on these days · March 2024 Tue 12 Mar ${listed.join(' · ')}`));
    expect(doc.pageCount).toBe((data.months as unknown[]).length);
    expect(overlappingBoxes(doc)).toEqual([]);
  });

  it('starts weeks on Sunday by default and on Monday when data.weekStart says so', async () => {
    const data = { months: [{ y: 2026, m: 3 }] };
    const header = async (extra: object) => {
      const doc = await render('calendar-schedule', { ...data, ...extra }, { orientation: 'landscape' });
      return poppler('pdftotext', doc.pdf, ['-layout']).match(/(Sun|Mon)\s+(Mon|Tue)\s+\w+/)?.[0].split(/\s+/);
    };
    expect(await header({})).toEqual(['Sun', 'Mon', 'Tue']);
    expect(await header({ weekStart: 'monday' })).toEqual(['Mon', 'Tue', 'Wed']);
  });
});

describe('PDF metadata and fonts', () => {
  it('names the document and the service, and embeds every font (no base-14 fonts)', async () => {
    const doc = await render('invoice-basic', TEMPLATE_SAMPLES['invoice-basic']);
    const info = poppler('pdfinfo', doc.pdf);
    expect(info).toMatch(/^Title:\s+Invoice INV-2025-0142$/m);
    expect(info).toMatch(/^Creator:\s+pdfgen$/m);
    expect(info).toMatch(/^Producer:\s+pdfgen$/m);
    expect(info).toMatch(/^CreationDate:/m);
    const fonts = poppler('pdffonts', doc.pdf).split('\n').slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font).toMatch(/CID TrueType\s+Identity-H\s+yes yes yes/);
  });
});

describe('invoice page breaks', () => {
  const invoice = (count: number) => ({
    ...TEMPLATE_SAMPLES['invoice-basic'],
    items: Array.from({ length: count }, (_, i) => ({ description: `Item ${i + 1}`, quantity: 1, unitPrice: i + 1 })),
    subtotal: undefined,
    tax: undefined,
    total: undefined,
  });

  it.each([
    [1, 1],
    [25, 2],
    [200, 6],
    [1000, 28],
  ])('%i items fill %i pages, repeat the header on each and keep every row', async (count, pages) => {
    const doc = await render('invoice-basic', invoice(count));
    const texts = pageTexts(doc.pdf);
    expect(doc.pageCount).toBe(pages);
    expect(texts).toHaveLength(pages);
    for (const page of texts) expect(page).toMatch(/Description\s+Qty\s+Unit price\s+Amount/);
    const rows = texts.join('\n').match(/\bItem \d+\b/g) ?? [];
    expect(rows).toEqual(Array.from({ length: count }, (_, i) => `Item ${i + 1}`));
    const lastPage = texts[texts.length - 1];
    expect(lastPage).toContain(`Item ${count}`);
    expect(lastPage).toMatch(/Total/);
    expect(boxesOutsidePage(doc)).toEqual([]);
  });

  it('never leaves the totals without at least two item rows on their page', async () => {
    for (let count = 20; count <= 50; count++) {
      const texts = pageTexts((await render('invoice-basic', invoice(count))).pdf);
      const totalsPage = texts.find((text) => text.includes('Subtotal')) ?? '';
      expect((totalsPage.match(/\bItem \d+\b/g) ?? []).length).toBeGreaterThanOrEqual(2);
    }
  });
});
