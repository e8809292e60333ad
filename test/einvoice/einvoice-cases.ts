import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { InvoiceBasicData } from '../../src/engine';
import type { PdfOptionsInput } from '../../src/engine/page/pdf-options';

/** One e-invoice request: what `npm test` proves valid and reads back. */
export interface EInvoiceCase {
  name: string;
  options: PdfOptionsInput & { eInvoice: 'EN16931' | 'XRECHNUNG' };
  data: InvoiceBasicData;
}

const EXAMPLES_DIR = resolve(__dirname, '../../examples/e-invoices');

/** The examples of docs/e-invoices.md (examples/e-invoices/*.json, whole generate bodies). */
export const EXAMPLE_CASES: EInvoiceCase[] = readdirSync(EXAMPLES_DIR)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => {
    const body = JSON.parse(readFileSync(join(EXAMPLES_DIR, file), 'utf8')) as { options: EInvoiceCase['options']; data: InvoiceBasicData };
    return { name: `examples/e-invoices/${file}`, options: body.options, data: body.data };
  });

const seller = {
  name: 'Hanseatische Präzisionswerkzeuge und Maschinenbau Gesellschaft mit beschränkter Haftung & Co. Kommanditgesellschaft auf Aktien, Zweigniederlassung Bremerhaven',
  vatId: 'DE123456789',
  postalAddress: { street: 'Am Alten Hafen 118, Gebäude C, 3. Obergeschoss', postcode: '27568', city: 'Bremerhaven', country: 'DE' },
  contact: { name: 'Dr. Friederike von Schönhausen-Lichtenberg', phone: '+49 471 555 0190', email: 'buchhaltung@hanseatische-praezision.example' },
};
const buyer = {
  name: 'Société Européenne de Logistique Frigorifique et de Distribution Alimentaire Internationale S.A.S.',
  vatId: 'FR40303265045',
  postalAddress: { street: '1204 avenue du Général de Gaulle', postcode: '94000', city: 'Créteil', country: 'FR' },
};
const payment = { iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', terms: 'Payable within 30 days without deduction.' };
const base = { invoiceDate: '2026-11-27', dueDate: '2026-12-27', currency: 'EUR', company: seller, client: buyer, payment };

/** Five rates of the standard category, zero-rated, exempt, reverse-charge, intra-community and export lines, in turn. */
const MIXED_LINES = [
  { taxRate: 19 },
  { taxRate: 7 },
  { taxRate: 5.5 },
  { taxRate: 10 },
  { taxRate: 20 },
  { taxRate: 0 },
  { taxRate: 0, taxCategory: 'E', taxExemptionReason: 'Exempt under Article 132(1)(i) of Directive 2006/112/EC (education)' },
  { taxRate: 0, taxCategory: 'AE', taxExemptionReason: 'Reverse charge: the recipient is liable for VAT' },
  { taxRate: 0, taxCategory: 'K', taxExemptionReason: 'Intra-community supply, Article 138 of Directive 2006/112/EC' },
  { taxRate: 0, taxCategory: 'G', taxExemptionReason: 'Export outside the EU, Article 146 of Directive 2006/112/EC' },
] as const;

function items(count: number, line: (index: number) => Partial<InvoiceBasicData['items'][number]>): InvoiceBasicData['items'] {
  return Array.from({ length: count }, (_, index) => ({ description: `Position ${index + 1}`, quantity: 1, unitPrice: 1, ...line(index) }));
}

/** Hostile data of issue 33: many lines, every category, credit notes, other currencies, long scripts, extreme amounts. */
export const HOSTILE_CASES: EInvoiceCase[] = [
  {
    name: '500 lines, five rates, zero-rated, exempt, reverse charge, intra-community supply and export',
    options: { eInvoice: 'EN16931' },
    data: {
      ...base,
      invoiceNumber: 'RE-2026-500',
      items: items(500, (i) => ({
        description: `Wartungsleistung ${i + 1}: Prüfung und Kalibrierung der Messeinrichtung gemäß DIN EN ISO 9001, Protokoll Nr. ${10_000 + i}`,
        quantity: (i % 7) + 0.25,
        unitPrice: 12.345 + i,
        unitCode: i % 2 ? 'HUR' : 'C62',
        ...MIXED_LINES[i % MIXED_LINES.length],
      })),
    },
  },
  {
    name: 'XRechnung, 120 lines, service period',
    options: { eInvoice: 'XRECHNUNG' },
    data: {
      ...base,
      invoiceNumber: 'XR-2026-120',
      buyerReference: '991-01234-56',
      servicePeriod: { start: '2026-10-01', end: '2026-10-31' },
      client: { ...buyer, email: 'rechnungen@example.org' },
      items: items(120, (i) => ({ description: `Betriebsstunde Rechenzentrum, Los ${i + 1}`, quantity: 24, unitPrice: 3.17 + i / 100, unitCode: 'HUR', taxRate: 19 })),
    },
  },
  {
    name: 'XRechnung with only what section 14 requires: no IBAN, due date or terms',
    options: { eInvoice: 'XRECHNUNG' },
    data: {
      invoiceNumber: 'XR-MIN-1',
      invoiceDate: '2026-11-27',
      currency: 'EUR',
      buyerReference: '04011000-12345-34',
      company: { name: 'Kleinbetrieb Weber', taxNumber: '201/113/40209', postalAddress: { postcode: '80331', city: 'München', country: 'DE' }, contact: { name: 'Eva Weber', phone: '+49 89 1', email: 'eva@weber.example' } },
      client: { name: 'Stadtverwaltung Musterstadt', email: 'eingang@musterstadt.example', postalAddress: { postcode: '12345', city: 'Musterstadt', country: 'DE' } },
      items: [{ description: 'Gartenpflege', quantity: 3, unitPrice: 45, unitCode: 'HUR', taxRate: 19 }],
      paymentInstructions: 'Bitte überweisen Sie den Betrag unter Angabe der Rechnungsnummer.',
    },
  },
  {
    name: 'credit note in CHF',
    options: { eInvoice: 'EN16931' },
    data: {
      ...base,
      documentType: 'credit-note',
      invoiceNumber: 'GS-CH-77',
      currency: 'CHF',
      locale: 'de-CH',
      company: { ...seller, vatId: 'CHE123456789MWST', postalAddress: { street: 'Bahnhofstrasse 1', postcode: '8001', city: 'Zürich', country: 'CH' } },
      items: [
        { description: 'Gutschrift Rücksendung', quantity: 3, unitPrice: 199.95, taxRate: 8.1 },
        { description: 'Gutschrift Versandkosten', quantity: 1, unitPrice: 14.9, taxRate: 8.1 },
      ],
    },
  },
  {
    name: 'JPY, no decimals',
    options: { eInvoice: 'EN16931' },
    data: {
      ...base,
      invoiceNumber: 'JP-2026-0001',
      currency: 'JPY',
      locale: 'ja-JP',
      items: [
        { description: '業務用コーヒー豆（エチオピア・イルガチェフェ）', quantity: 12, unitPrice: 3480, taxRate: 8 },
        { description: '保守サービス 年間契約', quantity: 1, unitPrice: 128000, taxRate: 10 },
        { description: '配送料', quantity: 3, unitPrice: 1333, taxRate: 10 },
      ],
    },
  },
  {
    name: 'long Arabic and CJK names, SEK and GBP lines',
    options: { eInvoice: 'EN16931' },
    data: {
      ...base,
      invoiceNumber: 'INV-عربي-中文-0001',
      currency: 'SEK',
      locale: 'sv-SE',
      company: { ...seller, name: 'شركة الخليج العربي للتجارة والمقاولات العامة والاستيراد والتصدير والخدمات اللوجستية المحدودة ذات المسؤولية المحدودة' },
      client: { ...buyer, name: '上海浦东新区国际物流与供应链管理股份有限公司（欧洲分公司）株式会社東京海上物流ホールディングス' },
      items: [
        { description: 'خدمات استشارية في مجال سلاسل الإمداد — المرحلة الثانية', quantity: 40, unitPrice: 1250, unitCode: 'HUR', taxRate: 25 },
        { description: '仓储管理系统年度许可证（含技术支持与升级服务）', quantity: 1, unitPrice: 98500, taxRate: 25 },
        { description: 'Mixed: 東京 → الرياض → Stockholm', quantity: 2, unitPrice: 4999.5, taxRate: 12 },
      ],
    },
  },
  {
    name: 'amounts near 10^9, unit prices of 0.0001, a discount line',
    options: { eInvoice: 'EN16931' },
    data: {
      ...base,
      invoiceNumber: 'BIG-1',
      items: [
        { description: 'Turbine hall, complete', quantity: 1, unitPrice: 999_999_999.99, taxRate: 19 },
        { description: 'Second turbine hall', quantity: 1, amount: 987_654_321.01, taxRate: 19 },
        { description: 'API calls', quantity: 1_234_567, unitPrice: 0.0001, taxRate: 19 },
        { description: 'Fractional unit price', quantity: 3, unitPrice: 0.0001, taxRate: 7 },
        { description: 'Volume discount', quantity: 1, unitPrice: -50_000, taxRate: 19 },
      ],
    },
  },
  {
    name: 'PDF/A-3b and PDF/UA-1 with an attachment',
    options: {
      eInvoice: 'EN16931',
      pdfStandard: ['PDF/A-3b', 'PDF/UA-1'],
      attachments: [{ name: 'timesheet.csv', contentType: 'text/csv', data: Buffer.from('date,hours\n2026-11-02,8\n').toString('base64'), description: 'Timesheet' }],
    },
    data: { ...base, invoiceNumber: 'UA-1', items: [{ description: 'Consulting', quantity: 8, unitPrice: 150, unitCode: 'HUR', taxRate: 19 }] },
  },
];

export const EINVOICE_CASES: EInvoiceCase[] = [...EXAMPLE_CASES, ...HOSTILE_CASES];
