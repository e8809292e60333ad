import { TemplateId } from '../../templates/template.types';
import { DocumentLayout } from '../layouts/document-layout';
import { InvoiceBasicLayout } from '../layouts/invoice-basic.layout';
import { WeeklyReportLayout } from '../layouts/weekly-report.layout';

/** One stateless layout instance per template, shared by every render. */
export const LAYOUTS: Partial<Record<TemplateId, DocumentLayout>> = {
  'invoice-basic': new InvoiceBasicLayout(),
  'weekly-report': new WeeklyReportLayout(),
};
