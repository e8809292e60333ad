// Loaded only when tracing is configured (index.ts): nothing else may import @opentelemetry.
import { Context, context, diag, DiagLogLevel, propagation, ROOT_CONTEXT, Span, SpanKind, SpanStatusCode, trace, Tracer } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_SERVICE_NAME,
  ATTR_URL_PATH,
} from '@opentelemetry/semantic-conventions';
import type { Request, Response } from 'express';
import { routeOf } from '../common/http/route-of';
import type { SpanAttributes, SpanKindName, SpanOptions, TraceSpan, Tracing, TracingLogger } from './tracing.port';

const KINDS: Record<SpanKindName, SpanKind> = {
  internal: SpanKind.INTERNAL,
  server: SpanKind.SERVER,
  client: SpanKind.CLIENT,
  producer: SpanKind.PRODUCER,
  consumer: SpanKind.CONSUMER,
};

/**
 * The OpenTelemetry SDK: spans exported over OTLP/HTTP (JSON) in batches, configured by the
 * standard variables (endpoint, headers, sampler, batch delays; the SDK reads them), the
 * context carried through async calls by AsyncLocalStorage, W3C traceparent in and out.
 */
export class OtelTracing implements Tracing {
  readonly exporting = true;
  private readonly provider: NodeTracerProvider;
  private readonly tracer: Tracer;
  private readonly propagator = new W3CTraceContextPropagator();

  constructor(env: Record<string, string | undefined>, logger: TracingLogger) {
    const quiet = () => undefined;
    const line = (write: (message: string, fields?: object) => void) => (message: string, ...args: unknown[]) =>
      write(`opentelemetry: ${message}`, args.length > 0 ? { details: args.map(String) } : undefined);
    diag.setLogger({ error: line((m, f) => logger.error(m, f)), warn: line((m, f) => logger.warn(m, f)), info: quiet, debug: quiet, verbose: quiet }, DiagLogLevel.WARN);
    const resource = defaultResource()
      .merge(detectResources({ detectors: [envDetector] }))
      .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: env.OTEL_SERVICE_NAME || 'pdfgen' }));
    this.provider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())] });
    this.provider.register({ propagator: this.propagator });
    this.tracer = trace.getTracer('pdfgen');
  }

  inSpan<T>(name: string, options: SpanOptions, work: (span: TraceSpan) => Promise<T> | T): Promise<T> {
    const parent = options.parent ? this.contextOf(options.parent) : context.active();
    const span = this.tracer.startSpan(name, { kind: KINDS[options.kind ?? 'internal'], attributes: options.attributes }, parent);
    return context.with(trace.setSpan(parent, span), async () => {
      try {
        return await work(new OtelSpan(span));
      } catch (error) {
        fail(span, error);
        throw error;
      } finally {
        span.end();
      }
    });
  }

  recordSpan(name: string, startMs: number, endMs: number, attributes?: SpanAttributes): void {
    this.tracer.startSpan(name, { startTime: startMs, attributes }).end(endMs);
  }

  traceRequest(req: Request, res: Response, next: () => void): void {
    const parent = propagation.extract(ROOT_CONTEXT, req.headers);
    const span = this.tracer.startSpan(
      req.method,
      { kind: SpanKind.SERVER, attributes: { [ATTR_HTTP_REQUEST_METHOD]: req.method, [ATTR_URL_PATH]: req.originalUrl.split('?')[0] } },
      parent,
    );
    req.traceparent = traceparentOf(span);
    const ended = () => {
      const route = routeOf(req);
      if (route !== 'unmatched') span.updateName(`${req.method} ${route}`).setAttribute(ATTR_HTTP_ROUTE, route);
      span.setAttributes({ [ATTR_HTTP_RESPONSE_STATUS_CODE]: res.statusCode, 'pdfgen.request_id': req.requestId, 'pdfgen.workspace_id': req.workspace?.id });
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    };
    res.once('finish', ended);
    // A connection cut before the answer: the span ends there.
    res.once('close', () => span.isRecording() && ended());
    const active = trace.setSpan(parent, span);
    // The body arrives on the socket's events, which run outside this call: bound, they keep the span.
    context.bind(active, req);
    context.bind(active, res);
    context.with(active, next);
  }

  shutdown(): Promise<void> {
    return this.provider.shutdown();
  }

  private contextOf(traceparent: string): Context {
    return this.propagator.extract(ROOT_CONTEXT, { traceparent }, { get: (carrier, key) => carrier[key as 'traceparent'], keys: () => ['traceparent'] });
  }
}

class OtelSpan implements TraceSpan {
  constructor(private readonly span: Span) {}

  get traceparent(): string {
    return traceparentOf(this.span);
  }

  setAttributes(attributes: SpanAttributes): void {
    this.span.setAttributes(attributes);
  }

  fail(reason: string): void {
    this.span.setStatus({ code: SpanStatusCode.ERROR, message: reason });
  }
}

function traceparentOf(span: Span): string {
  const { traceId, spanId, traceFlags } = span.spanContext();
  return `00-${traceId}-${spanId}-${traceFlags.toString(16).padStart(2, '0')}`;
}

function fail(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}
