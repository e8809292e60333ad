import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { Piscina } from 'piscina';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { MergedItem, RenderFailed, RenderRequest, RenderTimedOut } from '../../engine';
import { MetricsService } from '../../metrics/metrics.service';
import { tracing } from '../../tracing';
import { FairSlots } from './fair-slots';
import { RenderPoolBusy } from './render-pool-busy';
import { RENDER_WORKER_LIMITS } from './worker-limits';
import type { RenderedPdf } from './rendered-pdf';
import { fromRefusal, isRefusal, RenderRefusal } from './render-refusal';

/**
 * Renders in a pool of worker threads so the HTTP event loop never blocks on PDFKit. A render
 * that outlives RENDER_TIMEOUT_MS on its worker is aborted, which terminates and replaces the worker.
 *
 * Renders wait in this class's own line and reach Piscina only when a worker is free: served
 * round-robin by workspace, in arrival order within one, and no workspace holds every worker
 * while another waits (FairSlots, DECISIONS section 13). Piscina 5 does not keep abortable tasks
 * in order: a task it cannot place yet goes to the back of its line at every dispatch (or, with
 * `stricterFIFO`, each new task goes to the front). Under load that made queue waits of p50 15 ms
 * but p99 60 ms; in order the wait is about the same for every request.
 */
@Injectable()
export class RenderPool implements OnModuleDestroy {
  private readonly pool: Piscina;
  /** One slot per worker: a render holds one while Piscina runs it. */
  private readonly workers: FairSlots;
  /** Renders running or waiting, bounded by RENDER_QUEUE_LIMIT. */
  private inFlight = 0;
  /** The same by workspace: one workspace may fill half the queue, never all of it. */
  private readonly inFlightOf = new Map<string, number>();
  private readonly perWorkspaceLimit: number;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: MetricsService,
  ) {
    this.workers = new FairSlots(config.renderWorkers);
    this.perWorkspaceLimit = config.renderWorkers + Math.ceil(config.renderQueueLimit / 2);
    this.pool = new Piscina({
      filename: workerFile(),
      // The last worker serves a workspace only while another holds the rest: started when needed.
      minThreads: Math.max(1, config.renderWorkers - 1),
      maxThreads: config.renderWorkers,
      idleTimeout: 60_000,
      resourceLimits: RENDER_WORKER_LIMITS,
      // No run and wait time histograms (about 350 KB each): nothing reads them, metrics.service has its own.
      recordTiming: false,
    });
  }

  /**
   * Waits at most RENDER_TIMEOUT_MS for a worker (RenderPoolBusy past that: nothing went wrong
   * with this render) and then gives it RENDER_TIMEOUT_MS on the worker (RenderTimedOut past that).
   * A render the engine refuses throws the engine's error (RenderFailed, InvalidDocumentData), and
   * one that breaks its worker a RenderFailed. `workspaceId`: whose render it is, for the turns.
   */
  async render(request: RenderRequest, workspaceId = ''): Promise<RenderedPdf> {
    return tracing().inSpan('render', { attributes: { 'pdfgen.template.id': request.templateId } }, () =>
      this.inTurn(workspaceId, () => this.run(request, 'default', this.config.renderTimeoutMs)),
    );
  }

  /**
   * Draws the items into one PDF, each from a new page, with one outline entry each (a batch's
   * `merge: true`, DECISIONS section 15), in the same line and under the same rules as render().
   * Its time on the worker is RENDER_TIMEOUT_MS per item: each item alone may take that long, and
   * the merge draws them all (500 one-page invoices take about 2 s).
   */
  async renderMerged(items: readonly MergedItem[], workspaceId = ''): Promise<RenderedPdf> {
    return tracing().inSpan('render merged', { attributes: { 'pdfgen.batch.items': items.length } }, () =>
      this.inTurn(workspaceId, () => this.run(items, 'renderMerged', this.config.renderTimeoutMs * Math.max(1, items.length))),
    );
  }

  /** Runs `work` when the workspace's turn for a worker comes (RenderPoolBusy when the queue is full or the wait too long). */
  private async inTurn(workspaceId: string, work: () => Promise<RenderedPdf>): Promise<RenderedPdf> {
    if (this.inFlight >= this.config.renderWorkers + this.config.renderQueueLimit) throw new RenderPoolBusy();
    const own = this.inFlightOf.get(workspaceId) ?? 0;
    if (own >= this.perWorkspaceLimit) throw new RenderPoolBusy();
    this.inFlightOf.set(workspaceId, own + 1);
    this.track(+1);
    try {
      await this.takeWorker(workspaceId);
      try {
        return await work();
      } finally {
        this.workers.release(workspaceId);
      }
    } finally {
      this.track(-1);
      const left = this.inFlightOf.get(workspaceId)! - 1;
      if (left > 0) this.inFlightOf.set(workspaceId, left);
      else this.inFlightOf.delete(workspaceId);
    }
  }

  private async takeWorker(workspaceId: string): Promise<void> {
    // Most renders find a worker free: no timer to set for them.
    if (this.workers.tryAcquire(workspaceId)) return;
    const gaveUp = new AbortController();
    const timer = setTimeout(() => gaveUp.abort(), this.config.renderTimeoutMs);
    try {
      await this.workers.acquire(workspaceId, gaveUp.signal);
    } catch {
      // The line's only way to fail is the abort.
      throw new RenderPoolBusy();
    } finally {
      clearTimeout(timer);
    }
  }

  /** Runs the worker's export `name` on `task`, aborted past `timeoutMs`. */
  private async run(task: RenderRequest | readonly MergedItem[], name: 'default' | 'renderMerged', timeoutMs: number): Promise<RenderedPdf> {
    const deadline = new RenderDeadline();
    const timer = setTimeout(() => deadline.abort(), timeoutMs);
    let result: RenderedPdf | RenderRefusal;
    try {
      result = await this.pool.run(task, { name, signal: deadline });
    } catch (error) {
      throw deadline.aborted ? new RenderTimedOut(timeoutMs, { cause: error }) : new RenderFailed(undefined, { cause: error });
    } finally {
      clearTimeout(timer);
    }
    if (isRefusal(result)) throw fromRefusal(result);
    // Within the render's span, which also holds its wait for a worker.
    tracing().recordSpan('render on worker', result.drawn.startMs, result.drawn.endMs, { 'pdfgen.pages': result.pages });
    return result;
  }

  private track(change: number): void {
    this.inFlight += change;
    this.metrics.queueDepth.set({ queue: 'render' }, this.queueSize);
  }

  /** Renders waiting for a worker. */
  get queueSize(): number {
    return Math.max(0, this.inFlight - this.config.renderWorkers);
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.destroy();
  }
}

/**
 * What aborts a render past its time. Piscina takes an EventEmitter with `aborted` as well as an
 * AbortSignal, and for every render the HTTP thread made, watched and dropped: an AbortController
 * costs 4.3 µs, this 0.1 µs.
 */
class RenderDeadline extends EventEmitter {
  aborted = false;

  abort(): void {
    this.aborted = true;
    this.emit('abort');
  }
}

/** Workers load compiled JavaScript; under ts-jest the source is TypeScript, so they use the build in dist/. */
function workerFile(): string {
  const beside = join(__dirname, 'render.worker.js');
  if (existsSync(beside)) return beside;
  const built = resolve(__dirname, '../../../dist/generation/pool/render.worker.js');
  if (existsSync(built)) return built;
  throw new Error(`Render worker not built: run \`npm run build\` (looked for ${beside} and ${built})`);
}
