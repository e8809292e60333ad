import { TemplateId } from '../../templates/template.types';
import { CalendarScheduleLayout } from '../layouts/calendar-schedule.layout';
import { DocumentLayout } from '../layouts/document-layout';
import { InvoiceBasicLayout } from '../layouts/invoice-basic.layout';
import { KpiDashboardLayout } from '../layouts/kpi-dashboard.layout';
import { WeeklyReportLayout } from '../layouts/weekly-report.layout';

/** One stateless layout instance per template, shared by every render. */
export const LAYOUTS: Record<TemplateId, DocumentLayout> = {
  'invoice-basic': new InvoiceBasicLayout(),
  'weekly-report': new WeeklyReportLayout(),
  'calendar-schedule': new CalendarScheduleLayout(),
  'kpi-dashboard': new KpiDashboardLayout(),
};
