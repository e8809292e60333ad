import { PAGE_FORMATS, PdfOptions } from '../../src/engine/page/pdf-options';
import { TEMPLATE_SAMPLES } from '../../src/templates/samples';
import { RenderedDocument } from '../../src/engine/render-document';
import { boxesOutsidePage, overlappingBoxes, poppler, render, squash } from './render-helpers';

type Event = { date: string; kind?: string; text: string };
type Range = { start: string; end: string; kind?: string; label?: string };

const SAMPLE = TEMPLATE_SAMPLES['calendar-schedule'];
const LONG = 'Second unit aerial photography over the northern headland with the drone team and safety boat';

/** A shooting month with one day of 40 events and 30 overlapping ranges, texts short and long. */
const busyMonth = (): Record<string, unknown> => ({
  ...SAMPLE,
  months: [{ y: 2025, m: 3 }],
  events: [
    ...Array.from({ length: 40 }, (_, i): Event => ({ date: '2025-03-12', kind: ['shoot', 'prep', 'travel', 'post'][i % 4], text: i % 3 === 0 ? `${LONG} (call ${i + 1})` : `Busy event ${i + 1}` })),
    { date: '2025-03-03', kind: 'prep', text: 'Table read' },
    { date: '2025-03-27', kind: 'shoot', text: `Pick-ups: ${LONG}` },
  ],
  ranges: Array.from({ length: 30 }, (_, i): Range => ({
    start: `2025-03-${String(1 + (i % 20)).padStart(2, '0')}`,
    end: `2025-03-${String(8 + (i % 20)).padStart(2, '0')}`,
    kind: ['shoot', 'prep', 'post'][i % 3],
    label: i % 4 === 0 ? `Overlapping range ${i + 1}: ${LONG}` : `Range ${i + 1}`,
  })),
});

const LAYOUTS: Array<[string, Partial<PdfOptions>]> = [
  ['portrait Letter', { format: 'Letter', orientation: 'portrait' }],
  ['portrait A4', { format: 'A4', orientation: 'portrait' }],
  ['portrait Legal', { format: 'Legal', orientation: 'portrait' }],
  ['landscape Letter, margin 0', { format: 'Letter', orientation: 'landscape', margin: { top: '0', right: '0', bottom: '0', left: '0' } }],
  ['portrait Letter, 3in margins', { format: 'Letter', orientation: 'portrait', margin: { top: '3in', right: '3in', bottom: '3in', left: '3in' } }],
  ['landscape Letter, 3in margins', { format: 'Letter', orientation: 'landscape', margin: { top: '3in', right: '3in', bottom: '3in', left: '3in' } }],
];

const text = (doc: RenderedDocument) => squash(poppler('pdftotext', doc.pdf));
const sentTexts = (data: Record<string, unknown>) => [
  ...(data.events as Event[]).map((event) => event.text),
  ...(data.ranges as Range[]).map((range) => range.label ?? ''),
  ...Object.values(data.legend as Record<string, string>),
  ...(data.masthead as string[]),
  data.projectTitle as string,
];
/** "+N more" (or "+N" in a narrow cell) drawn in day cells, as numbers. */
const moreCounts = (doc: RenderedDocument, page?: number) =>
  doc.textBoxes.filter((box) => (page === undefined || box.page === page) && /^\+\d+( more)?( ↓)?$/.test(box.text)).map((box) => Number(/\d+/.exec(box.text)![0]));

describe('calendar-schedule: one month is one page', () => {
  const months = [{ y: 2025, m: 3 }, { y: 2025, m: 8 }, { y: 2026, m: 2 }];
  const cases = PAGE_FORMATS.flatMap((format) =>
    (['portrait', 'landscape'] as const).flatMap((orientation) =>
      ['0.75in', '0'].map((margin): [string, Partial<PdfOptions>] => [`${format} ${orientation}, margin ${margin}`, { format, orientation, margin: { top: margin, right: margin, bottom: margin, left: margin } }]),
    ),
  );

  it.each(cases)('%s: the legend stays under its grid', async (_name, options) => {
    for (const displayHeaderFooter of [false, true]) {
      const doc = await render('calendar-schedule', { ...SAMPLE, months }, { ...options, displayHeaderFooter });
      expect(doc.pageCount).toBe(months.length);
    }
  });
});

