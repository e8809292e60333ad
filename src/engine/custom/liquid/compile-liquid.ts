import { Template, Value } from 'liquidjs';
import { IssueList, LayoutPath, layoutPath } from '../layout-path';
import { Evaluation } from './evaluation';
import { fastText } from './fast-output';
import { moneyArgumentProblem } from './filters/money';
import { LIQUID } from './sandbox';

/** A string property, ready to evaluate: its Liquid parsed once, at compile time. */
export type TextFn = (evaluation: Evaluation) => string;
export type ValueFn = (evaluation: Evaluation) => unknown;
export type ConditionFn = (evaluation: Evaluation) => boolean;

const NO_TEXT: TextFn = () => '';
/** An expression that names a value: `items`, `order.lines`, `row["unit price"]`, `groups[0].rows`. */
const VALUE_PATH = /^\s*[A-Za-z_][\w-]*(?:\s*(?:\.\s*[A-Za-z_][\w-]*|\[\s*(?:\d+|"[^"]*"|'[^']*')\s*\]))*\s*$/;
/** Literal arguments of `money`, checked once here rather than failing every render. */
const MONEY_ARGUMENTS = /\|\s*money\s*:\s*(["'])(.*?)\1(?:\s*,\s*(["'])(.*?)\3)?/g;

/** A Liquid template (plain text needs no parsing); `maxChars` bounds what one evaluation may give. */
export function compileText(source: string, path: LayoutPath, issues: IssueList, maxChars?: number): TextFn {
  if (!source.includes('{{') && !source.includes('{%')) return () => source;
  let templates: Template[];
  try {
    templates = LIQUID.parse(source);
  } catch (error) {
    issues.add(path, liquidProblem(error));
    return NO_TEXT;
  }
  const empty = emptyFilter(source);
  if (empty) {
    // liquidjs reads `{{ name | }}` as `{{ name }}`: a filter the author meant to write would be lost unseen.
    issues.add(path, `has an empty filter at line ${empty.line}, column ${empty.column}: write a filter's name after "|", or remove the "|"`);
    return NO_TEXT;
  }
  for (const [, , currency, , locale] of source.matchAll(MONEY_ARGUMENTS)) {
    const problem = moneyArgumentProblem(currency, locale);
    if (problem) issues.add(path, `uses the money filter with ${problem}`);
  }
  const name = layoutPath(path);
  const fast = fastText(templates);
  return fast ? (evaluation) => evaluation.renderFast(fast, name, maxChars) : (evaluation) => evaluation.render(templates, name, maxChars);
}

/** An expression naming a value of the data or of a loop (`rows`, `items`, `events`). */
export function compileValuePath(source: string, path: LayoutPath, issues: IssueList): ValueFn {
  if (!VALUE_PATH.test(source)) {
    issues.add(path, `must name a value of the data, such as "items" or "order.lines" (found "${excerpt(source)}")`);
    return () => undefined;
  }
  const value = parseValue(source, path, issues);
  const name = layoutPath(path);
  return value ? (evaluation) => evaluation.value(value, name) : () => undefined;
}

/** A Liquid condition, as in `{% if %}`: `paid`, `total > 100`, `notes != blank`. */
export function compileCondition(source: string, path: LayoutPath, issues: IssueList): ConditionFn {
  const value = parseValue(source, path, issues);
  if (!value) return () => false;
  const name = layoutPath(path);
  return (evaluation) => evaluation.holds(value, name);
}

function parseValue(source: string, path: LayoutPath, issues: IssueList): Value | null {
  if (source.trim() === '') {
    issues.add(path, 'must not be empty');
    return null;
  }
  if (source.includes('{{') || source.includes('{%')) {
    issues.add(path, 'must be an expression without {{ }} or {% %}');
    return null;
  }
  try {
    return new Value(source, LIQUID);
  } catch (error) {
    issues.add(path, liquidProblem(error));
    return null;
  }
}

/** Where an output ends in a `|` with no filter after it (`{{ name | }}`), as line and column; null when none. */
function emptyFilter(source: string): { line: number; column: number } | null {
  for (const output of source.matchAll(/\{\{-?([\s\S]*?)-?\}\}/g)) {
    // Quoted text may hold a "|" of its own: blanked out, keeping the offsets.
    const inner = output[1].replace(/"[^"]*"|'[^']*'/g, (quoted) => ' '.repeat(quoted.length));
    const pipe = /\|\s*$/.exec(inner);
    if (!pipe) continue;
    const offset = output.index + output[0].indexOf(output[1]) + pipe.index;
    const before = source.slice(0, offset).split('\n');
    return { line: before.length, column: before[before.length - 1].length + 1 };
  }
  return null;
}

/** A liquidjs parse error as a message: what and where, without liquidjs's own position suffix. */
function liquidProblem(error: unknown): string {
  const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
  const position = (error as { token?: { getPosition?: () => [number, number] } }).token?.getPosition?.();
  const where = position ? ` at line ${position[0]}, column ${position[1]}` : '';
  const reason = message.replace(/, line:\d+, col:\d+$/, '');
  const filter = /^undefined filter: (.+)$/.exec(reason);
  if (filter) return `uses the unknown filter "${filter[1]}"${where}`;
  return `has a Liquid syntax error${where}: ${reason}`;
}

function excerpt(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
