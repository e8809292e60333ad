import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';
import { coerceBySchema } from './shared/coerce-by-schema';
import { templateSchema } from './template-fields';

export interface TemplateRequest extends IDataObject {
  templateId: string;
  data: IDataObject;
  options?: IDataObject;
}

/**
 * Reads item `index`'s template, fields and options into what the API takes. The fields are
 * converted by the template's schema (fetched once per template per run): forms give text.
 */
export async function templateRequest(context: IExecuteFunctions, index: number, schemas: Map<string, Promise<unknown>>): Promise<TemplateRequest> {
  const templateId = context.getNodeParameter('templateId', index) as string;
  if (!schemas.has(templateId)) schemas.set(templateId, templateSchema(context, templateId));
  const mapped = (context.getNodeParameter('fields.value', index, {}) ?? {}) as IDataObject;
  // Fields left empty in the form come as null: not given.
  const given = Object.fromEntries(Object.entries(mapped).filter(([, value]) => value !== null && value !== undefined));
  const data = coerceBySchema(given, await schemas.get(templateId)) as IDataObject;
  return { templateId, data, ...optionsOf(context, index) };
}

function optionsOf(context: IExecuteFunctions, index: number): { options?: IDataObject } {
  const raw = context.getNodeParameter('options', index, '{}') as string | IDataObject;
  let options: unknown = raw;
  if (typeof raw === 'string') {
    try {
      options = JSON.parse(raw || '{}');
    } catch {
      throw new NodeOperationError(context.getNode(), 'Options must be JSON, e.g. {"format": "A4"}', { itemIndex: index });
    }
  }
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new NodeOperationError(context.getNode(), 'Options must be a JSON object, e.g. {"format": "A4"}', { itemIndex: index });
  }
  return Object.keys(options).length ? { options: options as IDataObject } : {};
}
