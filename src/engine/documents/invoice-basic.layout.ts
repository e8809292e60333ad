import type { InvoiceBasicData } from '../templates/schemas';
import { Block } from '../toolkit/block';
import { Canvas } from '../toolkit/canvas';
import { KeyValue, LabelValueList } from '../toolkit/key-value';
import { PageFlow } from '../toolkit/page-flow';
import { Paragraph } from '../toolkit/paragraph';
import { Rect } from '../toolkit/rect';
import { rule } from '../toolkit/rule';
import { VStack } from '../toolkit/stack';
import { TABLE_CELL_X, Table, TableColumn, TotalLine } from '../toolkit/table';
import { restyle, textStyle } from '../toolkit/text-style';
import { COLORS, SPACE, TYPE } from '../toolkit/theme';
import type { AssociatedFile } from '../associated-files';
import { ciiInvoice } from '../einvoice/cii-invoice';
import { isNegative } from '../einvoice/decimal';
import { EInvoiceProfile, PROFILE_FACTS } from '../einvoice/einvoice-profile';
import { DocumentLayout, DrawMode, PageFurniture } from './document-layout';
import { trimmed } from './format';
import { companyLogo } from './invoice/company-logo';
import { FittedText } from './invoice/fitted-text';
import { InvoiceFormat, invoiceFormat } from './invoice/invoice-format';
import { InvoiceItem, InvoiceTotals, invoiceTotals, TaxLine } from './invoice/invoice-totals';
import { partyDetails, paymentDetails } from './invoice/party-details';
import { DocumentType, DocumentWords, InvoiceLabels, invoiceLabels } from './invoice/labels/invoice-labels';
import { mailLink } from './invoice/mail-link';
import { rightInset } from './invoice/right-inset';
import { statusStamp } from './invoice/status-stamp';
import { twoColumns } from './invoice/two-columns';

export { invoiceTotals } from './invoice/invoice-totals';
export type { InvoiceTotals } from './invoice/invoice-totals';

const muted = textStyle(TYPE.small, COLORS.muted);
const label = textStyle(TYPE.tiny, COLORS.muted, { bold: true });
const body = textStyle(TYPE.body, COLORS.text);
/** The amount due shrinks to this size before it wraps (a 1e12 total in a narrow column). */
const HEADLINE_FLOOR = TYPE.body;
/** The masthead's word ("CREDIT NOTE", "NOTA DI CREDITO") shrinks to this size before it wraps. */
const TITLE_FLOOR = TYPE.title;

/** Everything one render needs to word and format the invoice. */
interface InvoiceContext {
  data: InvoiceBasicData;
  format: InvoiceFormat;
  labels: InvoiceLabels;
  type: DocumentType;
  words: DocumentWords;
  totals: InvoiceTotals;
  /** A right-to-left language (ar, he, fa, ur): the layout is mirrored. */
  rtl: boolean;
}

/** Languages written right to left, whose invoices are laid out as in a mirror. */
const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'yi', 'dv', 'ckb', 'sd', 'ug']);

/** Each render asks for the context three times (title, furniture, draw): the totals are summed once per data. */
const contexts = new WeakMap<InvoiceBasicData, InvoiceContext>();

function invoiceContext(data: InvoiceBasicData): InvoiceContext {
  let context = contexts.get(data);
  if (!context) {
    const format = invoiceFormat(data.locale, data.currency);
    const labels = invoiceLabels(format.language);
    const totals = invoiceTotals(data, format.moneyDigits);
    // A negative total sent without a type is money going back to the client.
    const type = data.documentType ?? (isNegative(totals.total) ? 'credit-note' : 'invoice');
    context = { data, format, labels, type, words: labels.documents[type], totals, rtl: RTL_LANGUAGES.has(format.language) };
    contexts.set(data, context);
  }
  return context;
}

/**
 * `invoice-basic`: company and client blocks, number and dates, items, totals, notes; worded and
 * formatted in the data's locale and currency; an invoice, credit note, quote or receipt.
 */
export class InvoiceBasicLayout implements DocumentLayout<InvoiceBasicData> {
  title(data: InvoiceBasicData): string {
    return documentName(invoiceContext(data));
  }

  furniture(data: InvoiceBasicData): PageFurniture {
    const context = invoiceContext(data);
    return { name: documentName(context), pageLabel: context.labels.page, continued: context.labels.continued };
  }

  draw(canvas: Canvas, frame: Rect, data: InvoiceBasicData, mode: DrawMode): void {
    const context = invoiceContext(data);
    const flow = new PageFlow(canvas, frame);
    flow.add(masthead(context, mode));
    flow.add(rule(SPACE.md, COLORS.accent, 1.5));
    flow.add(parties(context));
    flow.addKeptWithNext(itemsTable(context, mode), SPACE.lg, closing(context, mode), SPACE.lg);
  }

