import { PassThroughTracing } from './pass-through-tracing';
import { Env, tracingConfigured } from './tracing-settings';
import type { Tracing, TracingLogger } from './tracing.port';

export type { SpanAttributes, SpanOptions, TraceSpan, Tracing } from './tracing.port';

let current: Tracing = new PassThroughTracing();

/**
 * Loads the OpenTelemetry SDK when the OTEL_* variables ask for export (main.ts, before the
 * application); its warnings and errors (a collector that does not answer) go to `logger`. Otherwise no SDK module is ever required, and a span costs a function call.
 */
export function startTracing(env: Env, logger: TracingLogger): void {
  if (!tracingConfigured(env)) return;
  // Required here, not imported above: the SDK loads only when it is used.
  const { OtelTracing } = require('./otel-tracing') as typeof import('./otel-tracing');
  current = new OtelTracing(env, logger);
}

/** The process's tracing: the SDK's, or the pass-through one. */
export function tracing(): Tracing {
  return current;
}

/** Flushes the spans still buffered (at shutdown). */
export function stopTracing(): Promise<void> {
  return current.shutdown();
}
