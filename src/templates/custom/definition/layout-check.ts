import Ajv, { ErrorObject } from 'ajv';
import { compileLayout, InvalidLayout, JsonSchema, TEMPLATE_LANGUAGE_SCHEMA } from '../../../engine';
import { moreErrorsMessage, ruleExpectation } from '../../validation/ajv-error-messages';
import { compareKeys, DocumentOrder, formatPath, PathSegment, pointerToSegments } from '../../validation/data-path';
import { MAX_REPORTED_ERRORS } from '../../validation/data-validator';

// verbose: each error carries the schema node it failed, whose properties and description word the message.
const ajv = new Ajv({ allErrors: true, strict: true, verbose: true });
const validateLayout = ajv.compile(TEMPLATE_LANGUAGE_SCHEMA);

interface LayoutProblem {
  segments: PathSegment[];
  message: string;
}

/**
 * What is wrong with a definition's `layout`, each message starting with its path under `field`
 * (`layout.body[3].type must be one of: text, columns, ...`): first the language's JSON Schema,
 * then, once the layout fits it, what only compiling can tell (Liquid syntax, filters, expressions).
 */
export function layoutProblems(layout: unknown, field = 'layout'): string[] {
  const problems = validateLayout(layout) ? compileProblems(layout) : schemaProblems(layout, validateLayout.errors ?? []);
  const order = new DocumentOrder(TEMPLATE_LANGUAGE_SCHEMA, layout);
  const messages = problems
    .map((problem) => ({ key: order.keyOf(problem.segments), message: `${formatPath([field, ...problem.segments])} ${problem.message}` }))
    .sort((a, b) => compareKeys(a.key, b.key))
    .map((entry) => entry.message);
  const unique = [...new Set(messages)];
  if (unique.length <= MAX_REPORTED_ERRORS) return unique;
  return [...unique.slice(0, MAX_REPORTED_ERRORS), moreErrorsMessage(unique.length - MAX_REPORTED_ERRORS)];
}

function compileProblems(layout: unknown): LayoutProblem[] {
  try {
    compileLayout(layout);
    return [];
  } catch (error) {
    if (!(error instanceof InvalidLayout)) throw error;
    return error.issues.map((issue) => ({ segments: issue.path, message: issue.message }));
  }
}

/**
 * One message per failing rule. A value that fits none of the forms of a `oneOf` gets one message
 * naming the forms, not one per form; the `if` of a block's type only repeats its branch's errors.
 */
function schemaProblems(layout: unknown, errors: ErrorObject[]): LayoutProblem[] {
  const alternatives = errors.filter((error) => error.keyword === 'oneOf' || error.keyword === 'anyOf').map((error) => error.instancePath);
  const insideAlternative = (error: ErrorObject) =>
    error.keyword !== 'oneOf' && error.keyword !== 'anyOf' && alternatives.some((path) => error.instancePath === path || error.instancePath.startsWith(`${path}/`));
  return errors.filter((error) => error.keyword !== 'if' && !insideAlternative(error)).map((error) => toProblem(layout, error));
}

function toProblem(layout: unknown, error: ErrorObject): LayoutProblem {
  const segments = pointerToSegments(error.instancePath, layout);
  const node = error.parentSchema as JsonSchema | undefined;
  switch (error.keyword) {
    case 'required':
      return { segments: [...segments, String(error.params.missingProperty)], message: 'is required' };
    case 'additionalProperties':
      return {
        segments: [...segments, String(error.params.additionalProperty)],
        message: `is not allowed${blockName(layout, segments)} (allowed: ${Object.keys(node?.properties ?? {}).join(', ')})`,
      };
    case 'type':
      return { segments, message: `must be ${[error.params.type].flat().join(' or ')}` };
    case 'oneOf':
    case 'anyOf':
    case 'pattern':
      return { segments, message: describedAs(node) ?? `must ${ruleExpectation(error)}` };
    default:
      return { segments, message: `must ${ruleExpectation(error)}` };
  }
}

/** " in a text block" when the object at `segments` is a block. */
function blockName(layout: unknown, segments: PathSegment[]): string {
  const value = segments.reduce<unknown>((node, segment) => (node as Record<PathSegment, unknown> | undefined)?.[segment], layout);
  const type = (value as { type?: unknown } | undefined)?.type;
  return typeof type === 'string' && segments.length > 0 ? ` in a ${type} block` : '';
}

/** "must be a hex colour ..." from a node described as "A hex colour ...", where the description says what the value is. */
function describedAs(node: JsonSchema | undefined): string | undefined {
  const description = node?.description;
  if (!description || !/^An? /.test(description)) return undefined;
  return `must be ${description.charAt(0).toLowerCase()}${description.slice(1).replace(/\.$/, '')}`;
}
