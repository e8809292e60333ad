import fc from 'fast-check';
import { PdfOptions } from '../../src/engine/page/pdf-options';
import { TemplateId } from '../../src/engine/templates/template.types';
import { validateTemplateData } from '../../src/templates/validation/data-validator';
import { boxesOutsidePage, overlappingBoxes, render } from './render-helpers';

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);

const awkward = fc.constantFrom(
  '',
  '株式会社サクラ 请求书 한국어',
  'Ελληνικά και Кириллица',
  'emoji 😀🚀👩‍👩‍👧 ✅',
  'Supercalifragilisticexpialidocious'.repeat(6),
  'line one\nline two\n\nline four',
  'עברית ו-العربية',
  'tabs\tand\u0007controls\u200b',
  'a̸̧̛ zalgo ̶c̷',
);
const text = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 40 }), awkward);
const longText = fc.oneof(text, fc.array(fc.lorem({ maxCount: 30 }), { maxLength: 8 }).map((parts) => parts.join(' ')));
const day = fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2024-12-31T00:00:00Z'), noInvalidDate: true });
const isoDate = day.map((d) => d.toISOString().slice(0, 10));
const mdyDate = day.map((d) => `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`);
const money = fc.double({ min: -1e9, max: 1e9, noNaN: true, noDefaultInfinity: true });
const optional = <T>(shape: { [K in keyof T]: fc.Arbitrary<T[K]> }, required: Array<keyof T> = []) => fc.record(shape, { requiredKeys: required });

const invoice = optional(
  {
    invoiceNumber: text,
    invoiceDate: isoDate,
    dueDate: isoDate,
    company: optional({ name: text, address: text, email: text, phone: text }),
    client: optional({ name: text, address: text, email: text }, ['name']),
    items: fc.array(
      optional({ description: text, quantity: fc.double({ min: 0, max: 1e6, noNaN: true }), unitPrice: money, amount: money }, ['description']),
      { minLength: 1, maxLength: 40 },
    ),
    subtotal: money,
    tax: money,
    total: money,
    notes: longText,
    paymentInstructions: longText,
  },
  ['invoiceNumber', 'items', 'client'],
);

const update = optional({ id: text, text: longText });
const weeklyReport = optional(
  {
    reportTitle: text,
    versionAsOf: mdyDate,
    projects: fc.array(
      optional(
        {
          title: text,
          status: fc.oneof(text, fc.constantFrom('on-track', 'at-risk', 'delayed', 'complete', 'not-started')),
          releaseDate: mdyDate,
          answerPrint: mdyDate,
          progress: fc.double({ min: 0, max: 100, noNaN: true }),
          stakeholders: optional({
            studio: optional({ creativeExec: text, productionExec: text }),
            production: optional({ director: text, producers: text }),
          }),
          milestones: fc.array(optional({ name: text, startDate: mdyDate, status: text }), { maxLength: 12 }),
          updates: optional({ thisWeek: update, lastWeek: update }),
        },
        ['title'],
      ),
      { maxLength: 6 },
    ),
  },
  ['projects'],
);

const kind = fc.constantFrom('shoot', 'travel', 'post', 'unknown-kind');
const calendar = optional(
  {
    projectTitle: text,
    orientation: fc.constantFrom('portrait', 'landscape'),
    masthead: fc.array(text, { maxLength: 4 }),
    palette: fc.dictionary(kind, fc.constantFrom('#2563eb', '#F59E0B', '#10b981', '#abc')),
    legend: fc.dictionary(kind, text),
    months: fc.array(fc.record({ y: fc.constant(2024), m: fc.integer({ min: 1, max: 12 }) }), { minLength: 1, maxLength: 3 }),
    events: fc.array(optional({ date: isoDate, kind, text }, ['date', 'text']), { maxLength: 120 }),
    ranges: fc.array(
      fc.tuple(day, fc.integer({ min: 0, max: 60 }), kind, text).map(([start, length, k, label]) => ({
        start: start.toISOString().slice(0, 10),
        end: new Date(Math.min(start.getTime() + length * 86_400_000, Date.UTC(2024, 11, 31))).toISOString().slice(0, 10),
        kind: k,
        label,
      })),
      { maxLength: 12 },
    ),
  },
  ['months'],
);

const kpi = optional(
  {
    title: text,
    subtitle: text,
    metrics: fc.array(optional({ label: text, value: text, change: text, trend: fc.oneof(fc.constantFrom('up', 'down', 'flat'), text) }, ['label', 'value']), {
      maxLength: 14,
    }),
    sections: fc.array(optional({ title: text, content: longText }, ['title']), { maxLength: 6 }),
  },
  ['title', 'metrics'],
);

const options: fc.Arbitrary<PdfOptions> = fc.record({
  format: fc.constantFrom('Letter', 'A4', 'Legal'),
  orientation: fc.constantFrom('portrait', 'landscape'),
  margin: fc.constantFrom(
    { top: '0.75in', right: '0.75in', bottom: '0.75in', left: '0.75in' },
    { top: '10mm', right: '10mm', bottom: '10mm', left: '10mm' },
    { top: '0', right: '0', bottom: '0', left: '0' },
    { top: '3in', right: '4in', bottom: '3in', left: '4in' },
    { top: '5in', right: '0.2in', bottom: '5in', left: '0.2in' },
  ),
  displayHeaderFooter: fc.boolean(),
  headerTemplate: fc.option(fc.constantFrom('<div style="font-size:9px;text-align:right"><span class="title"></span></div>', '<b>unclosed <i>tags'), { nil: undefined }),
  footerTemplate: fc.option(fc.constant('<p>Page <span class="pageNumber"></span> / <span class="totalPages"></span></p>'), { nil: undefined }),
});

const ARBITRARIES: Array<[TemplateId, fc.Arbitrary<Record<string, unknown>>]> = [
  ['invoice-basic', invoice],
  ['weekly-report', weeklyReport],
  ['calendar-schedule', calendar],
  ['kpi-dashboard', kpi],
];

describe.each(ARBITRARIES)('%s with random valid data', (templateId, data) => {
  it('always renders, with all text on the page and none overlapping', async () => {
    await fc.assert(
      fc.asyncProperty(data, options, async (payload, pdfOptions) => {
        fc.pre(validateTemplateData(templateId, payload).length === 0);
        const doc = await render(templateId, payload, pdfOptions);
        expect(doc.pdf.subarray(0, 5).toString()).toBe('%PDF-');
        expect(boxesOutsidePage(doc)).toEqual([]);
        expect(overlappingBoxes(doc)).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });
});
