import type { TemplateData } from '../templates/schemas';
import { TemplateId } from '../templates/template.types';
import { CalendarScheduleLayout } from './calendar-schedule.layout';
import { DocumentLayout } from './document-layout';
import { InvoiceBasicLayout } from './invoice-basic.layout';
import { KpiDashboardLayout } from './kpi-dashboard.layout';
import { WeeklyReportLayout } from './weekly-report.layout';

/** One stateless layout instance per template, shared by every render, each typed with its template's data. */
const TYPED_LAYOUTS: { [Id in TemplateId]: DocumentLayout<TemplateData[Id]> } = {
  'invoice-basic': new InvoiceBasicLayout(),
  'weekly-report': new WeeklyReportLayout(),
  'calendar-schedule': new CalendarScheduleLayout(),
  'kpi-dashboard': new KpiDashboardLayout(),
};

/**
 * The layouts as render-document calls them, with request data typed `Record<string, unknown>`.
 * The one cast: that data has passed its template's schema (src/templates/validation) before it
 * gets here, so it has the type the layout reads.
 */
export const LAYOUTS = TYPED_LAYOUTS as Record<TemplateId, DocumentLayout<Record<string, unknown>>>;
