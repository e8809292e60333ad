import { execFileSync } from 'node:child_process';
import { TEMPLATE_SAMPLES } from '../../src/templates/samples';
import { LAYOUTS } from '../../src/engine/documents/document-layouts';
import { validateTemplateData } from '../../src/templates/validation/data-validator';
import { InvalidDocumentData } from '../../src/engine/errors';
import { TextBox } from '../../src/engine/toolkit/canvas';
import { pngBytes, dataUri } from '../support/images';
import { boxesOutsidePage, overlappingBoxes, pageTexts, poppler, render, squash, withPdfFile } from './render-helpers';

type Data = Record<string, unknown>;

const SAMPLE = TEMPLATE_SAMPLES['invoice-basic'];
const text = async (data: Data, options = {}) => poppler('pdftotext', (await render('invoice-basic', data, { displayHeaderFooter: false, ...options })).pdf);
const A4_WIDE_MARGINS = { format: 'A4', margin: { top: '1.5in', right: '1.5in', bottom: '1.5in', left: '1.5in' } } as const;
const LONG_NAME = 'Northwind Post Production and Visual Effects International Holdings Limited Liability Partnership '.repeat(5).trim();
const LONG_ADDRESS = Array.from({ length: 12 }, (_, i) => `Building ${i + 1}, Industrial Estate Road ${i + 7}`).join('\n');

describe('invoice-basic never cuts what the customer sent', () => {
  it('prints long company and client names and addresses whole, without an ellipsis', async () => {
    const data = { ...SAMPLE, company: { ...(SAMPLE.company as Data), name: LONG_NAME, address: LONG_ADDRESS }, client: { name: `${LONG_NAME} (client)`, address: LONG_ADDRESS } };
    const printed = await text(data);
    for (const value of [LONG_NAME, LONG_ADDRESS, `${LONG_NAME} (client)`]) expect(squash(printed)).toContain(squash(value));
    expect(printed).not.toContain('…');
  });

  it('prints a total near 1e12 whole on A4 with 1.5in margins, in the headline and the totals', async () => {
    const data = { ...SAMPLE, subtotal: 10_864_197_530.86, tax: 0, total: 10_864_197_530.86 };
    const doc = await render('invoice-basic', data, { ...A4_WIDE_MARGINS, displayHeaderFooter: false });
    const printed = poppler('pdftotext', doc.pdf);
    expect(printed.match(/10,864,197,530\.86/g)?.length).toBeGreaterThanOrEqual(3);
    expect(printed).not.toContain('…');
    expect(overlappingBoxes(doc)).toEqual([]);
    expect(boxesOutsidePage(doc)).toEqual([]);
  });

  it('shrinks the amount due of the largest totals the schema allows, with a currency, to keep it on one line', async () => {
    const data = { ...SAMPLE, currency: 'EUR', locale: 'de-DE', subtotal: -999_999_999_999.99, tax: 0, total: -999_999_999_999.99 };
    const doc = await render('invoice-basic', data, { ...A4_WIDE_MARGINS, displayHeaderFooter: false });
    const figure = '-999.999.999.999,99\u00a0€';
    // The amount due, the subtotal and the total, each on one line.
    const boxes = doc.textBoxes.filter((box) => box.text === figure);
    expect(boxes).toHaveLength(3);
    expect(Math.min(...boxes.map((box) => box.height))).toBeLessThan(16 * 1.32);
    expect(poppler('pdftotext', doc.pdf)).not.toContain('…');
    expect(overlappingBoxes(doc)).toEqual([]);
  });

  it('puts the columns under each other in a narrow frame', async () => {
    const doc = await render('invoice-basic', SAMPLE, { format: 'A4', margin: { top: '1in', right: '2in', bottom: '1in', left: '2in' }, displayHeaderFooter: false });
    const top = (value: string) => doc.textBoxes.find((box) => box.text === value)!.y;
    expect(top('INVOICE')).toBeGreaterThan(top('+1 (818) 555-0142'));
    expect(top('AMOUNT DUE')).toBeGreaterThan(top('accounts.payable@bluebirdpictures.example'));
    expect(overlappingBoxes(doc)).toEqual([]);
  });

  it('keeps the precision of unit prices (up to 6 decimals, at least the currency’s)', async () => {
    const items = [
      { description: 'API calls', quantity: 250000, unitPrice: 0.0001 },
      { description: 'Storage', quantity: 3, unitPrice: 0.123456789 },
      { description: 'Seat', quantity: 2, unitPrice: 12.5 },
    ];
    const printed = await text({ invoiceNumber: 'INV-1', client: { name: 'C' }, items });
    expect(printed).toContain('0.0001');
    expect(printed).toContain('0.123457');
    expect(printed).toContain('12.50');
    expect(printed).toContain('25.00');
  });
});

