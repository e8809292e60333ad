import type { TemplateDefinition } from '../engine';
import type { CustomTemplateRecord } from './custom/store/custom-template.store';

/** A template as the API shows it (DECISIONS section 9); built-ins have no dates. */
export interface TemplateObject {
  id: string;
  name: string;
  description: string;
  category: string;
  version: string;
  custom: boolean;
  createdAt?: string;
  updatedAt?: string;
}

export function builtInObject(template: TemplateDefinition): TemplateObject {
  const { id, name, description, category, version } = template;
  return { id, name, description, category, version, custom: false };
}

export function customObject(record: CustomTemplateRecord): TemplateObject {
  const { id, name, description, category, version } = record;
  return { id, name, description, category, version, custom: true, createdAt: record.createdAt.toISOString(), updatedAt: record.updatedAt.toISOString() };
}
