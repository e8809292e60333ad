import { ErrorObject } from 'ajv';
import { FORMAT_RULES } from './data-formats';

function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/** Completes "Field '<path>' must ..." for an Ajv error that is neither `required` nor `type`. */
export function ruleExpectation(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const limit = Number(params.limit);
  switch (error.keyword) {
    case 'format':
      return `be ${FORMAT_RULES[String(params.format)]?.expectation ?? `in the format ${String(params.format)}`}`;
    case 'minimum':
      return `be at least ${limit}`;
    case 'maximum':
      return `be at most ${limit}`;
    case 'enum':
      return `be one of: ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'minItems':
      return `have at least ${plural(limit, 'item')}`;
    case 'maxItems':
      return `have at most ${plural(limit, 'item')}`;
    case 'minLength':
      return `be at least ${plural(limit, 'character')}`;
    case 'maxLength':
      return `be at most ${plural(limit, 'character')}`;
    case 'maxProperties':
      return `have at most ${plural(limit, 'entry', 'entries')}`;
    default:
      return (error.message ?? 'be valid').replace(/^must /, '');
  }
}

export function typeMessage(field: string, error: ErrorObject): string {
  return `Field '${field}' must be ${[error.params.type].flat().join(' or ')}`;
}

export function ruleMessage(field: string, error: ErrorObject): string {
  return `Field '${field}' must ${ruleExpectation(error)}`;
}

/** A field that a schema with `additionalProperties: false` does not name (custom template schemas). */
export function notAllowedMessage(field: string): string {
  return `Field '${field}' is not allowed`;
}

export function missingMessage(field: string): string {
  return `Missing required field: ${field}`;
}

/** The last entry of a list cut at its first entries, so a caller knows the list is not complete. */
export function moreErrorsMessage(count: number): string {
  return `... and ${plural(count, 'more error')}`;
}
