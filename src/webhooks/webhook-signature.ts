import { createHmac } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/**
 * Standard Webhooks signature: `v1,` + base64 HMAC-SHA256 of `<id>.<timestamp>.<body>`, keyed
 * with the base64-decoded part of the workspace secret after `whsec_`.
 */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return 'v1,' + createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
}
