import { EnvelopeSchema, GENERATE_REQUEST_SCHEMA, MESSAGE_KEYWORD } from '../../generation/request/generate-request.schema';
import { TEMPLATE_DEFINITION_SCHEMA } from '../custom/definition/template-definition.schema';

const generate = GENERATE_REQUEST_SCHEMA.properties!;
const definition = TEMPLATE_DEFINITION_SCHEMA.properties!;

/**
 * The body of POST /templates/preview: a stored template (`templateId`, `templateVersion`) or a
 * layout not stored (`layout`, `schema`), with generate's `data` and `options`. Unknown fields
 * are ignored, as generate does. Compiled by the preview service and published in the OpenAPI document.
 */
export const PREVIEW_REQUEST_SCHEMA: EnvelopeSchema = {
  type: 'object',
  [MESSAGE_KEYWORD]: { type: 'The body must be a JSON object with templateId or layout' },
  properties: {
    templateId: {
      ...generate.templateId,
      description: 'A built-in template or one of your custom templates (not with layout)',
      [MESSAGE_KEYWORD]: 'templateId must be string',
    },
    templateVersion: generate.templateVersion,
    layout: {
      ...definition.layout,
      description: 'A layout in the template language, rendered without being stored (Business plan; not with templateId)',
    },
    schema: { ...definition.schema, description: 'With layout: the JSON Schema that data is checked against (default: none)' },
    data: {
      type: 'object',
      // Free-form: any properties (OpenAPI code generators otherwise type an object without properties as empty).
      additionalProperties: {},
      description: "Default: the template's sampleData (a built-in's sample data; {} with layout)",
      [MESSAGE_KEYWORD]: 'data must be an object',
    },
    options: generate.options,
  },
};