describe('invoice-basic document types', () => {
  const credit = { invoiceNumber: 'CN-7', client: { name: 'C' }, items: [{ description: 'Refund', quantity: 1, unitPrice: -500 }] };

  it('reads a negative total without documentType as a credit note', async () => {
    const printed = await text(credit);
    expect(printed).toContain('CREDIT NOTE');
    expect(printed).toContain('AMOUNT CREDITED');
    expect(printed).not.toMatch(/\bINVOICE\b|AMOUNT DUE/);
    expect(printed).toContain('-500.00');
  });

  it.each([
    ['quote', 'QUOTE', 'TOTAL'],
    ['receipt', 'RECEIPT', 'AMOUNT PAID'],
    ['credit-note', 'CREDIT NOTE', 'AMOUNT CREDITED'],
    ['invoice', 'INVOICE', 'AMOUNT DUE'],
  ])('documentType %s prints %s and %s', async (documentType, title, headline) => {
    const printed = await text({ ...SAMPLE, documentType });
    expect(printed).toContain(title);
    expect(printed).toContain(headline);
  });

  it('names itself by type and language in the PDF title and the page furniture', async () => {
    const layout = LAYOUTS['invoice-basic'];
    const german = { ...SAMPLE, invoiceNumber: 'RE-1', locale: 'de-DE' };
    expect(layout.title(german)).toBe('Rechnung RE-1');
    const furniture = layout.furniture!(german);
    expect(furniture).toMatchObject({ name: 'Rechnung RE-1', continued: 'Fortsetzung' });
    expect(furniture.pageLabel(2, 3)).toBe('Seite 2 von 3');
    expect(layout.furniture!({ ...credit }).name).toBe('Credit note CN-7');
    expect(layout.furniture!({ ...SAMPLE, locale: 'fr-FR', documentType: 'quote' }).pageLabel(1, 2)).toBe('Page 1 sur 2');
  });
});

describe('invoice-basic alignment', () => {
  it('leaves no lone word on the last line of the company name on A4', async () => {
    const doc = await render('invoice-basic', SAMPLE, { format: 'A4', displayHeaderFooter: false });
    const nameLines = doc.textBoxes.filter((box) => box.page === 0 && 'Northwind Post Production Ltd.'.includes(box.text) && box.height > 20);
    expect(nameLines.length).toBeGreaterThan(1);
    expect(nameLines[nameLines.length - 1].text).not.toBe('Ltd.');
  });

  const right = (box: TextBox) => box.x + box.width;

  it('ends the masthead, the amount due and the table figures on one right edge', async () => {
    const doc = await render('invoice-basic', SAMPLE, { displayHeaderFooter: false });
    const find = (value: string) => doc.textBoxes.find((box) => box.text === value)!;
    const figures = right(find('12,800.00'));
    for (const value of ['INVOICE', 'INV-2025-0142', '38,147.61', 'AMOUNT DUE']) expect(Math.abs(right(find(value)) - figures)).toBeLessThan(0.5);
  });
});

