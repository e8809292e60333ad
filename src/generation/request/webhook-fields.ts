import { HEADER_NAME_PATTERN, isRefusedHeader, WebhookRequest } from '../../webhooks/webhook-request';
import type { EnvelopeIssue } from './envelope-issues';

const HEADER_NAME = new RegExp(HEADER_NAME_PATTERN);

/** Header names the delivery keeps for itself; names that are not tokens at all are the schema's. */
export function reservedHeaderIssues(headers: Record<string, unknown>): EnvelopeIssue[] {
  return Object.keys(headers)
    .filter((name) => HEADER_NAME.test(name) && isRefusedHeader(name))
    .map((name) => ({ segments: ['webhook', 'headers', name], message: `webhook.headers.${name} is not allowed (reserved header)`, first: true }));
}

export function toWebhook(webhook: Record<string, unknown>): WebhookRequest {
  return { url: webhook.url as string, headers: (webhook.headers as Record<string, string> | undefined) ?? {} };
}
