import { TemplateId } from '../templates/template.types';
import { CalendarScheduleLayout } from './calendar-schedule.layout';
import { DocumentLayout } from './document-layout';
import { InvoiceBasicLayout } from './invoice-basic.layout';
import { KpiDashboardLayout } from './kpi-dashboard.layout';
import { WeeklyReportLayout } from './weekly-report.layout';

/** One stateless layout instance per template, shared by every render. */
export const LAYOUTS: Record<TemplateId, DocumentLayout> = {
  'invoice-basic': new InvoiceBasicLayout(),
  'weekly-report': new WeeklyReportLayout(),
  'calendar-schedule': new CalendarScheduleLayout(),
  'kpi-dashboard': new KpiDashboardLayout(),
};
