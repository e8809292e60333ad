import Ajv, { ErrorObject, ValidateFunction } from 'ajv';
import { JsonSchema, TEMPLATE_SCHEMAS, TEMPLATE_IDS, TemplateId } from '../../engine';
import { missingMessage, moreErrorsMessage, notAllowedMessage, ruleMessage, typeMessage } from './ajv-error-messages';
import { clampToBounds } from './clamp-to-bounds';
import { FORMAT_RULES } from './data-formats';
import { DataIssue } from './data-issue';
import { compareKeys, DocumentOrder, formatPath, PathSegment, pointerToSegments, schemaAt, valueAt } from './data-path';
import { SEMANTIC_CHECKS, SemanticCheck } from './semantic-checks';

/** Errors listed in one answer; past it, a last entry says how many more there are. */
export const MAX_REPORTED_ERRORS = 100;

const ajv = new Ajv({ allErrors: true, strict: true });
for (const [name, rule] of Object.entries(FORMAT_RULES)) ajv.addFormat(name, { type: 'string', validate: rule.validate });

/**
 * What checks a template's data: its messages in document order, or [] when the data is valid.
 * `root` names where the data sits when it is not a request's `data` (a definition's `sampleData`):
 * the messages' paths then start with it.
 */
export type DataValidator = (data: unknown, root?: string) => string[];

/**
 * The one code path of data validation, for built-in and custom schemas alike: `validate` is the
 * schema compiled with allErrors (its `schema` is what the messages' paths are read against),
 * `semanticCheck` the rules it cannot state.
 */
export function dataValidator(validate: ValidateFunction, semanticCheck?: SemanticCheck): DataValidator {
  const schema = validate.schema as JsonSchema;
  return (data, root) => {
    const bounded = clampToBounds(schema, data);
    // An `if` error ('must match "then" schema') only repeats the errors of the branch it chose, listed beside it.
    const errors = validate(bounded) ? [] : (validate.errors ?? []).filter((error) => error.keyword !== 'if');
    const schemaIssues = errors.map((error) => toIssue(schema, bounded, error, root));
    const semanticIssues = semanticCheck?.(bounded) ?? [];
    return report(schema, bounded, [...schemaIssues, ...semanticIssues]);
  };
}

/** Compiled once at load: validation is on the hot path of every generate request. */
const COMPILED = Object.fromEntries(TEMPLATE_IDS.map((id) => [id, ajv.compile(TEMPLATE_SCHEMAS[id])])) as Record<TemplateId, ValidateFunction>;
const VALIDATORS = Object.fromEntries(TEMPLATE_IDS.map((id) => [id, dataValidator(COMPILED[id], SEMANTIC_CHECKS[id])])) as Record<TemplateId, DataValidator>;

/** The schema object the validator of a template was compiled from (the same object the API serves). */
export function getValidationSchema(templateId: TemplateId): JsonSchema {
  return COMPILED[templateId].schema as JsonSchema;
}

/** Checks built-in template data; returns caller-facing messages in document order, or [] when the data is valid. */
export function validateTemplateData(templateId: TemplateId, data: unknown): string[] {
  return VALIDATORS[templateId](data);
}

function toIssue(schema: JsonSchema, data: unknown, error: ErrorObject, root?: string): DataIssue {
  const named = (segments: PathSegment[]) => formatPath(root === undefined ? segments : [root, ...segments]);
  const segments = pointerToSegments(error.instancePath, data);
  if (error.keyword === 'required') {
    const missing = [...segments, String(error.params.missingProperty)];
    return { segments: missing, path: formatPath(missing), kind: 'missing', message: missingMessage(named(missing)) };
  }
  if (error.keyword === 'additionalProperties') {
    const extra = [...segments, String(error.params.additionalProperty)];
    return { segments: extra, path: formatPath(extra), kind: 'rule', message: notAllowedMessage(named(extra)) };
  }
  const path = formatPath(segments);
  const field = named(segments) || 'data';
  // A `false` subschema (an author's way to forbid a field) allows no value at all.
  if (error.keyword === 'false schema') return { segments, path, kind: 'rule', message: notAllowedMessage(field) };
  if (error.keyword !== 'type') return { segments, path, kind: 'rule', message: ruleMessage(field, error) };
  return isRequiredNull(schema, data, segments)
    ? { segments, path, kind: 'missing', message: missingMessage(field) }
    : { segments, path, kind: 'type', message: typeMessage(field, error) };
}

/** A required field sent as null counts as missing (automation platforms send null for empty fields). */
function isRequiredNull(schema: JsonSchema, data: unknown, segments: PathSegment[]): boolean {
  const name = segments[segments.length - 1];
  if (typeof name !== 'string' || valueAt(data, segments) !== null) return false;
  return schemaAt(schema, segments.slice(0, -1))?.required?.includes(name) ?? false;
}

/**
 * Keeps only the type-level issue of a field that has one, orders by document position, drops repeats,
 * and lists the first MAX_REPORTED_ERRORS.
 */
function report(schema: JsonSchema, data: unknown, issues: DataIssue[]): string[] {
  const typed = new Set(issues.filter((issue) => issue.kind !== 'rule').map((issue) => issue.path));
  const kept = issues.filter((issue) => issue.kind !== 'rule' || !typed.has(issue.path));
  const order = new DocumentOrder(schema, data);
  const ordered = kept.map((issue) => ({ issue, key: order.keyOf(issue.segments) })).sort((a, b) => compareKeys(a.key, b.key));
  const messages = [...new Set(ordered.map(({ issue }) => issue.message))];
  if (messages.length <= MAX_REPORTED_ERRORS) return messages;
  return [...messages.slice(0, MAX_REPORTED_ERRORS), moreErrorsMessage(messages.length - MAX_REPORTED_ERRORS)];
}
