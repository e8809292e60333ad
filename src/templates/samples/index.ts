import { TemplateId } from '../../engine';
import { CALENDAR_SCHEDULE_SAMPLE } from './calendar-schedule.sample';
import { INVOICE_BASIC_SAMPLE } from './invoice-basic.sample';
import { KPI_DASHBOARD_SAMPLE } from './kpi-dashboard.sample';
import { WEEKLY_REPORT_SAMPLE } from './weekly-report.sample';

export { CALENDAR_SCHEDULE_SAMPLE, INVOICE_BASIC_SAMPLE, KPI_DASHBOARD_SAMPLE, WEEKLY_REPORT_SAMPLE };

/** Valid, realistic data for each template: used by docs, tests, benchmarks and visual snapshots. */
export const TEMPLATE_SAMPLES: Record<TemplateId, Record<string, unknown>> = {
  'invoice-basic': INVOICE_BASIC_SAMPLE,
  'weekly-report': WEEKLY_REPORT_SAMPLE,
  'calendar-schedule': CALENDAR_SCHEDULE_SAMPLE,
  'kpi-dashboard': KPI_DASHBOARD_SAMPLE,
};
