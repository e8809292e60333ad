import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { Base64Result, BufferResult, GenerateResult, JobAcceptedResult, readGenerateResult, UrlResult } from './generate-result';
import { FilesApi, GenerationsApi, JobsApi, TemplatesApi } from './resources';
import { RequestOptions, Transport } from './transport';
import type { GenerateEnvelope, GenerateRequest, TemplateAndData, WebhookTarget } from './types';

export interface PdfgenClientOptions {
  apiKey: string;
  /** Root of the service, e.g. `https://pdf.example.com` (the API is under `/api/v1`, files under `/files`). */
  baseUrl: string;
  /** Retries of a call after a 429 rate limit, a 503, a 409 IDEMPOTENCY_KEY_IN_PROGRESS, or a network error, time-out, 502 or 504 (but templates.create and templates.update). Default 3. */
  retries?: number;
  /** First back-off when the answer has no Retry-After; doubles each retry, with jitter. Default 500. */
  retryBaseDelayMs?: number;
  /** Longest wait between attempts; an answer asking for longer (Retry-After) is thrown instead. Default 30000. */
  retryMaxDelayMs?: number;
  /** Time-out of each attempt, reading the answer included; a call's `timeout` overrides it. Default 120000. */
  timeoutMs?: number;
  /** A fetch implementation; default the global one of Node 20. */
  fetch?: typeof fetch;
}

export interface GenerateOptions extends RequestOptions {
  /** Sent with every attempt so a retried request never renders or counts twice; default a random UUID. */
  idempotencyKey?: string;
}

type NoWebhook = { webhook?: undefined };

/** The generate body for generateToFile: the bytes are asked for, never a webhook. */
export type GenerateToFileRequest<T extends string = string> = Omit<GenerateEnvelope, 'outputFormat' | 'webhook'> & TemplateAndData<T>;

export interface FileResult extends Omit<BufferResult, 'pdf'> {
  path: string;
}

export class PdfgenClient {
  readonly templates: TemplatesApi;
  readonly jobs: JobsApi;
  readonly generations: GenerationsApi;
  readonly files: FilesApi;
  private readonly transport: Transport;

  constructor(options: PdfgenClientOptions) {
    new URL(options.baseUrl); // a bad base URL fails here, not as a retried network error
    this.transport = new Transport({
      apiKey: options.apiKey,
      baseUrl: options.baseUrl,
      fetch: options.fetch ?? fetch,
      timeoutMs: options.timeoutMs ?? 120_000,
      retry: { retries: options.retries ?? 3, baseDelayMs: options.retryBaseDelayMs ?? 500, maxDelayMs: options.retryMaxDelayMs ?? 30_000 },
    });
    this.templates = new TemplatesApi(this.transport);
    this.jobs = new JobsApi(this.transport);
    this.generations = new GenerationsApi(this.transport);
    this.files = new FilesApi(this.transport);
  }

  /** Renders a PDF. The result's `outputFormat` says what it holds: `url`, `base64`, `buffer`, or `webhook` (202, job queued). */
  generate<T extends string>(request: GenerateRequest<T> & { webhook: WebhookTarget }, options?: GenerateOptions): Promise<JobAcceptedResult>;
  generate<T extends string>(request: GenerateRequest<T> & { outputFormat: 'buffer' } & NoWebhook, options?: GenerateOptions): Promise<BufferResult>;
  generate<T extends string>(request: GenerateRequest<T> & { outputFormat: 'base64' } & NoWebhook, options?: GenerateOptions): Promise<Base64Result>;
  generate<T extends string>(request: GenerateRequest<T> & { outputFormat?: 'url' } & NoWebhook, options?: GenerateOptions): Promise<UrlResult>;
  generate<T extends string>(request: GenerateRequest<T>, options?: GenerateOptions): Promise<GenerateResult>;
  generate<T extends string>(request: GenerateRequest<T>, options: GenerateOptions = {}): Promise<GenerateResult> {
    const idempotencyKey = options.idempotencyKey ?? randomUUID();
    return this.transport.call({
      method: 'POST',
      path: '/api/v1/generate',
      body: request,
      headers: { 'Idempotency-Key': idempotencyKey },
      read: (response) => readGenerateResult(response, request.templateId, idempotencyKey),
    }, options);
  }

  /** Renders a PDF and writes its bytes to `path`. */
  async generateToFile<T extends string>(request: GenerateToFileRequest<T>, path: string, options?: GenerateOptions): Promise<FileResult> {
    const { pdf, ...result } = await this.generate({ ...request, outputFormat: 'buffer', webhook: undefined }, options);
    await writeFile(path, pdf);
    return { ...result, path };
  }
}
