import type { InvoiceBasicData } from '../templates/schemas';
import { Block } from '../toolkit/block';
import { Canvas } from '../toolkit/canvas';
import { LabelValueList } from '../toolkit/key-value';
import { PageFlow } from '../toolkit/page-flow';
import { Paragraph } from '../toolkit/paragraph';
import { Rect } from '../toolkit/rect';
import { rule } from '../toolkit/rule';
import { HStack, VStack } from '../toolkit/stack';
import { Table, TotalLine } from '../toolkit/table';
import { COLORS, SPACE, TYPE } from '../toolkit/theme';
import { DocumentLayout } from './document-layout';
import { formatMoney, formatQuantity, trimmed } from './format';

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

export function invoiceTotals(data: Pick<InvoiceBasicData, 'items' | 'subtotal' | 'tax' | 'total'>): InvoiceTotals {
  const items = data.items.map(({ description, quantity, unitPrice, amount }) => ({
    description: description.trim(),
    quantity,
    unitPrice,
    amount: amount ?? (quantity ?? 0) * (unitPrice ?? 0),
  }));
  const subtotal = data.subtotal ?? items.reduce((sum, item) => sum + item.amount, 0);
  const tax = data.tax ?? 0;
  return { items, subtotal, tax, total: data.total ?? subtotal + tax };
}

const muted = { size: TYPE.small, color: COLORS.muted };
const label = { size: TYPE.tiny, color: COLORS.muted, bold: true };
const body = { size: TYPE.body, color: COLORS.text };

/** `invoice-basic`: company and client blocks, number and dates, items, totals, notes. */
export class InvoiceBasicLayout implements DocumentLayout<InvoiceBasicData> {
  title(data: InvoiceBasicData): string {
    return `Invoice ${data.invoiceNumber.trim()}`.trim();
  }

  draw(canvas: Canvas, frame: Rect, data: InvoiceBasicData): void {
    const flow = new PageFlow(canvas, frame);
    const totals = invoiceTotals(data);
    flow.add(this.masthead(data));
    flow.add(rule(SPACE.md, COLORS.accent, 1.5));
    flow.add(this.parties(data, totals));
    flow.add(this.itemsTable(totals), SPACE.lg);
    for (const [heading, content] of [
      ['Notes', trimmed(data.notes)],
      ['Payment instructions', trimmed(data.paymentInstructions)],
    ]) {
      if (content) flow.add(section(heading, content), SPACE.lg);
    }
  }

  private masthead(data: InvoiceBasicData): Block {
    const { company } = data;
    const companyLines: Block[] = [];
    const name = trimmed(company?.name);
    if (name) companyLines.push(new Paragraph(name, { size: TYPE.title, color: COLORS.accent, bold: true }, { maxLines: 2 }));
    for (const field of ['address', 'email', 'phone'] as const) {
      const value = trimmed(company?.[field]);
      if (value) companyLines.push(new Paragraph(value, muted, { maxLines: 4 }));
    }
    const meta = [{ key: 'Invoice number', value: data.invoiceNumber.trim() }];
    if (data.invoiceDate) meta.push({ key: 'Invoice date', value: data.invoiceDate });
    if (data.dueDate) meta.push({ key: 'Due date', value: data.dueDate });
    const right = new VStack(
      [new Paragraph('INVOICE', { size: TYPE.display, color: COLORS.accent, bold: true }, { align: 'right', singleLine: true }), new LabelValueList(meta)],
      { gap: SPACE.sm },
    );
    return new HStack([{ block: new VStack(companyLines, { gap: 2 }), fraction: 3 }, { block: right, fraction: 2 }], SPACE.lg);
  }

  private parties(data: InvoiceBasicData, totals: InvoiceTotals): Block {
    const { client } = data;
    const billTo: Block[] = [new Paragraph('BILL TO', label), new Paragraph(client.name.trim(), { ...body, bold: true, size: TYPE.heading }, { maxLines: 3 })];
    for (const field of ['address', 'email'] as const) {
      const value = trimmed(client[field]);
      if (value) billTo.push(new Paragraph(value, muted, { maxLines: 5 }));
    }
    const due: Block[] = [
      new Paragraph('AMOUNT DUE', label, { align: 'right' }),
      new Paragraph(formatMoney(totals.total), { size: TYPE.title, color: COLORS.text, bold: true }, { align: 'right', singleLine: true }),
    ];
    if (data.dueDate) due.push(new Paragraph(`Due ${data.dueDate}`, muted, { align: 'right' }));
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
