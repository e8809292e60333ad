import { TEMPLATE_IDS } from '../../engine';
import { templateDataSchemaName } from '../../templates/openapi-schema-names';
import { INVOICE_BASIC_SAMPLE } from '../../templates/samples';
import { GENERATE_REQUEST_SCHEMA } from './generate-request.schema';

/** The component under which the generate body is published (the name clients have generated code from). */
export const GENERATE_REQUEST_COMPONENT = 'GenerateRequestDto';

/**
 * The validating schema as published: the same constant, with `data` pointing at the built-in
 * templates' data schemas (published beside it) or, for a custom template, any object (its
 * schema is the workspace's own, at GET /api/v1/templates/{id}/schema), and a complete example body.
 */
export function generateRequestOpenApiSchema(): Record<string, unknown> {
  const properties = GENERATE_REQUEST_SCHEMA.properties!;
  return {
    ...GENERATE_REQUEST_SCHEMA,
    properties: {
      ...properties,
      templateId: { ...properties.templateId, examples: [...TEMPLATE_IDS] },
      data: {
        ...properties.data,
        anyOf: [
          ...TEMPLATE_IDS.map((id) => ({ $ref: `#/components/schemas/${templateDataSchemaName(id)}` })),
          { type: 'object', title: 'Custom template data', additionalProperties: true },
        ],
      },
    },
    example: { templateId: 'invoice-basic', data: INVOICE_BASIC_SAMPLE, outputFormat: 'url' },
  };
}