describe('calendar-schedule: every event and range reaches the document', () => {
  it.each(LAYOUTS)('%s: a busy shooting day, overlapping ranges and long texts are all printed whole', async (_name, options) => {
    const data = busyMonth();
    const doc = await render('calendar-schedule', data, options);
    const printed = text(doc);
    expect(sentTexts(data).filter((value) => !printed.includes(squash(value)))).toEqual([]);
    expect(printed).not.toContain('…');
    expect(moreCounts(doc).length).toBeGreaterThan(0);
    expect(printed).toContain('Alsoonthesedays');
    expect(boxesOutsidePage(doc)).toEqual([]);
    expect(overlappingBoxes(doc)).toEqual([]);
  });

  it('lists what a day cannot show under "Also on these days", grouped by day, and the cell counts it', async () => {
    const events = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel', 'India', 'Juliet', 'Kilo', 'Lima'].map((word) => ({ date: '2025-03-12', kind: 'shoot', text: `${word} setup` }));
    const doc = await render('calendar-schedule', { ...SAMPLE, months: [{ y: 2025, m: 3 }], events, ranges: [] }, { orientation: 'landscape' });
    const chips = events.filter((event) => doc.textBoxes.some((box) => box.text === event.text));
    expect(chips.length).toBeGreaterThan(0);
    expect(chips.length).toBeLessThan(events.length);
    expect(moreCounts(doc)).toEqual([events.length - chips.length]);
    const listed = events.filter((event) => !chips.includes(event)).map((event) => event.text);
    const layoutText = poppler('pdftotext', doc.pdf, ['-layout']);
    const list = layoutText.slice(layoutText.indexOf('Also on these days'));
    expect(squash(list)).toContain(squash(`Wed 12 Mar ${listed.join(' · ')}`));
    expect(doc.pageCount).toBe(1);
  });

  it('counts a hidden multi-day range once per week row and names it once with its dates', async () => {
    // Ten ranges over the same week: the cells cannot hold them all.
    const names = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel', 'India', 'Juliet'];
    const ranges = names.map((name) => ({ start: '2025-03-10', end: '2025-03-18', kind: 'shoot', label: `Unit ${name}` }));
    const doc = await render('calendar-schedule', { ...SAMPLE, months: [{ y: 2025, m: 3 }], events: [], ranges }, { orientation: 'portrait' });
    // Dates are joined by no-break spaces.
    const printed = poppler('pdftotext', doc.pdf).replace(/\u00a0/g, ' ');
    const bar = (label: string) => doc.textBoxes.some((box) => box.text.replace(/[◂▸]/g, '').trim() === label);
    const hidden = ranges.filter((range) => !bar(range.label));
    expect(hidden.length).toBeGreaterThan(0);
    // Two week rows (10-15 and 16-18): one "+N more" each, N = the hidden ranges.
    expect(moreCounts(doc)).toEqual([hidden.length, hidden.length]);
    for (const range of hidden) expect(printed.split(`${range.label} (10 Mar – 18 Mar)`)).toHaveLength(2);
  });

  it('wraps masthead lines, the title and legend labels whole', async () => {
    const masthead = ['Bluebird Pictures International Co-Production Holdings Limited, Vancouver and Los Angeles, schedule of record'];
    const projectTitle = 'The Long Coast: Production Calendar for the Second Season, Episodes One to Eight, with Second Unit';
    const legend = { shoot: 'Shoot day, main unit with the full crew on location and all cast called', prep: 'Prep' };
    const data = { ...SAMPLE, months: [{ y: 2025, m: 4 }], masthead, projectTitle, legend };
    for (const orientation of ['portrait', 'landscape'] as const) {
      const doc = await render('calendar-schedule', data, { orientation });
      const printed = text(doc);
      expect([...masthead, projectTitle, ...Object.values(legend)].filter((value) => !printed.includes(squash(value)))).toEqual([]);
      expect(printed).not.toContain('…');
      expect(doc.pageCount).toBe(1);
    }
  });
});