describe('invoice-basic currency, locale and taxes', () => {
  const german = {
    ...SAMPLE,
    invoiceNumber: 'RE-2025-17',
    currency: 'EUR',
    locale: 'de-DE',
    items: [
      { description: 'Schnitt', quantity: 2, unitPrice: 1234.5, taxRate: 19 },
      { description: 'Fachbuch', quantity: 1, unitPrice: 40, taxRate: 7 },
    ],
    subtotal: undefined,
    tax: undefined,
    total: undefined,
  };

  it('prints money, dates and labels in the locale, with one tax line per rate', async () => {
    const printed = await text(german);
    expect(printed).toContain('RECHNUNG');
    expect(printed).toContain('ZU ZAHLEN');
    expect(printed).toContain('2.469,00 €');
    expect(printed).toContain('1.234,50 €');
    expect(printed).toMatch(/MwSt\. 19\s%\s+469,11 €/);
    expect(printed).toMatch(/MwSt\. 7\s%\s+2,80 €/);
    expect(printed).toContain('2.980,91 €');
    expect(printed).toContain('03.03.2025');
  });

  it('prints the tax the data sent in place of the per-rate lines', async () => {
    const printed = await text({ ...german, tax: 100 });
    expect(printed).not.toMatch(/MwSt\. 19/);
    expect(printed).toContain('100,00 €');
    expect(printed).toContain('2.609,00 €');
  });

  it('prints a zero-decimal currency without decimals and Japanese labels', async () => {
    const printed = await text({ invoiceNumber: '請求-1', invoiceDate: '2025-03-31', locale: 'ja-JP', currency: 'JPY', client: { name: '株式会社' }, items: [{ description: '作業', quantity: 3, unitPrice: 1500 }] });
    expect(printed).toContain('請求書');
    expect(printed).toContain('￥4,500');
    expect(printed).not.toContain('4,500.00');
    expect(printed).toContain('2025/03/31');
  });

  it.each([
    // One word each for the right-to-left ones: pdftotext prints a phrase's words in visual order.
    ['ar-EG', 'فاتورة', 'الوصف'],
    ['he-IL', 'חשבונית', 'תיאור'],
    ['hi-IN', 'बीजक', 'देय राशि'],
    ['ko-KR', '청구서', '청구 금액'],
    ['pl-PL', 'FAKTURA', 'DO ZAPŁATY'],
    ['tr-TR', 'FATURA', 'ÖDENECEK TUTAR'],
    ['sv-SE', 'FAKTURA', 'ATT BETALA'],
    ['th-TH', 'ใบแจ้งหนี้', 'ยอดที่ต้องชำระ'],
  ])('prints the labels of %s (DECISIONS section 12)', async (locale, title, headline) => {
    const printed = await text({ ...SAMPLE, locale });
    expect(printed).toContain(title);
    expect(printed).toContain(headline);
  });

  it.each(['ar-EG', 'he-IL'])('mirrors the layout of a right-to-left invoice (%s): title left, company right, first column right, totals left', async (locale) => {
    const labels = locale === 'ar-EG' ? { title: 'فاتورة', description: 'الوصف', amount: 'المبلغ' } : { title: 'חשבונית', description: 'תיאור', amount: 'סכום' };
    const doc = await render('invoice-basic', { ...SAMPLE, locale }, { displayHeaderFooter: false });
    const box = (text: string) => doc.textBoxes.find((b) => b.text === text)!;
    expect(overlappingBoxes(doc)).toEqual([]);
    expect(boxesOutsidePage(doc)).toEqual([]);
    const company = box(SAMPLE.company!.name!);
    expect(box(labels.title).x).toBeLessThan(company.x);
    expect(box(labels.description).x).toBeGreaterThan(box(labels.amount).x);
    // The items' first column starts at the right: each description ends at the same right edge.
    const descriptions = SAMPLE.items.map((item) => box(item.description));
    const rights = new Set(descriptions.map((b) => Math.round(b.x + b.width)));
    expect(rights.size).toBe(1);
    const ltr = await render('invoice-basic', SAMPLE, { displayHeaderFooter: false });
    const ltrCompany = ltr.textBoxes.find((b) => b.text === SAMPLE.company!.name!)!;
    expect(ltrCompany.x).toBeLessThan(company.x);
  });

  it('gives a long meta value the whole column, under its label, rather than the room beside it (issue 35)', async () => {
    const poNumber = 'BE-88412/2026/Q1-Rahmenvertrag-Logistik-Nord';
    const doc = await render('invoice-basic', { ...SAMPLE, poNumber }, { displayHeaderFooter: false });
    const label = doc.textBoxes.find((b) => b.text === 'PO number')!;
    const parts = doc.textBoxes.filter((b) => b.page === 0 && b.y > label.y && poNumber.includes(b.text.replace(/\u2010$/, '')) && b.text.length > 2);
    expect(parts.map((b) => b.text).join('').replace(/\u2010/g, '')).toBe(poNumber);
    expect(parts.length).toBeLessThanOrEqual(2);
    // Under the label, starting no further right than the label itself.
    expect(Math.min(...parts.map((b) => b.x + b.width))).toBeGreaterThan(label.x);
    expect(overlappingBoxes(doc)).toEqual([]);
  });

  it('prints dates as sent without a locale, in the locale’s medium style with one, and falls back to en-US for a locale Intl does not know', async () => {
    expect(await text(SAMPLE)).toContain('2025-03-03');
    expect(await text({ ...SAMPLE, locale: 'en-US' })).toContain('Mar 3, 2025');
    const printed = await text({ ...SAMPLE, locale: 'qq-ZZ' });
    expect(printed).toContain('INVOICE');
    expect(printed).toContain('38,147.61');
    expect(printed).toContain('Apr 2, 2025');
  });

  it('prints the purchase order number and a status stamp', async () => {
    const printed = await text({ ...SAMPLE, poNumber: 'PO-4471', status: 'paid' });
    expect(printed).toContain('PO-4471');
    expect(printed).toContain('PAID');
    // pdftotext splits a tilted word where its letters step down a line: read the layout's own record.
    const doc = await render('invoice-basic', { ...SAMPLE, locale: 'de-DE', status: 'overdue' });
    expect(doc.textBoxes.map((box) => box.text)).toContain('ÜBERFÄLLIG');
  });

  it('keeps the stamp clear of the figures', async () => {
    const doc = await render('invoice-basic', { ...SAMPLE, status: 'overdue' }, { displayHeaderFooter: false });
    expect(overlappingBoxes(doc)).toEqual([]);
  });
});

