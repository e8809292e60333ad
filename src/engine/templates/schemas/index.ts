import { TemplateId } from '../template.types';
import { CALENDAR_SCHEDULE_SCHEMA } from './calendar-schedule.schema';
import { INVOICE_BASIC_SCHEMA } from './invoice-basic.schema';
import { JsonSchema } from './json-schema.types';
import { KPI_DASHBOARD_SCHEMA } from './kpi-dashboard.schema';
import { WEEKLY_REPORT_SCHEMA } from './weekly-report.schema';

export type { JsonSchema };
export { FORMATS, LIMITS } from './schema-builders';

/** Frozen so that no consumer can change what is served apart from what was compiled. */
function deepFreeze<T>(value: T): T {
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
