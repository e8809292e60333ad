import { TEMPLATE_LANGUAGE_SCHEMA } from '../engine';
import { INVOICE_BASIC_SAMPLE } from './samples';
import { EXAMPLE_TEMPLATE_BODY } from './custom/definition/example-definition';
import { TEMPLATE_DEFINITION_SCHEMA } from './custom/definition/template-definition.schema';
import { PREVIEW_REQUEST_SCHEMA } from './preview/preview-request.schema';
import { asDiscriminatedUnion } from './discriminated-union';

/** The components under which the template language and the template request bodies are published. */
export const TEMPLATE_LANGUAGE_COMPONENT = 'TemplateLanguage';
export const TEMPLATE_DEFINITION_COMPONENT = 'TemplateDefinitionRequest';
export const TEMPLATE_PREVIEW_COMPONENT = 'TemplatePreviewRequest';

const LANGUAGE_REF = `#/components/schemas/${TEMPLATE_LANGUAGE_COMPONENT}`;

/** The component of one of the language's definitions: `TemplateLanguage-block`, `TemplateLanguage-tableBlock`, ... */
export function templateLanguageDefinitionName(name: string): string {
  return `${TEMPLATE_LANGUAGE_COMPONENT}-${name}`;
}

/**
 * The body of GET /template-language.schema.json: a JSON Schema document, not a layout. Its
 * example is the head of the served schema itself (the whole of it is the components below).
 */
export function templateLanguageSchemaResponse(): Record<string, unknown> {
  const { $schema, title, description, type, required } = TEMPLATE_LANGUAGE_SCHEMA;
  return {
    type: 'object',
    additionalProperties: true,
    description: 'JSON Schema (draft-07) of a layout, exactly the schema layouts are validated with; its definitions are also published here as the TemplateLanguage components.',
    example: { $schema, title, description, type, required },
  };
}

/**
 * The schemas that validate the template endpoints, as published: the language's own schema,
 * each of its definitions a component of its own (code generators resolve references to
 * components, not into them), and the request bodies whose `layout` refers to it. A block is
 * published as the `oneOf` of its types (asDiscriminatedUnion), which code generators type.
 */
export function templateOpenApiSchemas(): Record<string, unknown> {
  const { $schema: _dialect, definitions = {}, ...language } = TEMPLATE_LANGUAGE_SCHEMA;
  const { id: _id, ...updateExample } = EXAMPLE_TEMPLATE_BODY;
  const { layout, schema, sampleData } = EXAMPLE_TEMPLATE_BODY;
  return {
    [TEMPLATE_LANGUAGE_COMPONENT]: withComponentRefs(language),
    ...Object.fromEntries(
      Object.entries(definitions).map(([name, schema]) => [templateLanguageDefinitionName(name), asDiscriminatedUnion(withComponentRefs(schema) as Record<string, unknown>)]),
    ),
    [TEMPLATE_DEFINITION_COMPONENT]: {
      ...withLanguageRef(TEMPLATE_DEFINITION_SCHEMA),
      examples: [EXAMPLE_TEMPLATE_BODY, { ...updateExample, version: '2.0.0' }],
    },
    [TEMPLATE_PREVIEW_COMPONENT]: {
      ...withLanguageRef(PREVIEW_REQUEST_SCHEMA),
      examples: [
        { templateId: 'packing-slip' },
        { templateId: 'invoice-basic', data: INVOICE_BASIC_SAMPLE, options: { format: 'A4' } },
        { layout, schema, data: sampleData },
      ],
    },
  };
}

function withLanguageRef(schema: { properties?: Record<string, unknown> }): Record<string, unknown> {
  return { ...schema, properties: { ...schema.properties, layout: { ...(schema.properties!.layout as object), $ref: LANGUAGE_REF } } };
}

/** A copy of a language schema whose `#/definitions/<name>` references point at the components of those definitions. */
function withComponentRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withComponentRefs);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => {
      const definition = key === '$ref' && typeof value === 'string' ? /^#\/definitions\/([^/]+)$/.exec(value) : null;
      return [key, definition ? `#/components/schemas/${templateLanguageDefinitionName(definition[1])}` : withComponentRefs(value)];
    }),
  );
}
