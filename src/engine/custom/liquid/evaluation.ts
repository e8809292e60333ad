import { Context, isTruthy, Template, toValueSync, Value } from 'liquidjs';
import { RenderFailed } from '../../errors';
import { FastText, stringify } from './fast-output';
import { LIQUID } from './sandbox';

/** Longest text one property may produce, and all of them together in one document. */
export const MAX_TEXT_CHARS = 1_000_000;
export const MAX_DOCUMENT_TEXT_CHARS = 20_000_000;

/** Liquid output written to a string, bounded: a loop over a large value cannot fill the memory. */
class BoundedEmitter {
  buffer = '';
  overflowed = false;

  constructor(private readonly limit: number) {}

  write(html: unknown): void {
    this.buffer += stringify(html);
    if (this.buffer.length > this.limit) {
      this.overflowed = true;
      throw new Error('output limit exceeded');
    }
  }
}

/**
 * The evaluation of one document's Liquid: one context over the data, so Liquid's time and
 * memory limits count for the whole document, and a budget of output characters. Loop names
 * (`as`) and `page` are pushed as scopes over the data.
 */
export class Evaluation {
  private readonly context: Context;
  private textLeft = MAX_DOCUMENT_TEXT_CHARS;

  /** `locale`: the document's language, whose month and day names the `date` filter prints. */
  constructor(data: Record<string, unknown>, locale = 'en') {
    this.context = new Context(data, { ...LIQUID.options, locale }, { sync: true }, { liquid: LIQUID });
  }

  /**
   * Renders parsed templates to text; `path` names the property in errors ("layout.body[2].text").
   * `maxChars` bounds this property's text (an image's data URI may be longer than any text).
   */
  render(templates: Template[], path: string, maxChars = MAX_TEXT_CHARS): string {
    const emitter = new BoundedEmitter(Math.min(maxChars, this.textLeft));
    try {
      toValueSync(LIQUID.renderer.renderTemplates(templates, this.context, emitter));
    } catch (error) {
      if (emitter.overflowed) throw new RenderFailed(`${path} gives more text than a document may hold`);
      throw evaluationFailed(path, error);
    }
    this.textLeft -= emitter.buffer.length;
    return emitter.buffer;
  }

  /** Same as render, for templates fast-output.ts could prepare. */
  renderFast(text: FastText, path: string, maxChars = MAX_TEXT_CHARS): string {
    let result: string;
    try {
      result = text(this.context);
    } catch (error) {
      throw evaluationFailed(path, error);
    }
    if (result.length > Math.min(maxChars, this.textLeft)) throw new RenderFailed(`${path} gives more text than a document may hold`);
    this.textLeft -= result.length;
    return result;
  }

  /** The value of an expression as it is (an array stays an array). */
  value(value: Value, path: string): unknown {
    try {
      return toValueSync(value.value(this.context, false));
    } catch (error) {
      throw evaluationFailed(path, error);
    }
  }

  /** Whether a condition holds, by Liquid's rules (only false and nil are false). */
  holds(value: Value, path: string): boolean {
    return isTruthy(this.value(value, path), this.context);
  }

  /**
   * Runs `body` once per item with the item visible as `name`, and `forloop` as in Liquid's for
   * tag (index, index0, rindex, rindex0, first, last, length). One scope for the whole loop:
   * bodies evaluate their Liquid before the next item.
   */
  loop<T>(name: string, items: readonly T[], body: (item: T, index: number) => void): void {
    const { length } = items;
    const forloop = { index: 0, index0: 0, rindex: 0, rindex0: 0, first: false, last: false, length };
    const scope = Object.create(null) as Record<string, unknown>;
    scope.forloop = forloop;
    this.context.push(scope);
    try {
      items.forEach((item, index) => {
        scope[name] = item;
        forloop.index = index + 1;
        forloop.index0 = index;
        forloop.rindex = length - index;
        forloop.rindex0 = length - index - 1;
        forloop.first = index === 0;
        forloop.last = index === length - 1;
        body(item, index);
      });
    } finally {
      this.context.pop();
    }
  }

  /** Runs `draw` with `names` visible to the templates (loop items, page numbers). */
  within<T>(names: Record<string, unknown>, draw: () => T): T {
    const scope = Object.assign(Object.create(null) as Record<string, unknown>, names);
    this.context.push(scope);
    try {
      return draw();
    } finally {
      this.context.pop();
    }
  }
}

function evaluationFailed(path: string, error: unknown): RenderFailed {
  if (error instanceof RenderFailed) return error;
  const reason = error instanceof Error ? error.message.split('\n')[0].replace(/, line:\d+, col:\d+$/, '') : 'unknown error';
  return new RenderFailed(`${path} could not be evaluated: ${reason}`, { cause: error });
}
