/** The messages of passing a definition through the worker (definition-check.worker.ts). */

/** Check a definition's parts: the schema (compiled and kept under `key`), the layout, the sample data against the schema. */
export interface DefinitionTask {
  kind: 'definition';
  key: string;
  schema?: Record<string, unknown>;
  schemaField?: string;
  layout?: unknown;
  sampleData?: unknown;
  /** Where the sample data sits, for the messages' paths: `sampleData`, or none for a preview's `data`. */
  sampleDataRoot?: string;
}

/** Validate data against the schema kept under `key`; `schema` is sent again when the worker lacks it. */
export interface ValidateTask {
  kind: 'validate';
  key: string;
  schema?: Record<string, unknown>;
  data: unknown;
  root?: string;
}

export type CheckTask = DefinitionTask | ValidateTask;

/** Each part's problems, each message naming its path; all empty when the definition is sound. */
export interface DefinitionProblems {
  schema: string[];
  layout: string[];
  sampleData: string[];
}

export type ValidateAnswer = { messages: string[] } | { missing: true };
