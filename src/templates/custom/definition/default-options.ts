import { contentRoomProblem, DefaultPdfOptions, PdfOptionsInput, resolveOptions } from '../../../engine';
import { EnvelopeSchema, GENERATE_REQUEST_SCHEMA, MESSAGE_KEYWORD } from '../../../generation/request/generate-request.schema';

/** A custom template's page defaults when its definition names none (DECISIONS section 9). */
export const STANDARD_DEFAULT_OPTIONS: DefaultPdfOptions = {
  format: 'Letter',
  orientation: 'portrait',
  margin: { top: '0.75in', right: '0.75in', bottom: '0.75in', left: '0.75in' },
};

/** The options a template may default: a layout draws its own header and footer, so the HTML ones are not among them. */
const DEFAULTABLE = ['format', 'orientation', 'margin'] as const;

/**
 * The schema of a definition's `defaultOptions`: generate's `options` schema (its rules and
 * messages, renamed to this field) cut to the defaultable options.
 */
export const DEFAULT_OPTIONS_SCHEMA: EnvelopeSchema = renamed(
  {
    ...GENERATE_REQUEST_SCHEMA.properties!.options,
    description: `Page defaults of the template, each overridable by a request's options (default: Letter, portrait, 0.75in margins)`,
    properties: Object.fromEntries(DEFAULTABLE.map((name) => [name, GENERATE_REQUEST_SCHEMA.properties!.options.properties![name]])),
    propertyNames: {
      enum: [...DEFAULTABLE],
      [MESSAGE_KEYWORD]: `defaultOptions.{shortName} cannot be a default (allowed: ${DEFAULTABLE.join(', ')}); the layout's header and footer are drawn on every page`,
    },
  },
  'options',
  'defaultOptions',
);

/** `defaultOptions` whose shape passed DEFAULT_OPTIONS_SCHEMA, over the standard defaults. */
export function customDefaultOptions(defaultOptions: Record<string, unknown> | undefined): DefaultPdfOptions {
  const { format, orientation, margin } = resolveOptions((defaultOptions ?? {}) as PdfOptionsInput, STANDARD_DEFAULT_OPTIONS);
  return { format, orientation, margin };
}

/** Why these defaults leave no room for content, named for the field, or null. */
export function defaultOptionsProblem(defaultOptions: Record<string, unknown>): string | null {
  const problem = contentRoomProblem(customDefaultOptions(defaultOptions));
  return problem && problem.replace(/^options\b/, 'defaultOptions');
}

/** A copy of `schema` whose messages name `to` where they named the field `from`. */
function renamed(schema: EnvelopeSchema, from: string, to: string): EnvelopeSchema {
  const rename = (message: string) => message.replace(new RegExp(`^${from}\\b`), to);
  const copy = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(copy);
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => {
        if (key !== MESSAGE_KEYWORD) return [key, copy(value)];
        return [key, typeof value === 'string' ? rename(value) : Object.fromEntries(Object.entries(value as Record<string, string>).map(([k, m]) => [k, rename(m)]))];
      }),
    );
  };
  return copy(schema) as EnvelopeSchema;
}
