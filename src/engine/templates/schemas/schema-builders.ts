import { JsonSchema } from './json-schema.types';

/** Bounds that keep one request from exhausting memory or render time; each schema states its own. */
export const LIMITS = {
  shortText: 500,
  longText: 20_000,
  numberMagnitude: 1e12,
  mapEntries: 100,
} as const;

/** Names of the custom formats registered by the validator (`date` is ISO, the others are ours). */
export const FORMATS = {
  isoDate: 'date',
  mdyDate: 'date-mdy',
  hexColour: 'hex-color',
} as const;

export const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

export function text(description: string): JsonSchema {
  return { type: 'string', maxLength: LIMITS.shortText, description };
}

export function longText(description: string): JsonSchema {
  return { type: 'string', maxLength: LIMITS.longText, description };
}

export function isoDate(description: string): JsonSchema {
  return {
    type: 'string',
    format: FORMATS.isoDate,
    description: `${description} A real calendar date in the form YYYY-MM-DD (format "date").`,
    examples: ['2025-03-31'],
  };
}

export function mdyDate(description: string): JsonSchema {
  return {
    type: 'string',
    format: FORMATS.mdyDate,
    description: `${description} A real calendar date in the form MM/DD/YYYY (custom format "date-mdy").`,
    examples: ['03/31/2025'],
  };
}

/** Amounts may be negative (credit notes) but stay within +-1e12 (which also excludes NaN and Infinity). */
export function signedNumber(description: string): JsonSchema {
  return { type: 'number', minimum: -LIMITS.numberMagnitude, maximum: LIMITS.numberMagnitude, description };
}

export function object(description: string, properties: Record<string, JsonSchema>, required?: string[]): JsonSchema {
  return { type: 'object', description, ...(required && { required }), properties };
}

export function list(description: string, items: JsonSchema, bounds: { minItems?: number; maxItems: number }): JsonSchema {
  return { type: 'array', description, ...bounds, items };
}

/** An object keyed by caller-chosen names (e.g. event kinds), each value matching `values`. */
export function map(description: string, values: JsonSchema): JsonSchema {
  return { type: 'object', description, maxProperties: LIMITS.mapEntries, additionalProperties: values };
}
