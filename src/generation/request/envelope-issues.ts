import Ajv, { ErrorObject, ValidateFunction } from 'ajv';
import { cssLengthToPoints, JsonSchema } from '../../engine';
import { compareKeys, DocumentOrder, formatPath, PathSegment, pointerToSegments, valueAt } from '../../templates/validation/data-path';
import { CSS_LENGTH_FORMAT, EnvelopeSchema, FieldMessages, GENERATE_REQUEST_SCHEMA, MESSAGE_KEYWORD } from './generate-request.schema';

/** One problem with the envelope of a generate request, at a path of the body. */
export interface EnvelopeIssue {
  segments: PathSegment[];
  message: string;
  /** Decided before the schema's rules of the same field: a header's name before its value. */
  first?: boolean;
  /** Refuses the field as a whole: problems below it are not listed. */
  whole?: boolean;
  /** Found by a check in code, each its own problem: never folded into another of the same field. */
  ownMessage?: boolean;
}

const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false });
ajv.addKeyword({ keyword: MESSAGE_KEYWORD, schemaType: ['string', 'object'] });
ajv.addKeyword({ keyword: 'example' });
ajv.addFormat(CSS_LENGTH_FORMAT, { type: 'string', validate: (value: string) => cssLengthToPoints(value) !== null });

/**
 * A request body's schema with its messages (MESSAGE_KEYWORD), compiled once: the generate
 * envelope, and the other request bodies written the same way (template definitions, previews).
 */
export class EnvelopeValidator {
  private readonly validate: ValidateFunction;

  constructor(private readonly schema: EnvelopeSchema) {
    this.validate = ajv.compile(schema);
  }

  /** The body's problems as the schema states them, one message per field. */
  issues(body: Record<string, unknown>): EnvelopeIssue[] {
    if (this.validate(body)) return [];
    const errors = this.validate.errors ?? [];
    return withoutOtherTypeBranches(this.schema, body, errors).flatMap((error) => {
      const issue = toIssue(this.schema, body, error);
      return issue ? [issue] : [];
    });
  }

  /**
   * Orders issues as the body reads (schema order, then the caller's key order), keeps the first
   * message of each field, and drops those under a field whose own count is refused (one
   * "at most 20 headers" says more than twenty faults of the headers).
   */
  report(body: Record<string, unknown>, issues: EnvelopeIssue[]): string[] {
    return reportInOrder(this.schema, body, issues);
  }
}

/** Compiled once at load: the envelope is checked on every generate request. */
const GENERATE_ENVELOPE = new EnvelopeValidator(GENERATE_REQUEST_SCHEMA);

/** The generate envelope's problems as the schema states them, one message per field. */
export function schemaIssues(body: Record<string, unknown>): EnvelopeIssue[] {
  return GENERATE_ENVELOPE.issues(body);
}

/** The generate envelope's issues as messages, in the order of the body (see EnvelopeValidator.report). */
export function reportIssues(body: Record<string, unknown>, issues: EnvelopeIssue[]): string[] {
  return GENERATE_ENVELOPE.report(body, issues);
}

function reportInOrder(schema: EnvelopeSchema, body: Record<string, unknown>, issues: EnvelopeIssue[]): string[] {
  const order = new DocumentOrder(schema as JsonSchema, body);
  const sorted = issues
    .map((issue) => ({ issue, key: order.keyOf(issue.segments) }))
    .sort((a, b) => compareKeys(a.key, b.key) || Number(!a.issue.first) - Number(!b.issue.first));
  const seen = new Set<string>();
  const messages: string[] = [];
  let refusedWhole: string | undefined;
  for (const { issue } of sorted) {
    const path = formatPath(issue.segments);
    const key = issue.ownMessage ? `${path}\n${issue.message}` : path;
    if (seen.has(key) || (refusedWhole !== undefined && path.startsWith(refusedWhole))) continue;
    seen.add(key);
    if (issue.whole) refusedWhole = `${path}.`;
    messages.push(issue.message);
  }
  return messages;
}

/**
 * The errors of an anyOf's branches, as one field's: each reported at the anyOf's field (a bad
 * entry of options.pdfStandard's list is a bad options.pdfStandard), and none from a branch
 * written for another JSON type than the value's (with allErrors, the string branch's `enum`
 * also fails for a list, and its message would describe the wrong form).
 */
function withoutOtherTypeBranches(schema: EnvelopeSchema, body: Record<string, unknown>, errors: ErrorObject[]): ErrorObject[] {
  const anyOfAt = new Map(errors.filter((error) => error.keyword === 'anyOf').map((error) => [error.schemaPath, error.instancePath]));
  return errors.flatMap((error) => {
    const branch = /^(.*\/anyOf)\/(\d+)\//.exec(`${error.schemaPath}/`);
    const instancePath = branch ? anyOfAt.get(branch[1]) : undefined;
    if (!branch || instancePath === undefined) return [error];
    const steps = `${branch[1]}/${branch[2]}`.replace(/^#\/?/, '').split('/');
    const type = (lookUp(schema, steps) as EnvelopeSchema | undefined)?.type;
    const sameType = type === undefined || jsonType(valueAt(body, pointerToSegments(instancePath, body))) === type;
    return sameType ? [{ ...error, instancePath }] : [];
  });
}

function jsonType(value: unknown): string {
  return Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
}

function toIssue(schema: EnvelopeSchema, body: Record<string, unknown>, error: ErrorObject): EnvelopeIssue | null {
  const segments = pointerToSegments(error.instancePath, body);
  const propertyName = (error as ErrorObject & { propertyName?: string }).propertyName ?? (error.params.propertyName as string | undefined);
  if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
  if (propertyName !== undefined) segments.push(propertyName);
  const messages = messagesFor(schema, error);
  const template = typeof messages === 'string' ? messages : messages?.[error.keyword];
  if (template === undefined) return null;
  const name = String(segments[segments.length - 1]);
  return {
    segments,
    message: template.replace('{name}', name).replace('{shortName}', name.slice(0, 64)).replace('{path}', formatPath(segments)),
    first: propertyName !== undefined,
    whole: error.keyword === 'maxProperties',
  };
}

/** The messages of the deepest schema node on the error's path that has some (a required field's own node for `required`). */
function messagesFor(schema: EnvelopeSchema, error: ErrorObject): FieldMessages | undefined {
  const steps = error.schemaPath.replace(/^#\/?/, '').split('/').filter(Boolean);
  if (error.keyword === 'required') {
    const parent = lookUp(schema, steps.slice(0, -1)) as EnvelopeSchema | undefined;
    return parent?.properties?.[String(error.params.missingProperty)]?.[MESSAGE_KEYWORD];
  }
  let found = schema[MESSAGE_KEYWORD];
  let node: unknown = schema;
  for (const step of steps) {
    node = (node as Record<string, unknown> | undefined)?.[step];
    const messages = (node as EnvelopeSchema | undefined)?.[MESSAGE_KEYWORD];
    if (messages !== undefined) found = messages;
  }
  return found;
}

function lookUp(schema: EnvelopeSchema, steps: string[]): unknown {
  return steps.reduce<unknown>((node, step) => (node as Record<string, unknown> | undefined)?.[step], schema);
}
