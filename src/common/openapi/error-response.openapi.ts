import { ERROR_CATALOGUE, ErrorCode, ErrorSpec } from '../errors/error-catalogue';

export const ERROR_RESPONSE_COMPONENT = 'ErrorResponse';
const ERROR_RESPONSE_REF = `#/components/schemas/${ERROR_RESPONSE_COMPONENT}`;

type Catalogue = typeof ERROR_CATALOGUE;
/** Every field a catalogue entry lists in `extra`: adding one there without describing it here fails to compile. */
export type ExtraField = { [C in ErrorCode]: Catalogue[C] extends { extra: readonly (infer F)[] } ? F : never }[ErrorCode];

const strings = { type: 'array', items: { type: 'string' } } as const;
const count = { type: 'integer', minimum: 0 } as const;

const EXTRA_FIELDS: Record<ExtraField, Record<string, unknown>> = {
  details: { type: 'string', description: 'A short, safe explanation (never a stack trace)' },
  limitBytes: { ...count, description: 'The body limit in force, in bytes' },
  availableTemplates: { ...strings, description: 'Template ids this workspace may use' },
  validationErrors: { ...strings, description: 'Every problem found, each naming its field' },
  categories: { ...strings, description: 'The valid categories' },
  limit: { ...count, description: 'QUOTA_EXCEEDED: the monthly limit in force; CUSTOM_TEMPLATE_LIMIT_REACHED: custom templates a workspace may hold' },
  used: { ...count, description: 'Generations counted this month' },
  remaining: { ...count, description: 'Generations left this month' },
  requested: { ...count, description: "A batch's item count, which must fit in `remaining` whole" },
  retryAfterSeconds: { ...count, description: 'Seconds until signing in, or asking for a password reset link, may be tried again' },
};
const DESCRIBED_FIELDS = withCodes(EXTRA_FIELDS);

/** The shape of every error body (spec "Errors", DECISIONS section 1), with every extra field any code carries. */
export function errorResponseSchema(): Record<string, unknown> {
  return {
    type: 'object',
    required: ['success', 'error', 'code', 'requestId'],
    properties: {
      success: { type: 'boolean', enum: [false], example: false },
      error: { type: 'string', description: 'Human-readable message, exactly as the contract words it', example: 'Missing API key' },
      code: { type: 'string', description: 'Stable UPPER_SNAKE identifier to branch on', example: 'MISSING_API_KEY' },
      requestId: { type: 'string', description: 'Same value as the X-Request-Id response header' },
      ...DESCRIBED_FIELDS,
    },
  };
}

/** The body of one error response: ErrorResponse, naming the extra fields its codes carry. */
export function errorBodySchema(codes: readonly ErrorCode[]): Record<string, unknown> {
  const fields = [...new Set(codes.flatMap(extraFieldsOf))];
  if (fields.length === 0) return { $ref: ERROR_RESPONSE_REF };
  const properties = Object.fromEntries(fields.map((field) => [field, DESCRIBED_FIELDS[field]]));
  return { allOf: [{ $ref: ERROR_RESPONSE_REF }, { type: 'object', properties }] };
}

export function extraFieldsOf(code: ErrorCode): readonly ExtraField[] {
  return ((ERROR_CATALOGUE[code] as ErrorSpec).extra ?? []) as readonly ExtraField[];
}

/** Each field's description, ending with the codes that carry it. */
function withCodes(fields: typeof EXTRA_FIELDS): Record<string, Record<string, unknown>> {
  const codes = Object.keys(ERROR_CATALOGUE) as ErrorCode[];
  return Object.fromEntries(
    Object.entries(fields).map(([field, schema]) => {
      const carriers = codes.filter((code) => extraFieldsOf(code).includes(field as ExtraField));
      return [field, { ...schema, description: `${schema.description as string}. Carried by ${carriers.join(', ')}.` }];
    }),
  );
}
