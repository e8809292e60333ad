import { Context, Output, Template, TokenKind, toValue, toValueSync, TypeGuards } from 'liquidjs';

/**
 * A faster way to the same text for the templates most layouts hold: literal text and outputs
 * such as `{{ item.amount | money: "EUR" }}` (a variable path, filters with literal arguments).
 * liquidjs evaluates them through generators, which made a 20-row invoice spend more time in
 * Liquid than in layout; this walks the same steps with liquidjs's own lookups
 * (Context.findScope, Context.readProperty: own properties only) and filter handlers, and
 * gives exactly what rendering would. Anything else (tags, operators, ranges, variable
 * arguments) keeps liquidjs's renderer.
 */
export type FastText = (context: Context) => string;

/** liquidjs Context methods that its typings mark private or internal. */
interface ContextLookups {
  findScope(key: string | number): unknown;
  readProperty(scope: unknown, key: string | number): unknown;
}

/** A liquidjs Filter's parts that its typings mark private. */
interface FilterParts {
  handler: (this: unknown, ...args: unknown[]) => unknown;
  token: unknown;
  liquid: unknown;
}

type Part = string | ((context: Context) => unknown);

export function fastText(templates: Template[]): FastText | null {
  const parts: Part[] = [];
  for (const template of templates) {
    const part = fastPart(template);
    if (part === null) return null;
    parts.push(part);
  }
  if (parts.length === 1) {
    const [only] = parts;
    return typeof only === 'string' ? () => only : (context) => stringify(only(context));
  }
  return (context) => {
    let text = '';
    for (const part of parts) text += typeof part === 'string' ? part : stringify(part(context));
    return text;
  };
}

function fastPart(template: Template): Part | null {
  if (template.token.kind === TokenKind.HTML) return (template as unknown as { str: string }).str;
  if (!(template instanceof Output)) return null;
  const { initial, filters } = template.value;
  if (initial.postfix.length !== 1) return null;
  const read = fastRead(initial.postfix[0]);
  if (!read) return null;
  const steps: Array<{ call: (this: unknown, ...args: unknown[]) => unknown; self: { token: unknown; liquid: unknown }; args: unknown[] }> = [];
  for (const filter of filters) {
    const args: unknown[] = [];
    for (const arg of filter.args) {
      if (Array.isArray(arg) || !('content' in arg)) return null;
      args.push((arg as { content: unknown }).content);
    }
    const { handler, token, liquid } = filter as unknown as FilterParts;
    steps.push({ call: handler, self: { token, liquid }, args });
  }
  return (context) => {
    let value = read(context);
    for (const { call, self, args } of steps) {
      value = call.apply({ context, ...self }, [value, ...args]);
      if (isIterator(value)) value = toValueSync(value);
    }
    return value;
  };
}

/** A variable path with literal keys, or a literal; null for anything else. */
function fastRead(token: unknown): ((context: Context) => unknown) | null {
  if (TypeGuards.isQuotedToken(token) || TypeGuards.isNumberToken(token)) {
    const content = token.content;
    return () => content;
  }
  if (!TypeGuards.isPropertyAccessToken(token) || token.variable || token.props.length === 0) return null;
  const keys: Array<string | number> = [];
  for (const prop of token.props) {
    const content = (prop as { content?: unknown }).content;
    if (typeof content !== 'string' && typeof content !== 'number') return null;
    keys.push(content);
  }
  return (context) => {
    const lookups = context as unknown as ContextLookups;
    let value = lookups.findScope(keys[0]);
    for (const key of keys) value = lookups.readProperty(value, key);
    return value;
  };
}

/** liquidjs's own test: what a filter yields to be run rather than returned. */
function isIterator(value: unknown): value is IterableIterator<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const { next, throw: raise, return: end } = value as Record<string, unknown>;
  return typeof next === 'function' && typeof raise === 'function' && typeof end === 'function';
}

/** As liquidjs prints a value (its stringify): nothing for nil, arrays joined. */
export function stringify(value: unknown): string {
  value = toValue(value);
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(stringify).join('');
  return String(value);
}
