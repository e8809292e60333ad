import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pdfmake from 'pdfmake';
import { FONTS_DIR } from './naive-pdfkit';

/*
 * The invoice of invoice-basic written for pdfmake 0.3, the comparison of issue 13: the same
 * content and a similar structure (masthead and parties in columns, a 20-row table with its
 * header repeated and zebra rows, totals rows spanning the first columns, notes, "Page n of m"
 * footer) with the same embedded font, DejaVu Sans.
 */

const COLORS = { text: '#1f2937', muted: '#6b7280', accent: '#1e3a8a', zebra: '#f6f7f9', white: '#ffffff' };
const MONEY = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const QUANTITY = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

interface Party {
  name: string;
  address?: string;
  email?: string;
  phone?: string;
}
interface Line {
  description: string;
  quantity: number;
  unitPrice: number;
  amount: number;
}

let fontsLoaded = false;

/** The font files go into pdfmake's virtual file system once; pdfmake parses them per document, as it always does. */
function loadFonts(): void {
  if (fontsLoaded) return;
  for (const file of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf']) pdfmake.virtualfs.writeFileSync(file, readFileSync(resolve(FONTS_DIR, file)));
  pdfmake.setFonts({ DejaVuSans: { normal: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } });
  // Nothing to fetch or read: also keeps pdfmake from warning on every document.
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy(() => false);
  fontsLoaded = true;
}

/** pdfmake writes into the definition while laying it out, so each render builds a new one. */
export function pdfmakeInvoiceDefinition(data: Record<string, unknown>): Record<string, unknown> {
  const company = data.company as Party;
  const client = data.client as Party;
  const items = data.items as Line[];
  const muted = (text: string) => ({ text, fontSize: 8, color: COLORS.muted });
  const label = (text: string, alignment = 'left') => ({ text, fontSize: 7, bold: true, color: COLORS.muted, alignment });
  const meta = [
    ['Invoice number', String(data.invoiceNumber)],
    ['Invoice date', String(data.invoiceDate)],
    ['Due date', String(data.dueDate)],
  ];
  const cell = (text: string, alignment = 'left') => ({ text, alignment });
  const total = (name: string, value: number, bold = false) => [
    { text: name, colSpan: 3, alignment: 'right', bold, color: bold ? COLORS.accent : COLORS.muted, fontSize: bold ? 11.5 : 9 },
    {},
    {},
    { text: MONEY.format(value), alignment: 'right', bold, color: bold ? COLORS.accent : COLORS.text, fontSize: bold ? 11.5 : 9 },
  ];
  const section = (heading: string, text: string) => ({
    stack: [{ text: heading.toUpperCase(), fontSize: 7, bold: true, color: COLORS.accent, margin: [0, 0, 0, 3] }, text],
    margin: [0, 16, 0, 0],
  });
  return {
    pageSize: 'LETTER',
    pageMargins: 54,
    info: { title: `Invoice ${String(data.invoiceNumber)}` },
    defaultStyle: { font: 'DejaVuSans', fontSize: 9, color: COLORS.text, lineHeight: 1.1 },
    footer: (page: number, pages: number) => ({ text: `Page ${page} of ${pages}`, alignment: 'center', fontSize: 8, color: COLORS.muted, margin: [0, 20, 0, 0] }),
    content: [
      {
        columnGap: 16,
        columns: [
          { width: '60%', stack: [{ text: company.name, fontSize: 16, bold: true, color: COLORS.accent }, muted(company.address ?? ''), muted(company.email ?? ''), muted(company.phone ?? '')] },
          {
            width: '40%',
            stack: [
              { text: 'INVOICE', fontSize: 22, bold: true, color: COLORS.accent, alignment: 'right', margin: [0, 0, 0, 6] },
              { layout: 'noBorders', table: { widths: ['*', 'auto'], body: meta.map(([key, value]) => [muted(key), { text: value, fontSize: 8, bold: true, alignment: 'right' }]) } },
            ],
          },
        ],
      },
      { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 504, y2: 0, lineWidth: 1.5, lineColor: COLORS.accent }], margin: [0, 10, 0, 10] },
      {
        columnGap: 16,
        columns: [
          { width: '60%', stack: [label('BILL TO'), { text: client.name, fontSize: 11.5, bold: true }, muted(client.address ?? ''), muted(client.email ?? '')] },
          { width: '40%', stack: [label('AMOUNT DUE', 'right'), { text: MONEY.format(Number(data.total)), fontSize: 16, bold: true, alignment: 'right' }, { ...muted(`Due ${String(data.dueDate)}`), alignment: 'right' }] },
        ],
      },
      {
        margin: [0, 16, 0, 0],
        table: {
          headerRows: 1,
          dontBreakRows: true,
          widths: ['*', 'auto', 'auto', 'auto'],
          body: [
            ['Description', 'Qty', 'Unit price', 'Amount'].map((text, i) => ({ text, bold: true, color: COLORS.white, fillColor: COLORS.accent, alignment: i ? 'right' : 'left' })),
            ...items.map((item) => [cell(item.description), cell(QUANTITY.format(item.quantity), 'right'), cell(MONEY.format(item.unitPrice), 'right'), cell(MONEY.format(item.amount), 'right')]),
            total('Subtotal', Number(data.subtotal)),
            total('Tax', Number(data.tax)),
            total('Total', Number(data.total), true),
          ],
        },
        layout: {
          hLineWidth: () => 0,
          vLineWidth: () => 0,
          fillColor: (row: number) => (row > 0 && row <= items.length && row % 2 === 0 ? COLORS.zebra : null),
          paddingLeft: () => 6,
          paddingRight: () => 6,
          paddingTop: () => 5,
          paddingBottom: () => 5,
        },
      },
      section('Notes', String(data.notes)),
      section('Payment instructions', String(data.paymentInstructions)),
    ],
  };
}

/** pdfmake used the documented way on a server: a docDefinition in, the PDF bytes out. */
export function renderPdfmakeInvoice(data: Record<string, unknown>): Promise<Buffer> {
  loadFonts();
  return pdfmake.createPdf(pdfmakeInvoiceDefinition(data)).getBuffer();
}
