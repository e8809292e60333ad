import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { LayoutIssue } from '../../src/engine';

const REPO_DIR = resolve(__dirname, '../..');
const DIST_DIR = join(REPO_DIR, 'dist');
/** Far above any sane document; a case that needs more is a finding, not a crash of the test run. */
const WORKER_HEAP_MB = 1024;

/** One definition with its data, as the worker runs it. */
export interface LanguageCase {
  layout: unknown;
  data: Record<string, unknown>;
  options?: { format?: 'Letter' | 'A4' | 'Legal'; orientation?: 'portrait' | 'landscape' };
  /** Send the PDF back (base64) to look inside it. */
  keepPdf?: boolean;
}

interface Thrown {
  name?: string;
  message: string;
  stack?: string;
}

/** How a case ended (see template-language-worker.js), plus what it touched on the way. */
export type LanguageOutcome = (
  | { kind: 'schema'; errors: string[] }
  | { kind: 'invalid-layout'; issues: LayoutIssue[] }
  | { kind: 'invalid-data'; message: string }
  | { kind: 'render-failed'; message: string; cause?: Thrown }
  | { kind: 'pdf'; head: string; pages: number; bytes: number; pdf?: string }
  | ({ kind: 'crash'; step: string; schemaOk?: boolean } & Thrown)
  | { kind: 'hang'; ms: number }
  | { kind: 'worker-died'; message: string }
) & { elapsedMs: number; access?: string[]; pollution?: string[] };

/**
 * Runs cases on a worker thread against the built engine and stops any that outlives its time
 * limit (the worker is then replaced): a hang is reported, never waited out. Needs `dist/`.
 */
export class LanguageSandbox {
  private worker?: Worker;
  private ready?: Promise<void>;
  private next = 0;

  constructor(private readonly timeoutMs: number) {
    if (!existsSync(join(DIST_DIR, 'engine/index.js'))) throw new Error('Engine not built: run `npx nest build` (needs dist/engine/index.js)');
  }

  async run(testCase: LanguageCase): Promise<LanguageOutcome> {
    await this.start();
    const id = ++this.next;
    const started = performance.now();
    const outcome = await this.exchange({ id, key: `fuzz-${process.pid}-${id}`, ...testCase }, this.timeoutMs);
    const elapsedMs = performance.now() - started;
    // A polluted or stopped worker would taint the next case.
    if (outcome.kind === 'hang' || outcome.kind === 'worker-died' || (Array.isArray(outcome.pollution) && outcome.pollution.length > 0)) await this.stop();
    return { ...outcome, elapsedMs } as LanguageOutcome;
  }

  async close(): Promise<void> {
    await this.stop();
  }

  private start(): Promise<void> {
    if (!this.ready) {
      this.worker = new Worker(join(__dirname, 'template-language-worker.js'), {
        workerData: { distDir: DIST_DIR, repoDir: REPO_DIR },
        resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
      });
      // Loading fonts and code on a busy machine can take a while: not part of any case's time.
      this.ready = this.exchange({ id: 0, warmUp: true }, 120_000).then((outcome) => {
        if (outcome.kind !== 'ready') throw new Error(`template-language worker did not start: ${JSON.stringify(outcome)}`);
      });
    }
    return this.ready;
  }

  private async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.ready = undefined;
    await worker?.terminate();
  }

  private exchange(message: Record<string, unknown>, timeoutMs: number): Promise<Record<string, unknown> & { kind: string }> {
    const worker = this.worker;
    if (!worker) return Promise.resolve({ kind: 'worker-died', message: 'no worker' });
    return new Promise((done) => {
      const finish = (outcome: Record<string, unknown> & { kind: string }) => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        done(outcome);
      };
      const onMessage = (reply: { id: number; outcome: Record<string, unknown> & { kind: string } }) => {
        if (reply.id === message.id) finish(reply.outcome);
      };
      const onError = (error: Error) => finish({ kind: 'worker-died', message: `${error.name}: ${error.message}` });
      const onExit = (code: number) => finish({ kind: 'worker-died', message: `worker exited with code ${code}` });
      const timer = setTimeout(() => finish({ kind: 'hang', ms: timeoutMs }), timeoutMs);
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      worker.postMessage(message);
    });
  }
}

/** The page limit of DECISIONS section 9: a render over it fails with this message. */
export const PAGE_LIMIT_MESSAGE = 'Document exceeds 1000 pages';
/**
 * Render failures that are the language's bounds doing their job (500 with details at the API):
 * the page limit, the output budget, liquidjs's render-time and memory limits. Any other
 * RenderFailed of a layout that compiled is a defect.
 */
const BOUNDED_FAILURES = [/^Document exceeds 1000 pages$/, / gives more text than a document may hold$/, / could not be evaluated: (template render limit exceeded|memory alloc limit exceeded)$/];

export function isBoundedFailure(message: string): boolean {
  return BOUNDED_FAILURES.some((pattern) => pattern.test(message));
}

/**
 * Every way an outcome breaks the language's contract; empty when it keeps it. Allowed: schema
 * issues, InvalidLayout whose issues each have a path and a message, InvalidDocumentData, a bounded
 * failure (the page limit, the output and time budgets), or a PDF; nothing read or fetched, no
 * prototype changed.
 */
export function languageProblems(outcome: LanguageOutcome): string[] {
  const problems: string[] = [];
  switch (outcome.kind) {
    case 'schema':
    case 'pdf':
      if (outcome.kind === 'pdf' && outcome.head !== '%PDF-') problems.push(`render returned ${JSON.stringify(outcome.head)}, not a PDF`);
      break;
    case 'invalid-layout':
      if (!Array.isArray(outcome.issues) || outcome.issues.length === 0) problems.push('InvalidLayout without issues');
      for (const issue of outcome.issues ?? []) problems.push(...issueProblems(issue));
      break;
    case 'invalid-data':
      if (!outcome.message) problems.push('InvalidDocumentData without a message');
      break;
    case 'render-failed':
      if (!isBoundedFailure(outcome.message)) problems.push(`RenderFailed: ${outcome.message}${outcome.cause ? ` (cause ${outcome.cause.name}: ${outcome.cause.message})` : ''}`);
      break;
    case 'crash':
      problems.push(`${outcome.step} threw ${outcome.name}: ${outcome.message}`);
      break;
    case 'hang':
      problems.push(`no outcome within ${outcome.ms} ms`);
      break;
    case 'worker-died':
      problems.push(`the worker died: ${outcome.message}`);
      break;
  }
  for (const access of outcome.access ?? []) problems.push(`touched the outside: ${access}`);
  for (const change of outcome.pollution ?? []) problems.push(`prototype pollution: ${change}`);
  return problems;
}

function issueProblems(issue: LayoutIssue): string[] {
  const problems: string[] = [];
  if (!Array.isArray(issue?.path) || !issue.path.every((part) => typeof part === 'string' || (Number.isInteger(part) && part >= 0))) problems.push(`issue without a path: ${JSON.stringify(issue)}`);
  if (typeof issue?.message !== 'string' || issue.message.trim() === '') problems.push(`issue without a message: ${JSON.stringify(issue)}`);
  return problems;
}
