/** The subset of JSON Schema draft-07 that the template schemas use; plain JSON, served as is. */
export interface JsonSchema {
  $schema?: string;
  title?: string;
  description?: string;
  type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean';
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  maxProperties?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  maxLength?: number;
  format?: string;
  enum?: string[];
  minimum?: number;
  maximum?: number;
  examples?: unknown[];
}
