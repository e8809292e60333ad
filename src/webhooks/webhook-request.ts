/** A generate request's `webhook` once checked: where to POST the result, with the caller's headers. */
export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
}

export const MAX_WEBHOOK_URL_LENGTH = 2048;
export const MAX_WEBHOOK_HEADERS = 20;
export const MAX_WEBHOOK_HEADER_VALUE = 1024;

/** RFC 9110 token: what a header name may be. */
export const HEADER_NAME_PATTERN = "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$";
/** RFC 9110 field-value characters Node can send as they are: visible ASCII, space and tab. */
export const HEADER_VALUE_PATTERN = '^[\\t\\x20-\\x7e]*$';

const REFUSED_HEADERS = new Set([
  'host', 'content-length', 'content-type', 'transfer-encoding', 'connection', 'upgrade', 'te', 'trailer',
  'expect', 'keep-alive', 'cookie', 'webhook-id', 'webhook-timestamp', 'webhook-signature',
]);

/** Headers the delivery sets itself or that would change how the request travels. */
export function isRefusedHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return REFUSED_HEADERS.has(lower) || lower.startsWith('proxy-') || lower.startsWith('sec-');
}
