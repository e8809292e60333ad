import { TEMPLATE_IDS } from '../../engine';
import { templateDataSchemaName } from '../../templates/openapi-schema-names';
import { INVOICE_BASIC_SAMPLE } from '../../templates/samples';
import { GENERATE_REQUEST_SCHEMA } from './generate-request.schema';

/** The component under which the generate body is published (the name clients have generated code from). */
export const GENERATE_REQUEST_COMPONENT = 'GenerateRequestDto';

/**
 * The validating schema as published: the same constant, with `data` pointing at the template
 * data schemas (published beside it) and a complete example body.
 */
export function generateRequestOpenApiSchema(): Record<string, unknown> {
  const properties = GENERATE_REQUEST_SCHEMA.properties!;
  return {
    ...GENERATE_REQUEST_SCHEMA,
    properties: {
      ...properties,
      templateId: { ...properties.templateId, enum: [...TEMPLATE_IDS] },
      data: { ...properties.data, oneOf: TEMPLATE_IDS.map((id) => ({ $ref: `#/components/schemas/${templateDataSchemaName(id)}` })) },
    },
    example: { templateId: 'invoice-basic', data: INVOICE_BASIC_SAMPLE, outputFormat: 'url' },
  };
}
