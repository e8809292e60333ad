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

/*
 * The builders return literal types (`as const`, `const` type parameters) so that FromSchema can
 * derive each template's data type from its schema; the objects themselves are plain JSON.
 */

type Properties = Record<string, JsonSchema>;

export function text(description: string) {
  return { type: 'string', maxLength: LIMITS.shortText, description } as const;
}

export function longText(description: string) {
  return { type: 'string', maxLength: LIMITS.longText, description } as const;
}

export function isoDate(description: string) {
  return {
    type: 'string',
    format: FORMATS.isoDate,
    description: `${description} A real calendar date in the form YYYY-MM-DD (format "date").`,
    examples: ['2025-03-31'],
  } as const;
}

export function mdyDate(description: string) {
  return {
    type: 'string',
    format: FORMATS.mdyDate,
    description: `${description} A real calendar date in the form MM/DD/YYYY (custom format "date-mdy").`,
    examples: ['03/31/2025'],
  } as const;
}

/** Amounts may be negative (credit notes) but stay within +-1e12 (which also excludes NaN and Infinity). */
export function signedNumber(description: string) {
  return { type: 'number', minimum: -LIMITS.numberMagnitude, maximum: LIMITS.numberMagnitude, description } as const;
}

/** An object whose properties are all optional. */
export function object<const P extends Properties>(description: string, properties: P): { type: 'object'; description: string; properties: P };
/** An object with required properties. */
export function object<const P extends Properties, const R extends ReadonlyArray<keyof P & string>>(
  description: string,
  properties: P,
  required: R,
): { type: 'object'; description: string; required: R; properties: P };
export function object(description: string, properties: Properties, required?: readonly string[]): JsonSchema {
  return { type: 'object', description, ...(required && { required }), properties };
}

export function list<const I extends JsonSchema>(description: string, items: I, bounds: { minItems?: number; maxItems: number }) {
  return { type: 'array', description, ...bounds, items } as const;
}

/** An object keyed by caller-chosen names (e.g. event kinds), each value matching `values`. */
export function map<const V extends JsonSchema>(description: string, values: V) {
  return { type: 'object', description, maxProperties: LIMITS.mapEntries, additionalProperties: values } as const;
}
