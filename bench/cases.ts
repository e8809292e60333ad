import type { RenderRequest } from '../src/engine/page/pdf-options';
import { TEMPLATE_SAMPLES } from '../src/templates/samples';
import { TEMPLATE_IDS, TemplateId } from '../src/engine/templates/template.types';
import { InvoiceItem, invoiceWithItems, renderRequest, scriptInvoice } from '../test/support/render-cases';

export interface RenderCase {
  name: string;
  templateId: TemplateId;
  data: Record<string, unknown>;
  /** Median target of issue 4, in ms; undefined where the issue sets none. */
  targetMs?: number;
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
    // Issue 35's cost: dictionary line breaks (Thai) and the Japanese forms and line rules.
    { name: 'invoice-basic 20 items, Thai', templateId: 'invoice-basic', data: scriptInvoice('thai') },
    { name: 'invoice-basic 20 items, Japanese', templateId: 'invoice-basic', data: scriptInvoice('japanese') },
    ...samples,
  ];
}
