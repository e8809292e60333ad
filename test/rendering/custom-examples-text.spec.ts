import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { ApiError } from '../../src/common/errors/api-error';
import { compileLayout, findTemplate, TEMPLATE_IDS } from '../../src/engine';
import { parseDefinition } from '../../src/templates/custom/definition/definition-parser';
import { CUSTOM_EXAMPLES, customExample, CustomExample, renderExample } from '../visual/custom-examples';
import { VISUAL_FIXTURES } from '../visual/visual-fixtures';
import { expectedValues } from './expected-values';
import { boxesOutsidePage, overlappingBoxes, poppler, render, squash } from './render-helpers';
import { DefinitionChecker } from '../../src/templates/custom/checks/definition-checker';

const checker = new DefinitionChecker();
afterAll(() => checker.onModuleDestroy());

type Data = Record<string, unknown>;

const fixture = (name: string) => JSON.parse(readFileSync(path.join(__dirname, 'fixtures', name), 'utf8')) as Data;
const pdfText = async (example: CustomExample, data?: Data) => poppler('pdftotext', (await renderExample(example, data)).pdf);
const words = (text: string) => new Set(text.normalize('NFC').split(/\s+/).filter(Boolean));

/** What POST /api/v1/templates would answer in validationErrors for this body ([] when it is accepted). */
async function definitionErrors(body: object): Promise<unknown[]> {
  try {
    await parseDefinition(body, checker);
    return [];
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return [error.message, error.extra];
  }
}

describe.each(CUSTOM_EXAMPLES.map((example) => [example.file, example] as const))('examples/custom/%s.json', (_file, example) => {
  it('is a create body the API accepts: its layout compiles and its sample data satisfies its schema', async () => {
    expect(await definitionErrors(example.body)).toEqual([]);
    expect(() => compileLayout(example.body.layout)).not.toThrow();
    expect(TEMPLATE_IDS).not.toContain(example.body.id);
  });

  it('keeps its text on the page and never overlaps it', async () => {
    const doc = await renderExample(example);
    expect(boxesOutsidePage(doc)).toEqual([]);
    expect(overlappingBoxes(doc)).toEqual([]);
  });
});

/** The re-creations of the built-ins, with their sample data and the data of the built-ins' own text and visual tests. */
const RECREATIONS: Array<[string, string, Data]> = [
  ...['invoice-basic', 'weekly-report', 'calendar-schedule', 'kpi-dashboard'].map((id): [string, string, Data] => [id, 'sample', customExample(id).body.sampleData]),
  ['invoice-basic', 'fixture', fixture('invoice-basic.sample.json')],
  [
    'invoice-basic',
    'lines without amounts',
    { invoiceNumber: 'INV-9', client: { name: 'C' }, items: [{ description: 'Text only' }, { description: 'Quantity only', quantity: 3 }, { description: 'Price only', unitPrice: 5 }] },
  ],
  ['weekly-report', 'fixture', fixture('weekly-report.sample.json')],
  ['kpi-dashboard', 'fixture', fixture('kpi-dashboard.sample.json')],
  ...VISUAL_FIXTURES.filter((visual) => visual.name !== 'sample').map((visual): [string, string, Data] => [visual.templateId, `visual ${visual.name}`, visual.data]),
];

describe.each(RECREATIONS)('examples/custom/%s.json re-creates the built-in (%s data)', (templateId, _name, data) => {
  const example = customExample(templateId);
  // The built-in as the API draws it by default, with the page numbers the re-creation's footer prints.
  const builtInText = async () => poppler('pdftotext', (await render(templateId, data, findTemplate(templateId)!.defaultOptions)).pdf);

  it('prints every data value the built-in prints, formatted the same way', async () => {
    const builtIn = squash(await builtInText());
    const printed = expectedValues(templateId, data).filter((value) => builtIn.includes(squash(value)));
    expect(printed.length).toBeGreaterThan(0);
    const text = squash(await pdfText(example, data));
    expect(printed.filter((value) => !text.includes(squash(value)))).toEqual([]);
  });

  it('prints every word of the built-in document', async () => {
    const builtIn = words(await builtInText());
    const text = await pdfText(example, data);
    const custom = words(text);
    // A word too long for its column is cut at other places in the two documents: it must still be there, whole once squashed.
    expect([...builtIn].filter((word) => !custom.has(word) && !squash(text).includes(word))).toEqual([]);
  });
});

const dayMonthYear = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: '2-digit', month: 'long', year: 'numeric', timeZone: 'UTC' });