  /** The XML of the e-invoice, from the totals the page shows (the parser allowed only invoices and credit notes). */
  eInvoice(data: InvoiceBasicData, profile: EInvoiceProfile): AssociatedFile {
    const { totals, type, labels } = invoiceContext(data);
    const xml = ciiInvoice(data, totals, { profile, documentType: type === 'credit-note' ? 'credit-note' : 'invoice', dueOnReceipt: labels.dueOnReceipt });
    return { name: PROFILE_FACTS[profile].fileName, contentType: 'text/xml', data: Buffer.from(xml, 'utf8'), relationship: 'Alternative', description: 'Invoice data (UN/CEFACT CII)' };
  }
}

function documentName({ words, data }: InvoiceContext): string {
  return `${words.name} ${data.invoiceNumber.trim()}`.trim();
}

/** Paragraph options that start customer text at the layout's start: the right in a mirrored (right-to-left) invoice. */
function startAlign({ rtl }: InvoiceContext): { align?: 'right' } {
  return rtl ? { align: 'right' } : {};
}

function masthead(context: InvoiceContext, { eInvoice }: DrawMode): Block {
  const { data, format, labels, type, words, rtl } = context;
  const start = startAlign(context);
  const { company } = data;
  const companyLines: Block[] = [];
  const logo = trimmed(company?.logo);
  const name = trimmed(company?.name);
  if (logo) companyLines.push(companyLogo(logo, SPACE.sm, name ? `${name} logo` : undefined));
  if (name) companyLines.push(new Paragraph(name, textStyle(TYPE.title, COLORS.accent, { bold: true }), { balance: true, ...start }));
  const address = trimmed(company?.address);
  if (address) companyLines.push(new Paragraph(address, muted, start));
  const details = partyDetails(company, format, labels);
  if (details) companyLines.push(new Paragraph(details, muted, start));
  const email = trimmed(company?.email);
  if (email) companyLines.push(mailLink(email, muted, start.align));
  const phone = trimmed(company?.phone);
  if (phone) companyLines.push(new Paragraph(phone, muted, start));
  const contact = [company?.contact?.name, company?.contact?.phone, company?.contact?.email].map(trimmed).filter(Boolean).join(' · ');
  if (contact) companyLines.push(new Paragraph(`${labels.contact}: ${contact}`, muted, start));

  const meta: KeyValue[] = [{ key: words.number, value: data.invoiceNumber.trim() }];
  if (data.invoiceDate) meta.push({ key: words.date, value: format.date(data.invoiceDate) });
  if (data.dueDate) meta.push({ key: type === 'quote' ? labels.validUntil : labels.dueDate, value: format.date(data.dueDate) });
  const poNumber = trimmed(data.poNumber);
  if (poNumber) meta.push({ key: labels.poNumber, value: poNumber });
  // An e-invoice states a delivery date (the invoice date when none was sent) or a service period: the page says the same.
  if (data.servicePeriod) meta.push({ key: labels.servicePeriod, value: `${format.date(data.servicePeriod.start)} – ${format.date(data.servicePeriod.end)}` });
  const delivered = data.deliveryDate ?? (eInvoice && !data.servicePeriod ? data.invoiceDate : undefined);
  if (delivered) meta.push({ key: labels.deliveryDate, value: format.date(delivered) });
  const buyerReference = trimmed(data.buyerReference);
  if (buyerReference) meta.push({ key: labels.buyerReference, value: buyerReference });
  const right: Block[] = [new FittedText(words.title, textStyle(TYPE.display, COLORS.accent, { bold: true }), TITLE_FLOOR, rtl ? 'left' : 'right', 'H1'), new LabelValueList(meta, undefined, rtl)];
  // In the masthead, so it is always on the first page, whatever the length of what follows.
  if (data.status) right.push(statusStamp(labels.status[data.status], data.status === 'paid' ? COLORS.positive : COLORS.negative, SPACE.xs));
  return twoColumns(new VStack(companyLines, { gap: 2 }), rightInset(new VStack(right, { gap: SPACE.sm }), TABLE_CELL_X, rtl), SPACE.lg, SPACE.md, rtl);
}

function parties(context: InvoiceContext): Block {
  const { data, format, labels, type, words, totals, rtl } = context;
  const start = startAlign(context);
  const end = rtl ? 'left' : 'right';
  const { client } = data;
  const billTo: Block[] = [new Paragraph(labels.billTo, label, start), new Paragraph(client.name.trim(), restyle(body, { bold: true, size: TYPE.heading }), { balance: true, ...start })];
  const address = trimmed(client.address);
  if (address) billTo.push(new Paragraph(address, muted, start));
  const details = partyDetails(client, format, labels);
  if (details) billTo.push(new Paragraph(details, muted, start));
  const email = trimmed(client.email);
  if (email) billTo.push(mailLink(email, muted, start.align));

  const due: Block[] = [
    new Paragraph(words.headline, label, { align: end }),
    new FittedText(format.money(totals.total), textStyle(TYPE.title, COLORS.text, { bold: true }), HEADLINE_FLOOR, end),
  ];
  if (data.dueDate && type === 'invoice') due.push(new Paragraph(labels.due(format.date(data.dueDate)), muted, { align: end }));
  return twoColumns(new VStack(billTo, { gap: 2 }), rightInset(new VStack(due, { gap: 2 }), TABLE_CELL_X, rtl), SPACE.lg, SPACE.md, rtl);
}

