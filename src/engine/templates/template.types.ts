export const TEMPLATE_IDS = ['invoice-basic', 'weekly-report', 'calendar-schedule', 'kpi-dashboard'] as const;
export type TemplateId = (typeof TEMPLATE_IDS)[number];

export const TEMPLATE_CATEGORIES = ['calendar', 'report', 'dashboard', 'invoice', 'certificate', 'custom'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

export function isTemplateId(value: unknown): value is TemplateId {
  return typeof value === 'string' && (TEMPLATE_IDS as readonly string[]).includes(value);
}
