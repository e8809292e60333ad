import { ApiError } from '../../../common/errors/api-error';
import { EnvelopeIssue, EnvelopeValidator } from '../../../generation/request/envelope-issues';
import type { CustomTemplateDefinition, CustomTemplateFields } from '../store/custom-template.store';
import type { DefinitionChecker } from '../checks/definition-checker';
import { compareVersions, FIRST_VERSION } from '../template-version';
import { defaultOptionsProblem } from './default-options';
import { DEFINITION_FIELDS, MAX_DEFINITION_BYTES, TEMPLATE_DEFINITION_SCHEMA } from './template-definition.schema';
import { isObject, withoutNulls } from '../../../common/validation/body-values';

const ENVELOPE = new EnvelopeValidator(TEMPLATE_DEFINITION_SCHEMA);

/** A create or update body once checked. */
export interface ParsedDefinition {
  /** The id the caller chose (create), if any. */
  id?: string;
  /** The version the caller named (update), if any. */
  version?: string;
  fields: CustomTemplateFields;
}

/** What an update checks the body against: the template the path names. */
export interface UpdateContext {
  id: string;
  currentVersion: string;
}

/**
 * Checks a POST /templates body (no `update`) or a PUT /templates/{id} body: every problem is
 * listed, each naming its path, in one 400 Invalid template definition. `null` counts as absent.
 * The size bound comes first and alone: nothing larger is looked at. The schema, the layout and
 * the sample data are checked on the checker's worker threads, not on the HTTP thread.
 */
export async function parseDefinition(body: unknown, checker: DefinitionChecker, update?: UpdateContext): Promise<ParsedDefinition> {
  if (body !== undefined && !isObject(body)) throw invalidDefinition(['The body must be a JSON object with name, schema and layout']);
  const b = withoutNulls(body ?? {});
  const sizeProblem = definitionSizeProblem(b);
  if (sizeProblem) throw invalidDefinition([sizeProblem]);

  const issues = ENVELOPE.issues(b);
  const failed = (field: string) => issues.some((issue) => issue.segments[0] === field);
  const own = (field: string) => (message: string): EnvelopeIssue => ({ segments: [field], message, ownMessage: true });
  const checked = await checker.checkDefinition({
    schema: failed('schema') ? undefined : (b.schema as Record<string, unknown>),
    layout: failed('layout') ? undefined : b.layout,
    sampleData: failed('sampleData') ? undefined : b.sampleData,
  });
  issues.push(...checked.schema.map(own('schema')));
  issues.push(...checked.layout.map(own('layout')));
  const optionsProblem = failed('defaultOptions') || b.defaultOptions === undefined ? null : defaultOptionsProblem(b.defaultOptions as Record<string, unknown>);
  if (optionsProblem) issues.push(own('defaultOptions')(optionsProblem));
  issues.push(...checked.sampleData.map(own('sampleData')));
  if (!failed('version') && typeof b.version === 'string') issues.push(...versionProblems(b.version, update).map(own('version')));
  if (update && !failed('id') && b.id !== undefined && b.id !== update.id) issues.push(own('id')(`id cannot be changed: this template is '${update.id}'`));
  if (issues.length > 0) throw invalidDefinition(ENVELOPE.report(b, issues));

  const definition = Object.fromEntries(DEFINITION_FIELDS.filter((field) => b[field] !== undefined).map((field) => [field, b[field]]));
  return {
    id: update ? undefined : (b.id as string | undefined),
    version: b.version as string | undefined,
    fields: {
      name: b.name as string,
      description: (b.description as string | undefined) ?? '',
      category: (b.category as string | undefined) ?? 'custom',
      definition: definition as unknown as CustomTemplateDefinition,
    },
  };
}

export function invalidDefinition(validationErrors: string[]): ApiError {
  return new ApiError('INVALID_TEMPLATE_DEFINITION', { extra: { validationErrors } });
}

/** The bound of DECISIONS section 9 on what a definition stores (also on a previewed layout). */
export function definitionSizeProblem(b: Record<string, unknown>): string | null {
  const bytes = Buffer.byteLength(JSON.stringify(Object.fromEntries(DEFINITION_FIELDS.map((field) => [field, b[field]]))));
  if (bytes <= MAX_DEFINITION_BYTES) return null;
  const kib = (n: number) => `${Math.ceil(n / 1024)} KiB`;
  return `The definition must be at most ${kib(MAX_DEFINITION_BYTES)} as JSON (${DEFINITION_FIELDS.join(', ')} together); it is ${kib(bytes)}`;
}

/** A new template starts at 1.0.0; a change may name any version higher than the current one. */
function versionProblems(version: string, update: UpdateContext | undefined): string[] {
  if (!update) return version === FIRST_VERSION ? [] : [`version of a new template is ${FIRST_VERSION}`];
  return compareVersions(version, update.currentVersion) > 0 ? [] : [`version must be higher than the current version ${update.currentVersion}`];
}