function itemsTable({ data, format, labels, totals, rtl }: InvoiceContext, mode: DrawMode): Block {
  const { items, subtotal, taxLines, tax, total } = totals;
  const withRates = items.some((item) => item.taxRate !== undefined);
  const columns: TableColumn[] = [
    { header: labels.description, width: { fr: 1 } },
    { header: labels.quantity, width: 'auto', align: 'right' },
    { header: labels.unitPrice, width: 'auto', align: 'right' },
    ...(withRates ? [{ header: labels.tax, width: 'auto', align: 'right' } as const] : []),
    { header: labels.amount, width: 'auto', align: 'right' },
  ];
  const rows = items.map((item) => [
    lineDescription(item, labels),
    item.quantity === undefined ? '' : format.quantity(item.quantity),
    item.unitPrice === undefined ? '' : format.unitPrice(item.unitPrice),
    ...(withRates ? [item.taxRate === undefined ? '' : format.percent(item.taxRate)] : []),
    format.money(item.amount),
  ]);
  // A tax sent with the data wins over the rates on a plain invoice; an e-invoice's tax is their sum (checked) and shows its breakdown.
  const breakdown = taxLines.length > 0 && (data.tax === undefined || mode.eInvoice !== undefined);
  const taxTotals: TotalLine[] = breakdown
    ? taxLines.map((line) => ({ label: taxLineLabel(line, format, labels), value: format.money(line.amount) }))
    : [{ label: labels.tax, value: format.money(tax) }];
  return new Table({
    columns,
    rows,
    rowStyle: 'zebra',
    totals: [{ label: labels.subtotal, value: format.money(subtotal) }, ...taxTotals, { label: labels.total, value: format.money(total), emphasis: true }],
    emptyText: labels.noItems,
    mirrored: rtl,
    rowPadding: 3,
  });
}

/** The description, and under it the category and exemption reason of a line that is not at the standard rate. */
function lineDescription(item: InvoiceItem, labels: InvoiceLabels): string {
  const category = item.taxCategory && item.taxCategory !== 'S' ? labels.taxCategories[item.taxCategory] : '';
  const reason = item.taxExemptionReason ?? '';
  // "Reverse charge: VAT to be accounted for by the recipient" already names its category.
  const note = category && !reason.toLocaleLowerCase().startsWith(category.toLocaleLowerCase()) ? [category, reason].filter(Boolean).join(': ') : reason;
  return note ? `${item.description}\n${note}` : item.description;
}

/** "VAT 19%"; beside another category its word: "VAT 0% · Reverse charge". */
function taxLineLabel(line: TaxLine, format: InvoiceFormat, labels: InvoiceLabels): string {
  const label = `${labels.tax} ${format.percent(line.rate)}`;
  return line.category === 'S' ? label : `${label} · ${labels.taxCategories[line.category]}`;
}

function section(heading: string, content: string, context: InvoiceContext): Block {
  const start = startAlign(context);
  return new VStack(
    [new Paragraph(heading.toLocaleUpperCase(context.format.locale), textStyle(TYPE.tiny, COLORS.accent, { bold: true }), { role: 'H2', ...start }), new Paragraph(content, body, start)],
    { gap: SPACE.xs, keepFirstWithNext: 1 },
  );
}

/**
 * What follows the totals: the notes beside the payment details and instructions (side by side,
 * so that a 20-item Letter invoice keeps them on its one page), and the e-invoice's statement.
 */
function closing(context: InvoiceContext, mode: DrawMode): Block {
  const { data, labels } = context;
  const payment = paymentDetails(data, context.format, labels, mode.eInvoice !== undefined);
  const sections = ([
    [labels.notes, trimmed(data.notes)],
    [labels.payment, payment],
    [labels.paymentInstructions, trimmed(data.paymentInstructions)],
  ] as const).flatMap(([heading, content]) => (content ? [section(heading, content, context)] : []));
  const [first, ...others] = sections;
  const blocks: Block[] = [];
  if (first) blocks.push(others.length > 0 ? twoColumns(first, new VStack(others, { gap: SPACE.lg }), SPACE.xl, SPACE.lg, context.rtl) : first);
  if (mode.eInvoice) blocks.push(new Paragraph(labels.eInvoice(PROFILE_FACTS[mode.eInvoice].name), muted, startAlign(context)));
  return new VStack(blocks, { gap: SPACE.lg });
}
