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
}
