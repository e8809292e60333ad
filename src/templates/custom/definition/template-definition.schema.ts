import { TEMPLATE_CATEGORIES } from '../../../engine';
import { EnvelopeSchema, MESSAGE_KEYWORD } from '../../../generation/request/generate-request.schema';
import { SEMANTIC_VERSION_PATTERN } from '../template-version';
import { DEFAULT_OPTIONS_SCHEMA } from './default-options';

/** DECISIONS section 9: the id of a custom template. */
export const TEMPLATE_ID_PATTERN = '^[a-z0-9][a-z0-9-]{1,62}[a-z0-9]$';
export const MAX_NAME_LENGTH = 200;
export const MAX_DESCRIPTION_LENGTH = 2000;
/** `schema`, `layout`, `defaultOptions` and `sampleData` together, as JSON. */
export const MAX_DEFINITION_BYTES = 512 * 1024;

/** The parts of a body that make the stored definition (what MAX_DEFINITION_BYTES bounds). */
export const DEFINITION_FIELDS = ['schema', 'layout', 'defaultOptions', 'sampleData'] as const;
const FIELDS = ['id', 'name', 'description', 'category', 'version', ...DEFINITION_FIELDS];

/**
 * The body of POST /templates and PUT /templates/{id}, with its messages. One constant for both
 * uses: compiled by the definition parser and published in the OpenAPI document (where `layout`
 * refers to the template language's schema). What no schema states (the data schema compiling
 * safely, the layout against the language, sampleData against the schema, the size, the version
 * being higher) is checked after it, in the parser.
 */
export const TEMPLATE_DEFINITION_SCHEMA: EnvelopeSchema = {
  type: 'object',
  [MESSAGE_KEYWORD]: { type: 'The body must be a JSON object with name, schema and layout' },
  required: ['name', 'schema', 'layout'],
  propertyNames: { enum: FIELDS, [MESSAGE_KEYWORD]: `{shortName} is not a field of a template (allowed: ${FIELDS.join(', ')})` },
  properties: {
    id: {
      type: 'string',
      pattern: TEMPLATE_ID_PATTERN,
      description: 'POST only (default: made from the name). 3 to 64 of a-z, 0-9 and "-", starting and ending with a letter or digit; never a built-in id',
      example: 'packing-slip',
      [MESSAGE_KEYWORD]: `id must be 3 to 64 lowercase letters, digits and hyphens, starting and ending with a letter or digit (${TEMPLATE_ID_PATTERN})`,
    },
    name: {
      type: 'string',
      minLength: 1,
      maxLength: MAX_NAME_LENGTH,
      pattern: '\\S',
      description: 'Shown in listings, and the PDF title',
      example: 'Packing slip',
      [MESSAGE_KEYWORD]: {
        required: 'name is required',
        minLength: 'name is required',
        pattern: 'name is required',
        type: 'name must be string',
        maxLength: `name must be at most ${MAX_NAME_LENGTH} characters`,
      },
    },
    description: {
      type: 'string',
      maxLength: MAX_DESCRIPTION_LENGTH,
      description: 'Default: empty',
      example: 'One page per order, with a QR code of the tracking link',
      [MESSAGE_KEYWORD]: { type: 'description must be string', maxLength: `description must be at most ${MAX_DESCRIPTION_LENGTH} characters` },
    },
    category: {
      type: 'string',
      enum: [...TEMPLATE_CATEGORIES],
      description: 'Default: custom',
      [MESSAGE_KEYWORD]: `category must be one of: ${TEMPLATE_CATEGORIES.join(', ')}`,
    },
    version: {
      type: 'string',
      pattern: SEMANTIC_VERSION_PATTERN,
      description: 'PUT only, optional: a semantic version higher than the current one (default: the next minor version, 1.2.0 after 1.1.0)',
      example: '2.0.0',
      [MESSAGE_KEYWORD]: 'version must be a semantic version such as 2.0.0',
    },
    schema: {
      type: 'object',
      // Free-form: any properties (OpenAPI code generators otherwise type an object without properties as empty).
      additionalProperties: {},
      description:
        'JSON Schema (draft-07) of `data`, with `type: "object"`; generate checks data against it with the messages of built-in templates. ' +
        'Formats: date, date-mdy, hex-color; no remote $ref; patterns run on RE2 (linear time: no lookarounds or backreferences)',
      example: { type: 'object', required: ['orderNumber'], properties: { orderNumber: { type: 'string' } } },
      [MESSAGE_KEYWORD]: { required: 'schema is required', type: 'schema must be an object (the JSON Schema of data)' },
    },
    layout: {
      type: 'object',
      description: 'The document in the template language (GET /api/v1/template-language.schema.json)',
      [MESSAGE_KEYWORD]: { required: 'layout is required', type: 'layout must be an object: { theme?, header?, footer?, body }' },
    },
    defaultOptions: DEFAULT_OPTIONS_SCHEMA,
    sampleData: {
      type: 'object',
      // Free-form: any properties (OpenAPI code generators otherwise type an object without properties as empty).
      additionalProperties: {},
      description: 'Data for previews; must satisfy `schema`',
      [MESSAGE_KEYWORD]: 'sampleData must be an object',
    },
  },
};
