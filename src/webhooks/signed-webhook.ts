import type { AppConfig } from '../config/app-config';
import { describeError, postWebhook, WebhookResponse } from './webhook-sender';
import { signWebhook } from './webhook-signature';
import { resolveWebhookTarget } from './webhook-target';

export interface SignedWebhook {
  url: string;
  /** The caller's own headers. */
  headers: Record<string, string>;
  /** `webhook-id`: the same on every attempt of one delivery. */
  deliveryId: string;
  /** Looked up at each attempt: the workspace may have rotated it. */
  secret: () => Promise<string>;
}

/**
 * One signed POST (DECISIONS section 6): resolve and check the address again, sign, send. Never
 * throws: whatever goes wrong before or while sending is the attempt's error, so the last
 * attempt always ends a delivery.
 */
export async function sendSignedWebhook(webhook: SignedWebhook, body: string, config: Pick<AppConfig, 'webhookAllowPrivate' | 'webhookTimeoutMs'>): Promise<WebhookResponse> {
  try {
    const secret = await webhook.secret();
    // For example the name has come to resolve to a refused address since the request was accepted.
    const target = await resolveWebhookTarget(webhook.url, config.webhookAllowPrivate);
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      ...webhook.headers,
      'webhook-id': webhook.deliveryId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(secret, webhook.deliveryId, timestamp, body),
    };
    return await postWebhook(target, headers, body, config.webhookTimeoutMs);
  } catch (error) {
    return { error: error instanceof Error ? describeError(error) : String(error).slice(0, 500), durationMs: 0 };
  }
}
