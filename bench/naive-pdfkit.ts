import { resolve } from 'node:path';
import PDFDocument from 'pdfkit';

/** The repository's fonts directory, from the build in bench/.build/bench. */
export const FONTS_DIR = resolve(__dirname, '../../../fonts');

interface Line {
  description: string;
  quantity: number;
  unitPrice: number;
  amount: number;
}

const money = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * PDFKit used the usual way: a new document per PDF, the embedded TrueType fonts registered by
 * path each time (so fontkit reads and parses them and builds the subset per document), and a
 * simple invoice of text lines and a table. The baseline of issue 4.
 */
export function renderNaiveInvoice(data: Record<string, unknown>): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 54, info: { Title: String(data.invoiceNumber) } });
  const done = new Promise<Buffer>((ok, fail) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => ok(Buffer.concat(chunks)));
    doc.on('error', fail);
  });
  doc.registerFont('Body', resolve(FONTS_DIR, 'DejaVuSans.ttf'));
  doc.registerFont('Bold', resolve(FONTS_DIR, 'DejaVuSans-Bold.ttf'));

  const company = data.company as Record<string, string>;
  const client = data.client as Record<string, string>;
  const items = data.items as Line[];
  const left = 54;
  const width = doc.page.width - 108;

  doc.font('Bold').fontSize(22).text('INVOICE', left, 54);
  doc.font('Body').fontSize(10).text(`${data.invoiceNumber}   Date ${data.invoiceDate}   Due ${data.dueDate}`);
  doc.moveDown();
  doc.font('Bold').text(company.name);
  doc.font('Body').text(company.address, { width: width / 2 }).text(company.email).text(company.phone);
  doc.moveDown();
  doc.font('Bold').text('Bill to');
  doc.font('Body').text(client.name).text(client.address, { width: width / 2 }).text(client.email);
  doc.moveDown();

  const columns = [
    { title: 'Description', x: left, w: width * 0.52, align: 'left' as const },
    { title: 'Qty', x: left + width * 0.52, w: width * 0.12, align: 'right' as const },
    { title: 'Unit price', x: left + width * 0.64, w: width * 0.18, align: 'right' as const },
    { title: 'Amount', x: left + width * 0.82, w: width * 0.18, align: 'right' as const },
  ];
  let y = doc.y;
  doc.font('Bold');
  for (const c of columns) doc.text(c.title, c.x, y, { width: c.w, align: c.align });
  y += 16;
  doc.moveTo(left, y - 3).lineTo(left + width, y - 3).stroke();
  doc.font('Body');
  for (const item of items) {
    if (y > doc.page.height - 120) {
      doc.addPage();
      y = 54;
    }
    const cells = [item.description, String(item.quantity), money(item.unitPrice), money(item.amount)];
    const rowHeight = doc.heightOfString(item.description, { width: columns[0].w });
    columns.forEach((c, i) => doc.text(cells[i], c.x, y, { width: c.w, align: c.align }));
    y += rowHeight + 4;
  }
  doc.moveTo(left, y).lineTo(left + width, y).stroke();
  y += 8;
  for (const [label, value, bold] of [
    ['Subtotal', data.subtotal, false],
    ['Tax', data.tax, false],
    ['Total', data.total, true],
  ] as const) {
    doc.font(bold ? 'Bold' : 'Body');
    doc.text(label, columns[2].x, y, { width: columns[2].w, align: 'right' });
    doc.text(money(Number(value)), columns[3].x, y, { width: columns[3].w, align: 'right' });
    y += 16;
  }
  doc.font('Body').text(String(data.notes), left, y + 10, { width });
  doc.moveDown().text(String(data.paymentInstructions), { width });
  doc.end();
  return done;
}
