import { TemplateId } from '../template.types';
import { CALENDAR_SCHEDULE_SCHEMA, type CalendarScheduleData } from './calendar-schedule.schema';
import { INVOICE_BASIC_SCHEMA, type InvoiceBasicData } from './invoice-basic.schema';
import { JsonSchema } from './json-schema.types';
import { KPI_DASHBOARD_SCHEMA, type KpiDashboardData } from './kpi-dashboard.schema';
import { WEEKLY_REPORT_SCHEMA, type WeeklyReportData } from './weekly-report.schema';

export type { JsonSchema, CalendarScheduleData, InvoiceBasicData, KpiDashboardData, WeeklyReportData };
export { FORMATS, LIMITS } from './schema-builders';

/** Frozen so that no consumer can change what is served apart from what was compiled. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

/** The single source of truth: served by GET /templates/:id/schema and compiled by the data validator. */
export const TEMPLATE_SCHEMAS: Record<TemplateId, JsonSchema> = deepFreeze({
  'invoice-basic': INVOICE_BASIC_SCHEMA,
  'weekly-report': WEEKLY_REPORT_SCHEMA,
  'calendar-schedule': CALENDAR_SCHEDULE_SCHEMA,
  'kpi-dashboard': KPI_DASHBOARD_SCHEMA,
});

/** The data type of each template, as its schema describes it. */
export interface TemplateData {
  'invoice-basic': InvoiceBasicData;
  'weekly-report': WeeklyReportData;
  'calendar-schedule': CalendarScheduleData;
  'kpi-dashboard': KpiDashboardData;
}
