import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { resolveOptions } from '../src/engine/page/resolve-options';
import type { PdfOptionsInput, RenderRequest } from '../src/engine/page/pdf-options';
import { findTemplate } from '../src/engine/templates/built-in-templates';
import { invoiceWithItems } from '../test/support/render-cases';

/** The built-in invoice re-created in the template language: a POST /api/v1/templates body. */
export const CUSTOM_INVOICE_FILE = resolve(__dirname, '../../../examples/custom/invoice-basic.json');
/** The id the benchmark creates it under in its workspace. */
export const CUSTOM_INVOICE_ID = 'bench-invoice';

export interface TemplateBody {
  name: string;
  schema: Record<string, unknown>;
  layout: unknown;
  defaultOptions?: PdfOptionsInput;
  sampleData?: Record<string, unknown>;
}

/** The example, or why it cannot be used (yet). */
export function loadCustomInvoice(): TemplateBody | string {
  if (!existsSync(CUSTOM_INVOICE_FILE)) return `${CUSTOM_INVOICE_FILE} does not exist`;
  const body = JSON.parse(readFileSync(CUSTOM_INVOICE_FILE, 'utf8')) as Partial<TemplateBody>;
  if (!body.layout || !body.schema) return `${CUSTOM_INVOICE_FILE} has no layout or schema`;
  return body as TemplateBody;
}

/**
 * The data of all contenders: the invoice sample with 20 lines. The example's sampleData is the
 * built-in sample, so this is also that sampleData extended to 20 items.
 */
export function invoiceData(): Record<string, unknown> {
  return invoiceWithItems(20);
}

/** What the generate path hands the renderer for the custom template: its layout under a fixed key, its options over the defaults. */
export function customRenderRequest(body: TemplateBody, data: Record<string, unknown>, key: string): RenderRequest {
  const defaults = findTemplate('invoice-basic')!.defaultOptions; // Letter, portrait, 0.75in: the custom templates' defaults too
  return {
    templateId: CUSTOM_INVOICE_ID,
    data,
    options: resolveOptions(body.defaultOptions ?? {}, defaults),
    custom: { key, title: `Invoice ${String(data.invoiceNumber)}`, layout: body.layout },
  };
}
