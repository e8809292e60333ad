import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Prometheus metrics of one app instance (its own registry, so tests can run several apps). */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  private readonly requests = new Counter({
    name: 'pdfgen_http_requests_total',
    help: 'HTTP requests by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  private readonly latency = new Histogram({
    name: 'pdfgen_http_request_duration_seconds',
    help: 'HTTP request latency by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10, 30],
    registers: [this.registry],
  });

  private readonly generations = new Counter({
    name: 'pdfgen_generations_total',
    help: 'Successful PDF generations by template and output format',
    labelNames: ['template', 'format'] as const,
    registers: [this.registry],
  });

  private readonly renderTime = new Histogram({
    name: 'pdfgen_render_duration_seconds',
    help: 'Time to render one PDF, by template',
    labelNames: ['template'] as const,
    buckets: [0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5, 30],
    registers: [this.registry],
  });

  readonly queueDepth = new Gauge({
    name: 'pdfgen_queue_depth',
    help: 'Jobs waiting, by queue',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });

  private readonly deliveries = new Counter({
    name: 'pdfgen_webhook_deliveries_total',
    help: 'Webhook delivery attempts by outcome',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'pdfgen_' });
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.latency.observe(labels, seconds);
  }

  observeGeneration(template: string, format: string, renderSeconds: number): void {
    this.generations.inc({ template, format });
    this.renderTime.observe({ template }, renderSeconds);
  }

  observeDelivery(outcome: 'delivered' | 'retry' | 'failed' | 'gone'): void {
    this.deliveries.inc({ outcome });
  }
}