describe('examples/custom/certificate.json', () => {
  const example = customExample('certificate');
  const data = example.body.sampleData as {
    recipient: { name: string };
    course: { title: string; hours: number };
    issuer: { name: string };
    completedOn: string;
    certificateId: string;
    signatories: Array<{ name: string; title: string }>;
  };

  it('prints the recipient, the course, the date, the signatories and the certificate id', async () => {
    // The issuer's name is printed in capitals.
    const text = squash(await pdfText(example)).toLowerCase();
    const expected = [
      data.recipient.name,
      data.course.title,
      `${data.course.hours} hours`,
      data.issuer.name,
      dayMonthYear(data.completedOn),
      data.certificateId,
      ...data.signatories.flatMap((signatory) => [signatory.name, signatory.title]),
    ];
    expect(expected.filter((value) => !text.includes(squash(value).toLowerCase()))).toEqual([]);
  });

  it.each([
    ['Arabic', 'محمد عبد الله'],
    ['Hebrew', 'שרה כהן'],
  ])('prints a recipient name in %s with its letters in the serif theme, not replacement marks', async (_script, name) => {
    const text = await pdfText(example, { ...data, recipient: { name } });
    // Letters drawn left to right come out in reverse order: compare them one by one.
    expect([...squash(name)].filter((letter) => !text.includes(letter))).toEqual([]);
    expect(text).not.toContain('\uFFFD');
  });

  it('is one landscape page', async () => {
    const doc = await renderExample(example);
    expect(doc.pageCount).toBe(1);
    expect(doc.pageSize.width).toBeGreaterThan(doc.pageSize.height);
  });

  it('stays one page with the longest name and course title its schema allows', async () => {
    const properties = example.body.schema.properties as Record<string, { properties: Record<string, { maxLength: number }> }>;
    const longest = (words: string, field: { maxLength: number }) => words.repeat(Math.ceil(field.maxLength / words.length)).slice(0, field.maxLength).trim();
    const name = longest('Maximiliane Konstanze von Hohenzollern-Sigmaringen ', properties.recipient.properties.name);
    const title = longest('Advanced Colour Grading and HDR Finishing ', properties.course.properties.title);
    const doc = await renderExample(example, { ...data, recipient: { name }, course: { ...data.course, title } });
    expect(doc.pageCount).toBe(1);
    expect(squash(poppler('pdftotext', doc.pdf))).toContain(squash(name));
  });
});

describe('examples/custom/receipt.json', () => {
  const example = customExample('receipt');
  const data = example.body.sampleData as {
    store: { name: string; address: string; vatId: string };
    receiptNumber: string;
    currency: string;
    locale: string;
    items: Array<{ name: string; quantity: number; unitPrice: number }>;
    net: number;
    vat: number;
    total: number;
    payment: { method: string; last4: string };
  };
  const money = (value: number) => new Intl.NumberFormat(data.locale, { style: 'currency', currency: data.currency }).format(value);

  it('prints the shop, the items with their amounts in the shop currency and locale, and the payment', async () => {
    const text = squash(await pdfText(example));
    const expected = [
      data.store.name,
      data.store.address,
      data.store.vatId,
      data.receiptNumber,
      ...data.items.flatMap((item) => [item.name, money(item.quantity * item.unitPrice)]),
      money(data.net),
      money(data.vat),
      money(data.total),
      data.payment.method,
      data.payment.last4,
    ];
    expect(expected.filter((value) => !text.includes(squash(value)))).toEqual([]);
  });
});

describe('examples/custom/packing-slip.json', () => {
  const example = customExample('packing-slip');
  type Address = Record<'name' | 'street' | 'postalCode' | 'city' | 'country', string>;
  const data = example.body.sampleData as { orderNumber: string; shipTo: Address; shipFrom: Address; items: Array<{ sku: string; description: string; quantity: number }> };

  it('prints the order, both addresses and every item with its quantity', async () => {
    const text = squash(await pdfText(example));
    const expected = [
      data.orderNumber,
      ...[data.shipTo, data.shipFrom].flatMap((address) => Object.values(address)),
      ...data.items.flatMap((item) => [item.sku, item.description]),
      String(data.items.reduce((sum, item) => sum + item.quantity, 0)),
    ];
    expect(expected.filter((value) => !text.includes(squash(value)))).toEqual([]);
  });

  it('shows the FRAGILE banner only when the data says fragile', async () => {
    expect(await pdfText(example, { ...data, fragile: true })).toContain('FRAGILE');
    expect(await pdfText(example, { ...data, fragile: false })).not.toContain('FRAGILE');
  });
});
