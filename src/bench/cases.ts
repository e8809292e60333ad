import { resolveOptions } from '../engine/page/resolve-options';
import type { Orientation, RenderRequest } from '../engine/page/pdf-options';
import { findTemplate } from '../engine/templates/built-in-templates';
import { INVOICE_BASIC_SAMPLE, TEMPLATE_SAMPLES } from '../templates/samples';
import { TEMPLATE_IDS, TemplateId } from '../engine/templates/template.types';

export interface RenderCase {
  name: string;
  templateId: TemplateId;
  data: Record<string, unknown>;
  /** Median target of issue 4, in ms; undefined where the issue sets none. */
  targetMs?: number;
}

interface InvoiceItem {
  description: string;
  quantity: number;
  unitPrice: number;
  amount: number;
}

/** The invoice sample with `count` lines cycled from its own items; totals add up (tax 9.5%). */
export function invoiceWithItems(count: number): Record<string, unknown> {
  const base = INVOICE_BASIC_SAMPLE.items as InvoiceItem[];
  const items = Array.from({ length: count }, (_, i) => {
    const from = base[i % base.length];
    return { ...from, description: `${from.description} — line ${i + 1}` };
  });
  const subtotal = round2(items.reduce((sum, item) => sum + item.amount, 0));
  const tax = round2(subtotal * 0.095);
  return { ...INVOICE_BASIC_SAMPLE, items, subtotal, tax, total: round2(subtotal + tax) };
}

/**
 * `variants` requests for the invoice with `count` lines, each with descriptions of its own
 * (pseudo-random words over Latin, Greek and Cyrillic letters), so that each document draws a
 * different glyph set and new strings: the renderer's subset and shaping caches miss.
 */
export function invoiceVariants(count: number, variants: number): RenderRequest[] {
  const letters = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZàéèêëïôöüßçñαβγδεζηθλμπσφωжзиклмнпрстуфы'];
  let seed = 1;
  const random = (below: number) => (seed = (seed * 48271) % 2147483647) % below;
  const word = () => Array.from({ length: 3 + random(6) }, () => letters[random(letters.length)]).join('');
  return Array.from({ length: variants }, () => {
    const data = invoiceWithItems(count);
    for (const item of data.items as InvoiceItem[]) item.description = `${word()} ${word()} ${word()}`;
    return renderRequest('invoice-basic', data);
  });
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Each template with its sample data, and the invoice with 20 and 1,000 lines. */
export function renderCases(): RenderCase[] {
  const samples: RenderCase[] = TEMPLATE_IDS.map((id) => ({
    name: `${id} (sample)`,
    templateId: id,
    data: TEMPLATE_SAMPLES[id],
    targetMs: id === 'invoice-basic' ? undefined : 5,
  }));
  return [
    { name: 'invoice-basic 20 items', templateId: 'invoice-basic', data: invoiceWithItems(20), targetMs: 3 },
    { name: 'invoice-basic 1,000 items', templateId: 'invoice-basic', data: invoiceWithItems(1000), targetMs: 100 },
    ...samples,
  ];
}

/** The request the controller would hand the pool for this data with no caller options. */
export function renderRequest(templateId: TemplateId, data: Record<string, unknown>): RenderRequest {
  const template = findTemplate(templateId);
  if (!template) throw new Error(`Unknown template ${templateId}`);
  const orientation = template.honoursDataOrientation ? dataOrientation(data) : undefined;
  const { options, errors } = resolveOptions(undefined, template.defaultOptions, orientation);
  if (!options) throw new Error(`Default options of ${templateId} do not resolve: ${errors.join('; ')}`);
  return { templateId, data, options };
}

function dataOrientation(data: Record<string, unknown>): Orientation | undefined {
  return data.orientation === 'portrait' || data.orientation === 'landscape' ? data.orientation : undefined;
}
