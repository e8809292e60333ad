import type { FieldType, IDataObject, ILoadOptionsFunctions, INodePropertyOptions, ResourceMapperField, ResourceMapperFields } from 'n8n-workflow';
import { pdfgenRequest } from './api';

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  description?: string;
  required?: string[];
  properties?: Record<string, JsonSchema>;
}

/** The template's data schema, as the service validates it (GET /api/v1/templates/:id/schema). */
export async function templateSchema(context: Parameters<typeof pdfgenRequest>[0], templateId: string): Promise<JsonSchema> {
  const answer = await pdfgenRequest(context, 'GET', `/api/v1/templates/${encodeURIComponent(templateId)}/schema`);
  return answer.schema as JsonSchema;
}

/** Every template the key may use: the built-ins and the workspace's custom ones. */
export async function getTemplates(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
  const answer = await pdfgenRequest(this, 'GET', '/api/v1/templates');
  return (answer.templates as IDataObject[]).map((template) => ({
    name: template.custom ? `${template.name} (custom)` : String(template.name),
    value: String(template.id),
    description: String(template.description ?? ''),
  }));
}

function fieldType(schema: JsonSchema): FieldType {
  const types = Array.isArray(schema.type) ? schema.type.filter((type) => type !== 'null') : [schema.type];
  if (schema.enum) return 'options';
  if (types.includes('integer') || types.includes('number')) return 'number';
  if (types.includes('boolean')) return 'boolean';
  if (types.includes('array')) return 'array';
  if (types.includes('object')) return 'object';
  return 'string';
}

/** One field per top-level property of the chosen template's schema; nested objects and lists take JSON. */
export async function getTemplateFields(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
  const templateId = this.getNodeParameter('templateId', '') as string;
  if (!templateId) return { fields: [] };
  const schema = await templateSchema(this, templateId);
  const required = new Set(schema.required ?? []);
  const fields: ResourceMapperField[] = Object.entries(schema.properties ?? {}).map(([id, property]) => ({
    id,
    displayName: id,
    required: required.has(id),
    defaultMatch: false,
    display: true,
    type: fieldType(property),
    ...(property.enum && { options: property.enum.map((value) => ({ name: String(value), value: value as string })) }),
  }));
  return { fields };
}
