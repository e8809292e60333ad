import type { Request, Response } from 'express';
import type { SpanOptions, TraceSpan, Tracing } from './tracing.port';
import { validTraceparent } from './traceparent';

const NO_TRACE: TraceSpan = { traceparent: undefined, setAttributes: () => undefined, fail: () => undefined };

/**
 * Tracing without an SDK: nothing is recorded, and a caller's traceparent goes on as it came (the
 * W3C rule for a participant that does not trace): stored with the jobs the request makes and
 * sent unchanged on their webhooks.
 */
export class PassThroughTracing implements Tracing {
  readonly exporting = false;

  async inSpan<T>(_name: string, options: SpanOptions, work: (span: TraceSpan) => Promise<T> | T): Promise<T> {
    return work(options.parent ? { ...NO_TRACE, traceparent: options.parent } : NO_TRACE);
  }

  recordSpan(): void {}

  traceRequest(req: Request, _res: Response, next: () => void): void {
    req.traceparent = validTraceparent(req.headers.traceparent);
    next();
  }

  async shutdown(): Promise<void> {}
}
