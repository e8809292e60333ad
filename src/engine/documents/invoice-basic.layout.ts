import { Block } from '../toolkit/block';
import { Canvas } from '../toolkit/canvas';
import { LabelValueList } from '../toolkit/key-value';
import { Frame, PageFlow } from '../toolkit/page-flow';
import { Paragraph } from '../toolkit/paragraph';
import { rule } from '../toolkit/rule';
import { HStack, VStack } from '../toolkit/stack';
import { Table, TotalLine } from '../toolkit/table';
import { COLORS, SPACE, TYPE } from '../toolkit/theme';
import { DocumentLayout } from './document-layout';
import { formatMoney, formatQuantity, list, num, record, text } from './format';

interface InvoiceItem {
  description: string;
  quantity?: number;
  unitPrice?: number;
  amount: number;
}

/** Invoice figures: the customer's numbers where sent, otherwise computed from the items. */
export interface InvoiceTotals {
  items: InvoiceItem[];
  subtotal: number;
  tax: number;
  total: number;
}

export function invoiceTotals(data: Record<string, unknown>): InvoiceTotals {
  const items = list<Record<string, unknown>>(data.items).map((raw) => {
    const item = record(raw);
    const quantity = num(item.quantity);
    const unitPrice = num(item.unitPrice);
    return { description: text(item.description), quantity, unitPrice, amount: num(item.amount) ?? (quantity ?? 0) * (unitPrice ?? 0) };
  });
  const subtotal = num(data.subtotal) ?? items.reduce((sum, item) => sum + item.amount, 0);
  const tax = num(data.tax) ?? 0;
  return { items, subtotal, tax, total: num(data.total) ?? subtotal + tax };
}

const muted = { size: TYPE.small, color: COLORS.muted };
const label = { size: TYPE.tiny, color: COLORS.muted, bold: true };
const body = { size: TYPE.body, color: COLORS.text };

/** `invoice-basic`: company and client blocks, number and dates, items, totals, notes. */
export class InvoiceBasicLayout implements DocumentLayout {
  title(data: Record<string, unknown>): string {
    return `Invoice ${text(data.invoiceNumber)}`.trim();
  }

  draw(canvas: Canvas, frame: Frame, data: Record<string, unknown>): void {
    const flow = new PageFlow(canvas, frame);
    const totals = invoiceTotals(data);
    flow.add(this.masthead(data));
    flow.add(rule(SPACE.md, COLORS.accent, 1.5));
    flow.add(this.parties(data, totals));
    flow.add(this.itemsTable(totals), SPACE.lg);
    for (const [heading, content] of [
      ['Notes', text(data.notes)],
      ['Payment instructions', text(data.paymentInstructions)],
    ]) {
      if (content) flow.add(section(heading, content), SPACE.lg);
    }
  }

  private masthead(data: Record<string, unknown>): Block {
    const company = record(data.company);
    const companyLines: Block[] = [];
    const name = text(company.name);
    if (name) companyLines.push(new Paragraph(name, { size: TYPE.title, color: COLORS.accent, bold: true }, { maxLines: 2 }));
    for (const field of ['address', 'email', 'phone']) {
      const value = text(company[field]);
      if (value) companyLines.push(new Paragraph(value, muted, { maxLines: 4 }));
    }
    const meta = [{ key: 'Invoice number', value: text(data.invoiceNumber) }];
    if (text(data.invoiceDate)) meta.push({ key: 'Invoice date', value: text(data.invoiceDate) });
    if (text(data.dueDate)) meta.push({ key: 'Due date', value: text(data.dueDate) });
    const right = new VStack(
      [new Paragraph('INVOICE', { size: TYPE.display, color: COLORS.accent, bold: true }, { align: 'right', singleLine: true }), new LabelValueList(meta)],
      { gap: SPACE.sm },
    );
    return new HStack([{ block: new VStack(companyLines, { gap: 2 }), fraction: 3 }, { block: right, fraction: 2 }], SPACE.lg);
  }

  private parties(data: Record<string, unknown>, totals: InvoiceTotals): Block {
    const client = record(data.client);
    const billTo: Block[] = [new Paragraph('BILL TO', label), new Paragraph(text(client.name), { ...body, bold: true, size: TYPE.heading }, { maxLines: 3 })];
    for (const field of ['address', 'email']) {
      const value = text(client[field]);
      if (value) billTo.push(new Paragraph(value, muted, { maxLines: 5 }));
    }
    const due: Block[] = [
      new Paragraph('AMOUNT DUE', label, { align: 'right' }),
      new Paragraph(formatMoney(totals.total), { size: TYPE.title, color: COLORS.text, bold: true }, { align: 'right', singleLine: true }),
    ];
    if (text(data.dueDate)) due.push(new Paragraph(`Due ${text(data.dueDate)}`, muted, { align: 'right' }));
    return new HStack([{ block: new VStack(billTo, { gap: 2 }), fraction: 3 }, { block: new VStack(due, { gap: 2 }), fraction: 2 }], SPACE.lg);
  }

  private itemsTable({ items, subtotal, tax, total }: InvoiceTotals): Block {
    const money = (value: number | undefined) => (value === undefined ? '' : formatMoney(value));
    const totalLines: TotalLine[] = [
      { label: 'Subtotal', value: formatMoney(subtotal) },
      { label: 'Tax', value: formatMoney(tax) },
      { label: 'Total', value: formatMoney(total), emphasis: true },
    ];
    return new Table({
      columns: [
        { header: 'Description', width: { fr: 1 } },
        { header: 'Qty', width: 'auto', align: 'right' },
        { header: 'Unit price', width: 'auto', align: 'right' },
        { header: 'Amount', width: 'auto', align: 'right' },
      ],
      rows: items.map((item) => [item.description, item.quantity === undefined ? '' : formatQuantity(item.quantity), money(item.unitPrice), formatMoney(item.amount)]),
      rowStyle: 'zebra',
      totals: totalLines,
      emptyText: 'No items',
    });
  }
}

function section(heading: string, content: string): Block {
  return new VStack(
    [new Paragraph(heading.toUpperCase(), { size: TYPE.tiny, color: COLORS.accent, bold: true }), new Paragraph(content, body)],
    { gap: SPACE.xs, keepFirstWithNext: 1 },
  );
}
