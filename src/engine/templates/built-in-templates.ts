import { DefaultPdfOptions } from '../page/pdf-options';
import { TEMPLATE_SCHEMAS, JsonSchema } from './schemas';
import { TemplateCategory, TemplateId } from './template.types';

export interface TemplateDefinition {
  id: TemplateId;
  name: string;
  description: string;
  category: TemplateCategory;
  version: string;
  schema: JsonSchema;
  defaultOptions: DefaultPdfOptions;
  /** `data.orientation` picks the orientation when `options.orientation` does not (calendar-schedule). */
  honoursDataOrientation?: boolean;
  /** `data.locale` is the document's language when `options.lang` names none (invoice-basic). */
  honoursDataLocale?: boolean;
}

const margins = (all: string) => ({ top: all, right: all, bottom: all, left: all });

/** The built-in templates. Which plans include them is decided in workspaces/plans.ts. */
export const BUILT_IN_TEMPLATES: readonly TemplateDefinition[] = [
  {
    id: 'invoice-basic',
    name: 'Basic Invoice',
    description: 'Invoice with company and client blocks, an items table that breaks across pages, and subtotal, tax and total.',
    category: 'invoice',
    version: '1.0.0',
    schema: TEMPLATE_SCHEMAS['invoice-basic'],
    defaultOptions: { format: 'Letter', orientation: 'portrait', margin: margins('0.75in') },
    honoursDataLocale: true,
  },
  {
    id: 'weekly-report',
    name: 'Weekly Project Report',
    description: 'Weekly status of projects: status, key dates, progress, stakeholders, milestones and updates.',
    category: 'report',
    version: '1.0.0',
    schema: TEMPLATE_SCHEMAS['weekly-report'],
    defaultOptions: { format: 'Letter', orientation: 'portrait', margin: margins('0.6in') },
  },
  {
    id: 'calendar-schedule',
    name: 'Calendar Schedule',
    description: 'One month grid per page with coloured event chips, multi-day ranges and a legend.',
    category: 'calendar',
    version: '1.0.0',
    schema: TEMPLATE_SCHEMAS['calendar-schedule'],
    defaultOptions: { format: 'Letter', orientation: 'landscape', margin: margins('0.5in') },
    honoursDataOrientation: true,
  },
  {
    id: 'kpi-dashboard',
    name: 'KPI Dashboard',
    description: 'Metric tiles with change and trend arrows, followed by commentary sections.',
    category: 'dashboard',
    version: '1.0.0',
    schema: TEMPLATE_SCHEMAS['kpi-dashboard'],
    defaultOptions: { format: 'Letter', orientation: 'portrait', margin: margins('0.6in') },
  },
];

const BY_ID = new Map(BUILT_IN_TEMPLATES.map((t) => [t.id, t]));

export function findTemplate(id: string): TemplateDefinition | undefined {
  return BY_ID.get(id as TemplateId);
}
