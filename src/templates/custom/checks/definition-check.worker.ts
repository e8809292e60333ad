import { checkDataSchema } from '../definition/data-schema';
import { layoutProblems } from '../definition/layout-check';
import type { DataValidator } from '../../validation/data-validator';
import type { CheckTask, DefinitionProblems, ValidateAnswer } from './definition-check.types';

/** Compiled schemas by key (a digest of the schema): a stored version's is compiled once per worker. */
const compiled = new Map<string, DataValidator | string[]>();
const COMPILED_SCHEMAS = 256;

/**
 * Runs in a worker thread: compiling an author's schema (Ajv, about 1 ms per subschema) and
 * checking a layout (Liquid) cost seconds for large definitions, time the HTTP thread must not
 * lose (DECISIONS section 13). The caller bounds each task's time.
 */
export default function check(task: CheckTask): DefinitionProblems | ValidateAnswer {
  if (task.kind === 'validate') {
    let validator = compiled.get(task.key);
    if (validator === undefined) {
      if (task.schema === undefined) return { missing: true };
      validator = compile(task.key, task.schema);
    }
    return { messages: Array.isArray(validator) ? validator : validator(task.data, task.root) };
  }
  const problems: DefinitionProblems = { schema: [], layout: [], sampleData: [] };
  if (task.schema !== undefined) {
    const validator = compile(task.key, task.schema, task.schemaField);
    if (Array.isArray(validator)) problems.schema = validator;
    else if (task.sampleData !== undefined) problems.sampleData = validator(task.sampleData, task.sampleDataRoot);
  }
  if (task.layout !== undefined) problems.layout = layoutProblems(task.layout);
  return problems;
}

/** The schema's validator, or its problems (a schema that does not compile refuses all data). */
function compile(key: string, schema: Record<string, unknown>, field = 'schema'): DataValidator | string[] {
  const { validate, problems } = checkDataSchema(schema, field);
  const result = validate ?? problems;
  if (compiled.size >= COMPILED_SCHEMAS) compiled.delete(compiled.keys().next().value!);
  compiled.set(key, result);
  return result;
}
