import type { AppConfig } from '../config/app-config';
import { describeError, postWebhook, WebhookResponse } from './webhook-sender';
import { signWebhook } from './webhook-signature';
import { resolveWebhookTarget } from './webhook-target';
import { tracing } from '../tracing';

export interface SignedWebhook {
  url: string;
  /** The caller's own headers. */
  headers: Record<string, string>;
  /** `webhook-id`: the same on every attempt of one delivery. */
  deliveryId: string;
  /** Looked up at each attempt: the workspace may have rotated it. */
  secret: () => Promise<string>;
  /** The trace the attempt is part of (a job's, a batch's); sent on as `traceparent`. */
  traceparent: string | undefined;
}

/**
 * One signed POST (DECISIONS section 6): resolve and check the address again, sign, send, in a
 * `webhook deliver` client span whose traceparent the receiver gets (without an SDK, the job's as
 * it was received: W3C pass-through). Never throws: whatever goes wrong before or while sending is
 * the attempt's error, so the last attempt always ends a delivery.
 */
export function sendSignedWebhook(webhook: SignedWebhook, body: string, config: Pick<AppConfig, 'webhookAllowPrivate' | 'webhookTimeoutMs'>): Promise<WebhookResponse> {
  const attributes = { 'http.request.method': 'POST', 'server.address': hostOf(webhook.url), 'pdfgen.webhook.id': webhook.deliveryId };
  return tracing().inSpan('webhook deliver', { kind: 'client', parent: webhook.traceparent, attributes }, async (span) => {
    const response = await signAndPost(webhook, body, config, span.traceparent);
    span.setAttributes({ 'http.response.status_code': response.statusCode });
    if (response.error || response.statusCode === undefined || response.statusCode >= 400) span.fail(response.error ?? `HTTP ${response.statusCode}`);
    return response;
  });
}

async function signAndPost(webhook: SignedWebhook, body: string, config: Pick<AppConfig, 'webhookAllowPrivate' | 'webhookTimeoutMs'>, traceparent: string | undefined): Promise<WebhookResponse> {
  try {
    const secret = await webhook.secret();
    // For example the name has come to resolve to a refused address since the request was accepted.
    const target = await resolveWebhookTarget(webhook.url, config.webhookAllowPrivate);
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      ...webhook.headers,
      // Ours when there is a trace; otherwise a traceparent among the caller's headers goes as given.
      ...(traceparent ? { traceparent } : {}),
      'webhook-id': webhook.deliveryId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(secret, webhook.deliveryId, timestamp, body),
    };
    return await postWebhook(target, headers, body, config.webhookTimeoutMs);
  } catch (error) {
    return { error: error instanceof Error ? describeError(error) : String(error).slice(0, 500), durationMs: 0 };
  }
}

/** The receiver's host for the span: only it, since a URL's path or query may hold a token. */
function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}
