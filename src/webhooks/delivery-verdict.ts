import type { WebhookResponse } from './webhook-sender';

/** What one attempt of a delivery came to (DECISIONS section 6): 2xx delivers, 410 stops, the rest is retried until the last attempt. */
export type Verdict = 'delivered' | 'gone' | 'failed' | 'retry';

export function judge(response: WebhookResponse, number: number, maxAttempts: number): Verdict {
  const status = response.statusCode;
  if (response.error === undefined && status !== undefined && status >= 200 && status < 300) return 'delivered';
  if (status === 410) return 'gone';
  return number >= maxAttempts ? 'failed' : 'retry';
}

export function describeVerdict(response: WebhookResponse, verdict: Verdict): string {
  if (verdict === 'gone') return 'Receiver answered 410 Gone: not retried';
  const text = response.statusCode === undefined ? String(response.error) : `Receiver answered ${response.statusCode}${response.error ? ` (${response.error})` : ''}`;
  return verdict === 'failed' ? `${text}; gave up after the last attempt` : text;
}
