import { resolveOptions } from '../../src/engine/page/resolve-options';
import type { Orientation, RenderRequest } from '../../src/engine/page/pdf-options';
import { dataLang } from '../../src/engine';
import { findTemplate } from '../../src/engine/templates/built-in-templates';
import { INVOICE_BASIC_SAMPLE } from '../../src/templates/samples';
import type { TemplateId } from '../../src/engine/templates/template.types';

/** Render inputs shared by unit tests and the benchmark (bench/). */

export interface InvoiceItem {
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

/** The 20-line invoice in Thai or Japanese (issue 35's cost): its locale, party names, descriptions and notes in that script. */
export function scriptInvoice(script: 'thai' | 'japanese'): Record<string, unknown> {
  const data = invoiceWithItems(20);
  const thai = script === 'thai';
  const items = (data.items as InvoiceItem[]).map((item, i) => ({
    ...item,
    description: thai ? `ค่าตัดต่อวิดีโอสำหรับโครงการพัฒนาระบบบัญชี ${i + 1}` : `映像編集（第${i + 1}話）・カラーグレーディング`,
  }));
  return {
    ...data,
    locale: thai ? 'th-TH' : 'ja-JP',
    company: { ...(data.company as object), name: thai ? 'บริษัท ภาพยนตร์ไทย จำกัด (มหาชน)' : '株式会社東京映像制作所' },
    client: { ...(data.client as object), name: thai ? 'สำนักงานกฎหมายกรุงเทพมหานคร' : '北京电影制片厂有限公司' },
    items,
    notes: thai ? 'กรุณาชำระเงินภายใน 30 วัน ขอบคุณที่ใช้บริการของเรา' : 'お支払いは月末までにお願いいたします。ご不明な点がございましたら、お気軽にお問い合わせください。',
  };
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The request the controller would hand the pool for this data with no caller options. */
export function renderRequest(templateId: TemplateId, data: Record<string, unknown>): RenderRequest {
  const template = findTemplate(templateId);
  if (!template) throw new Error(`Unknown template ${templateId}`);
  const orientation = template.honoursDataOrientation ? dataOrientation(data) : undefined;
  return { templateId, data, options: resolveOptions({}, template.defaultOptions, orientation, template.honoursDataLocale ? dataLang(data) : undefined) };
}

function dataOrientation(data: Record<string, unknown>): Orientation | undefined {
  return data.orientation === 'portrait' || data.orientation === 'landscape' ? data.orientation : undefined;
}
