import Ajv, { ErrorObject, ValidateFunction } from 'ajv';
import { JsonSchema, TEMPLATE_SCHEMAS, TEMPLATE_IDS, TemplateId } from '../../engine';
import { missingMessage, moreErrorsMessage, ruleMessage, typeMessage } from './ajv-error-messages';
import { clampToBounds } from './clamp-to-bounds';
import { FORMAT_RULES } from './data-formats';
import { DataIssue } from './data-issue';
import { compareKeys, DocumentOrder, formatPath, PathSegment, pointerToSegments, schemaAt, valueAt } from './data-path';
import { SEMANTIC_CHECKS } from './semantic-checks';

/** Errors listed in one answer; past it, a last entry says how many more there are. */
export const MAX_REPORTED_ERRORS = 100;

const ajv = new Ajv({ allErrors: true, strict: true });
for (const [name, rule] of Object.entries(FORMAT_RULES)) ajv.addFormat(name, { type: 'string', validate: rule.validate });

/** Compiled once at load: validation is on the hot path of every generate request. */
const VALIDATORS = Object.fromEntries(TEMPLATE_IDS.map((id) => [id, ajv.compile(TEMPLATE_SCHEMAS[id])])) as Record<
  TemplateId,
  ValidateFunction
>;

/** The schema object the validator of a template was compiled from (the same object the API serves). */
export function getValidationSchema(templateId: TemplateId): JsonSchema {
  return VALIDATORS[templateId].schema as JsonSchema;
}

/** Checks template data; returns caller-facing messages in document order, or [] when the data is valid. */
export function validateTemplateData(templateId: TemplateId, data: unknown): string[] {
  const schema = TEMPLATE_SCHEMAS[templateId];
  const bounded = clampToBounds(schema, data);
  const validate = VALIDATORS[templateId];
  const schemaIssues = validate(bounded) ? [] : (validate.errors ?? []).map((error) => toIssue(schema, bounded, error));
  const semanticIssues = SEMANTIC_CHECKS[templateId]?.(bounded) ?? [];
  return report(schema, bounded, [...schemaIssues, ...semanticIssues]);
}

function toIssue(schema: JsonSchema, data: unknown, error: ErrorObject): DataIssue {
  const segments = pointerToSegments(error.instancePath, data);
  if (error.keyword === 'required') {
    const missing = [...segments, String(error.params.missingProperty)];
    const path = formatPath(missing);
    return { segments: missing, path, kind: 'missing', message: missingMessage(path) };
  }
  const path = formatPath(segments);
  const field = path || 'data';
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