describe('invoice-basic logo and links', () => {
  const logo = dataUri(pngBytes({ width: 300, height: 100, colorType: 2 }));

  it('draws the logo once, scaled into the masthead, and keeps the text clear of it', async () => {
    const doc = await render('invoice-basic', { ...SAMPLE, company: { ...(SAMPLE.company as Data), logo } }, { displayHeaderFooter: false });
    const list = withImages(doc.pdf);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ width: 300, height: 100 });
    expect(overlappingBoxes(doc)).toEqual([]);
    expect(pageTexts(doc.pdf)[0]).toContain('Northwind Post Production Ltd.');
  });

  it('refuses a logo that cannot be decoded as invalid data naming the field', async () => {
    const broken = `data:image/png;base64,${Buffer.from('not a png at all').toString('base64')}`;
    const rendering = render('invoice-basic', { ...SAMPLE, company: { ...(SAMPLE.company as Data), logo: broken } });
    await expect(rendering).rejects.toBeInstanceOf(InvalidDocumentData);
    await expect(rendering).rejects.toThrow(/company\.logo/);
  });

  it('makes the e-mail addresses clickable mailto: links', async () => {
    const pdf = (await render('invoice-basic', SAMPLE)).pdf.toString('latin1');
    expect(pdf).toContain('(mailto:billing@northwindpost.example)');
    expect(pdf).toContain('(mailto:accounts.payable@bluebirdpictures.example)');
  });
});

/** Images of the PDF as pdfimages lists them. */
function withImages(pdf: Buffer): Array<{ width: number; height: number }> {
  const list = withPdfFile(pdf, (file) => execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }));
  return list
    .split('\n')
    .slice(2)
    .filter((line) => /^\s*\d+\s+\d+\s+image/.test(line))
    .map((line) => {
      const fields = line.trim().split(/\s+/);
      return { width: Number(fields[3]), height: Number(fields[4]) };
    });
}

describe('invoice-basic schema bounds of the new fields', () => {
  const errors = (extra: Data) => validateTemplateData('invoice-basic', { ...SAMPLE, ...extra });

  it('accepts every new field within its bounds', () => {
    const logo = dataUri(pngBytes({ width: 4, height: 2 }));
    const items = [{ description: 'a', quantity: 1, unitPrice: 1, taxRate: 19 }];
    expect(errors({ currency: 'EUR', locale: 'pt-BR', documentType: 'receipt', poNumber: 'PO-1', status: 'paid', items, company: { name: 'C', logo } })).toEqual([]);
  });

  it.each([
    [{ currency: 'eur' }, 'currency'],
    [{ locale: 'de_DE' }, 'locale'],
    [{ documentType: 'bill' }, 'documentType'],
    [{ status: 'cancelled' }, 'status'],
    [{ items: [{ description: 'a', amount: 1, taxRate: 101 }] }, 'items[0].taxRate'],
    [{ company: { logo: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' } }, 'company.logo'],
    [{ company: { logo: `data:image/png;base64,${Buffer.from('not a png').toString('base64')}` } }, 'company.logo'],
  ])('refuses %j naming %s', (extra, field) => {
    const messages = errors(extra);
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(message).toContain(`'${field}'`);
  });
});
