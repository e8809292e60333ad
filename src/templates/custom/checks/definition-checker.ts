import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { Piscina } from 'piscina';
import type { DefinitionProblems, DefinitionTask, ValidateAnswer, ValidateTask } from './definition-check.types';

/**
 * The most one check may take, waiting for a worker included. A definition is at most 512 KiB; the
 * largest the red team sent (800 objects of 9 patterned strings) compiled in 3.6 s on a quiet machine.
 */
const DEFINITION_CHECK_TIMEOUT_MS = 20_000;

/** Answered by a check that outlived DEFINITION_CHECK_TIMEOUT_MS, under the field it checked. */
function tooComplexProblem(field: string): string {
  return `${field} could not be checked within ${DEFINITION_CHECK_TIMEOUT_MS / 1000} s: make it smaller or simpler`;
}

/** Checks data against an author's schema, off the HTTP thread; [] when the data fits. */
export type AsyncDataValidator = (data: unknown, root?: string) => Promise<string[]>;

/**
 * Compiles and checks custom template definitions and validates data against their schemas on
 * worker threads, never on the HTTP thread (DECISIONS section 13): a 446 KiB schema stalled it
 * 3.6 s per preview, and a 430 KiB layout 250 to 300 ms. Each task is bounded in time: one that
 * runs over is stopped with its worker, and answered as a problem of the field it checked.
 */
@Injectable()
export class DefinitionChecker implements OnModuleDestroy {
  // Without Piscina's timing histograms (about 350 KB each), which nothing reads.
  private readonly pool = new Piscina({ filename: workerFile(), minThreads: 0, maxThreads: 2, idleTimeout: 60_000, recordTiming: false });

  /**
   * The problems of a definition's parts, by part; the schema is kept compiled on the worker.
   * `sampleData` is checked against the schema in the same task (its messages under `sampleDataRoot`).
   */
  async checkDefinition(parts: { schema?: Record<string, unknown>; layout?: unknown; sampleData?: unknown; sampleDataRoot?: string }): Promise<DefinitionProblems> {
    const task: DefinitionTask = { kind: 'definition', key: keyOf(parts.schema), sampleDataRoot: 'sampleData', ...parts };
    const answer = await this.run<DefinitionProblems>(task);
    if (answer !== null) return answer;
    // Over time: blame the part that can be that slow to check (a schema compiles slowest).
    return { schema: parts.schema === undefined ? [] : [tooComplexProblem('schema')], layout: parts.schema === undefined ? [tooComplexProblem('layout')] : [], sampleData: [] };
  }

  /** A validator for data against `schema`, compiled on the worker at its first use. */
  validator(schema: Record<string, unknown>): AsyncDataValidator {
    const key = keyOf(schema);
    return async (data, root) => {
      const task: ValidateTask = { kind: 'validate', key, data, root };
      let answer = await this.run<ValidateAnswer>(task);
      // The worker was new (started, or replaced after a time-out): it compiles the schema once.
      if (answer !== null && 'missing' in answer) answer = await this.run<ValidateAnswer>({ ...task, schema });
      if (answer === null) return [tooComplexProblem(root ?? 'data')];
      return 'messages' in answer ? answer.messages : [];
    };
  }

  /** The task's answer, or null when it ran over its time (its worker is then replaced). */
  private async run<T>(task: DefinitionTask | ValidateTask): Promise<T | null> {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), DEFINITION_CHECK_TIMEOUT_MS);
    try {
      return (await this.pool.run(task, { signal: deadline.signal })) as T;
    } catch (error) {
      if (deadline.signal.aborted) return null;
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.destroy();
  }
}

/** A digest of the schema: the same schema sent again finds its compiled validator. */
function keyOf(schema: Record<string, unknown> | undefined): string {
  return schema === undefined ? '' : createHash('sha256').update(JSON.stringify(schema)).digest('base64url');
}

/** Workers load compiled JavaScript; under ts-jest the source is TypeScript, so they use the build in dist/. */
function workerFile(): string {
  const beside = join(__dirname, 'definition-check.worker.js');
  if (existsSync(beside)) return beside;
  const built = resolve(__dirname, '../../../../dist/templates/custom/checks/definition-check.worker.js');
  if (existsSync(built)) return built;
  throw new Error(`Definition check worker not built: run \`npm run build\` (looked for ${beside} and ${built})`);
}
