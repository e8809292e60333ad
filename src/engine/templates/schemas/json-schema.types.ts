/**
 * The subset of JSON Schema draft-07 that the template schemas use; plain JSON, served as is.
 * Arrays are readonly: the served schemas are frozen, and literal (`as const`) schemas fit.
 */
export interface JsonSchema {
  $schema?: string;
  title?: string;
  description?: string;
  type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean';
  properties?: Record<string, JsonSchema>;
  required?: readonly string[];
  additionalProperties?: JsonSchema | boolean;
  maxProperties?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  maxLength?: number;
  format?: string;
  enum?: readonly string[];
  minimum?: number;
  maximum?: number;
  examples?: readonly unknown[];
  /** The template language's schema (src/engine/custom/language-schema.ts) also uses these. */
  $ref?: string;
  definitions?: Record<string, JsonSchema>;
  allOf?: readonly JsonSchema[];
  oneOf?: readonly JsonSchema[];
  if?: JsonSchema;
  then?: JsonSchema;
  const?: string | number | boolean;
  pattern?: string;
  minLength?: number;
  exclusiveMinimum?: number;
  default?: unknown;
}
