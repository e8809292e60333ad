import { createHmac, timingSafeEqual } from 'node:crypto';

/** The body POSTed to a webhook URL when the PDF was made. */
export interface WebhookSuccess {
  type: 'generation.succeeded';
  success: true;
  pdfUrl: string;
  templateId: string;
  /** The template version rendered (built-in templates: 1.0.0). */
  templateVersion: string;
  generatedAt: string;
  jobId: string;
}

/** The body POSTed when rendering failed (that generation is not counted). */
export interface WebhookFailure {
  type: 'generation.failed';
  success: false;
  error: string;
  details: string;
  templateId: string;
  templateVersion: string;
  jobId: string;
}

/** The body POSTed to a batch's webhook once its last item has ended: the batch as GET /api/v1/batches/{id} answers it. */
export interface WebhookBatchFinished {
  type: 'batch.finished';
  success: true;
  id: string;
  status: 'succeeded' | 'partial' | 'failed';
  items: Array<{ index: number; status: 'succeeded' | 'failed'; pdfUrl?: string; error?: string }>;
  mergedPdfUrl?: string;
  createdAt: string;
  finishedAt: string;
}

/** Tell the bodies apart by `type`. */
export type WebhookPayload = WebhookSuccess | WebhookFailure | WebhookBatchFinished;

/** A fetch `Headers`, Node's `req.headers`, or a plain object (names in any case). */
export type WebhookHeaders = { get(name: string): string | null } | Record<string, string | string[] | undefined>;

export type WebhookVerificationCode = 'MISSING_HEADERS' | 'INVALID_TIMESTAMP' | 'TIMESTAMP_OUT_OF_TOLERANCE' | 'INVALID_SIGNATURE' | 'INVALID_SECRET' | 'INVALID_BODY';

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  constructor(
    readonly code: WebhookVerificationCode,
    message: string,
  ) {
    super(message);
  }
}

const SECRET_PREFIX = 'whsec_';
/** Standard Webhooks' window against replays of an old delivery. */
const TOLERANCE_SECONDS = 5 * 60;

/**
 * Verifies a delivery per Standard Webhooks and returns its parsed body: `webhook-signature`
 * holds one or more `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`,
 * keyed with the base64 part of the workspace secret after `whsec_`, and `webhook-timestamp`
 * is within 5 minutes of now. Pass the body exactly as received, not parsed and re-serialised.
 */
export function verifyWebhook<T = WebhookPayload>(rawBody: string | Uint8Array, headers: WebhookHeaders, secret: string): T {
  const id = headerValue(headers, 'webhook-id');
  const timestamp = headerValue(headers, 'webhook-timestamp');
  const signatures = headerValue(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError('MISSING_HEADERS', 'Missing webhook-id, webhook-timestamp or webhook-signature header');
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError('INVALID_TIMESTAMP', 'webhook-timestamp is not Unix seconds');
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) {
    throw new WebhookVerificationError('TIMESTAMP_OUT_OF_TOLERANCE', 'webhook-timestamp is more than 5 minutes from now');
  }
  const body = Buffer.from(rawBody);
  const expected = createHmac('sha256', secretKey(secret)).update(`${id}.${timestamp}.`).update(body).digest();
  const matches = signatures.split(' ').some((entry) => {
    const [version, signature = ''] = entry.split(',', 2);
    const candidate = Buffer.from(signature, 'base64');
    return version === 'v1' && candidate.length === expected.length && timingSafeEqual(candidate, expected);
  });
  if (!matches) throw new WebhookVerificationError('INVALID_SIGNATURE', 'No webhook-signature matches the body and the secret');
  try {
    return JSON.parse(body.toString('utf8')) as T;
  } catch {
    throw new WebhookVerificationError('INVALID_BODY', 'The signed body is not JSON');
  }
}

function secretKey(secret: string): Buffer {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  if (key.length === 0) throw new WebhookVerificationError('INVALID_SECRET', 'The webhook secret is empty or not base64');
  return key;
}

function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof headers.get === 'function') return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  const value = entry?.[1];
  return Array.isArray(value) ? value[0] : (value as string | undefined);
}
