import { INVOICE_BASIC_SAMPLE } from '../../templates/samples';
import { generateRequestOpenApiSchema } from '../../generation/request/generate-request.openapi';
import { BATCH_ITEM_SCHEMA, BATCH_REQUEST_SCHEMA } from './batch-request.schema';

export const BATCH_REQUEST_COMPONENT = 'BatchRequest';

/** The validating schema as published, with each item's `data` described as generate's is. */
export function batchRequestOpenApiSchema(): Record<string, unknown> {
  const generate = generateRequestOpenApiSchema() as { properties: Record<string, unknown> };
  const items = BATCH_REQUEST_SCHEMA.properties!.items;
  return {
    ...BATCH_REQUEST_SCHEMA,
    properties: {
      ...BATCH_REQUEST_SCHEMA.properties,
      items: { ...items, items: { ...BATCH_ITEM_SCHEMA, properties: { ...BATCH_ITEM_SCHEMA.properties, templateId: generate.properties.templateId, data: generate.properties.data } } },
    },
    example: { items: [{ templateId: 'invoice-basic', data: INVOICE_BASIC_SAMPLE }], merge: true },
  };
}
