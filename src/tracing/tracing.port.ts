import type { Request, Response } from 'express';

export type SpanKindName = 'internal' | 'server' | 'client' | 'producer' | 'consumer';

export type SpanAttributes = Record<string, string | number | boolean | undefined>;

export interface SpanOptions {
  kind?: SpanKindName;
  attributes?: SpanAttributes;
  /**
   * A W3C traceparent the span continues instead of the current span: a request's header, the
   * one stored with a job. Given where the trace must survive without an SDK (see PassThroughTracing).
   */
  parent?: string | null;
}

export interface TraceSpan {
  /**
   * What is stored with a job and sent on webhooks: this span's traceparent, or without an SDK the
   * traceparent the span continues, unchanged.
   */
  readonly traceparent: string | undefined;
  setAttributes(attributes: SpanAttributes): void;
  /** Marks the span failed without a throw (a webhook answered 500). */
  fail(reason: string): void;
}

/** Where the SDK's own warnings and errors are written (the service's JSON log). */
export interface TracingLogger {
  warn(message: string, fields?: object): void;
  error(message: string, fields?: object): void;
}

/**
 * Spans as the service makes them, whether or not an OpenTelemetry SDK is loaded: the only
 * tracing surface the rest of the code sees, so that without `OTEL_*` settings no SDK module is
 * required (src/tracing/index.ts).
 */
export interface Tracing {
  /** Whether spans are recorded and exported (an SDK is loaded). */
  readonly exporting: boolean;
  /** Runs `work` in a new span, a child of the current one or of `options.parent`; a throw marks the span failed. */
  inSpan<T>(name: string, options: SpanOptions, work: (span: TraceSpan) => Promise<T> | T): Promise<T>;
  /** A span timed elsewhere (a render worker's own time, epoch milliseconds), a child of the current one. */
  recordSpan(name: string, startMs: number, endMs: number, attributes?: SpanAttributes): void;
  /** Express middleware step: sets `req.traceparent` and runs `next` in the request's server span. */
  traceRequest(req: Request, res: Response, next: () => void): void;
  /** Sends the spans still buffered. */
  shutdown(): Promise<void>;
}
