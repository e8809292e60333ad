import { createServer, Server } from 'node:http';

/** A span as it arrived over OTLP/HTTP JSON, with its attributes flattened. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** '' for a root span. */
  parentSpanId: string;
  name: string;
  /** OTLP's numbers: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  startMs: number;
  endMs: number;
  attributes: Record<string, string | number | boolean>;
  /** 2 when the span failed. */
  statusCode: number;
  serviceName: string;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}

/**
 * An OpenTelemetry collector's OTLP/HTTP endpoint on 127.0.0.1, as little as the tests need: it
 * takes `POST /v1/traces` in the JSON encoding (what @opentelemetry/exporter-trace-otlp-http
 * sends) and keeps every span.
 */
export class OtlpReceiver {
  readonly spans: ReceivedSpan[] = [];
  private readonly server: Server;

  private constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (req.method !== 'POST' || req.url !== '/v1/traces' || !String(req.headers['content-type']).startsWith('application/json')) {
          res.writeHead(415).end();
          return;
        }
        this.spans.push(...decode(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
      });
    });
  }

  static async start(): Promise<OtlpReceiver> {
    const receiver = new OtlpReceiver();
    await new Promise<void>((done) => receiver.server.listen(0, '127.0.0.1', done));
    return receiver;
  }

  /** What OTEL_EXPORTER_OTLP_ENDPOINT is set to. */
  get url(): string {
    const { port } = this.server.address() as { port: number };
    return `http://127.0.0.1:${port}`;
  }

  trace(traceId: string): ReceivedSpan[] {
    return this.spans.filter((span) => span.traceId === traceId);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((done) => this.server.close(done));
  }
}

function decode(body: { resourceSpans?: any[] }): ReceivedSpan[] {
  return (body.resourceSpans ?? []).flatMap((resourceSpan) => {
    const serviceName = String(attributesOf(resourceSpan.resource?.attributes)['service.name'] ?? '');
    return (resourceSpan.scopeSpans ?? []).flatMap((scope: { spans?: any[] }) =>
      (scope.spans ?? []).map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId ?? '',
        name: span.name,
        kind: span.kind,
        startMs: nanosToMs(span.startTimeUnixNano),
        endMs: nanosToMs(span.endTimeUnixNano),
        attributes: attributesOf(span.attributes),
        statusCode: span.status?.code ?? 0,
        serviceName,
      })),
    );
  });
}

function attributesOf(list: Array<{ key: string; value: OtlpValue }> = []): Record<string, string | number | boolean> {
  return Object.fromEntries(list.map(({ key, value }) => [key, value.stringValue ?? value.boolValue ?? value.doubleValue ?? Number(value.intValue)]));
}

function nanosToMs(nanos: string | number | { low: number; high: number }): number {
  if (typeof nanos === 'object') return (nanos.high * 2 ** 32 + (nanos.low >>> 0)) / 1e6;
  return Number(BigInt(nanos) / 1000n) / 1000;
}
