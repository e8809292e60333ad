import { JsonSchema, TEMPLATE_LANGUAGE_SCHEMA } from '../../engine';
import { TEMPLATE_DEFINITION_SCHEMA } from '../../templates/custom/definition/template-definition.schema';

/** The parts of a definition the definition editor holds; the sample data has its own editor. */
export const DEFINITION_EDITOR_FIELDS = ['schema', 'layout', 'defaultOptions'] as const;

/**
 * The definition editor's document as one JSON Schema, for its completion: the definition's own
 * fields as the API's schema has them, `layout` being the template language's schema (its
 * `definitions` at the root, so that its `#/definitions/...` references still resolve).
 */
export const DEFINITION_EDITOR_SCHEMA: JsonSchema = editorSchema();

function editorSchema(): JsonSchema {
  const { $schema: _dialect, definitions, ...language } = TEMPLATE_LANGUAGE_SCHEMA;
  const fields = TEMPLATE_DEFINITION_SCHEMA.properties as Record<string, JsonSchema>;
  const properties = Object.fromEntries(
    DEFINITION_EDITOR_FIELDS.map((field) => [field, field === 'layout' ? { ...language, description: fields.layout.description } : fields[field]]),
  );
  return { type: 'object', properties, definitions };
}
