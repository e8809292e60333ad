import type { GenerateResponse, JobAccepted } from './types';

/** What every generate answer says about the request. */
export interface ResponseInfo {
  /** X-Request-Id: quote it to support; history records carry it too. */
  requestId: string;
  /** The Idempotency-Key sent with every attempt of this call. */
  idempotencyKey: string;
  /** Idempotent-Replayed: the stored answer of an earlier request with the same key, not counted again. */
  replayed: boolean;
  /** X-Test-Mode: made with a test key (TEST watermark, counted apart from the month). */
  testMode: boolean;
}

/** The three generation headers: X-Generation-Time-Ms, X-PDF-Size-Bytes, X-Usage-Remaining. */
export interface GenerationStats {
  generationTimeMs: number;
  pdfSizeBytes: number;
  usageRemaining: number;
}

type ResponseFields = Pick<GenerateResponse, 'templateId' | 'templateVersion' | 'generatedAt'>;

export interface UrlResult extends ResponseInfo, GenerationStats, ResponseFields {
  outputFormat: 'url';
  /** Permanent hosted URL; it needs no key. */
  pdfUrl: string;
}

export interface Base64Result extends ResponseInfo, GenerationStats, ResponseFields {
  outputFormat: 'base64';
  base64: string;
  /** `base64` decoded. */
  pdf: Uint8Array;
}

export interface BufferResult extends ResponseInfo, GenerationStats {
  outputFormat: 'buffer';
  templateId: string;
  pdf: Uint8Array;
}

/** 202: the webhook job is queued; the PDF is POSTed to the webhook URL (see verifyWebhook, jobs.get). */
export interface JobAcceptedResult extends ResponseInfo, Omit<JobAccepted, 'success'> {
  outputFormat: 'webhook';
}

export type GenerateResult = UrlResult | Base64Result | BufferResult | JobAcceptedResult;

/** Reads a 2xx generate answer by what it is: a 202 job, PDF bytes, or JSON with `base64` or `pdfUrl`. */
export async function readGenerateResult(response: Response, templateId: string, idempotencyKey: string): Promise<GenerateResult> {
  const header = (name: string) => response.headers.get(name);
  const info: ResponseInfo = {
    requestId: header('x-request-id') ?? '',
    idempotencyKey,
    replayed: header('idempotent-replayed') === 'true',
    testMode: header('x-test-mode') === 'true',
  };
  if (response.status === 202) {
    const job = (await response.json()) as JobAccepted;
    return { outputFormat: 'webhook', ...info, jobId: job.jobId, status: job.status, templateId: job.templateId };
  }
  const stats: GenerationStats = {
    generationTimeMs: Number(header('x-generation-time-ms') ?? Number.NaN),
    pdfSizeBytes: Number(header('x-pdf-size-bytes') ?? Number.NaN),
    usageRemaining: Number(header('x-usage-remaining') ?? Number.NaN),
  };
  if (header('content-type')?.startsWith('application/pdf')) {
    return { outputFormat: 'buffer', ...info, ...stats, templateId, pdf: new Uint8Array(await response.arrayBuffer()) };
  }
  const body = (await response.json()) as GenerateResponse;
  const fields = { templateId: body.templateId, templateVersion: body.templateVersion, generatedAt: body.generatedAt };
  if (body.base64 !== undefined) return { outputFormat: 'base64', ...info, ...stats, ...fields, base64: body.base64, pdf: Buffer.from(body.base64, 'base64') };
  // url is the default format: JSON without base64 carries pdfUrl.
  return { outputFormat: 'url', ...info, ...stats, ...fields, pdfUrl: body.pdfUrl as string };
}
