export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
}

export const MAX_WEBHOOK_URL_LENGTH = 2048;
export const MAX_WEBHOOK_HEADERS = 20;
export const MAX_WEBHOOK_HEADER_VALUE = 1024;

const HTTP_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** RFC 9110 field-value characters Node can send as they are: visible ASCII, space and tab. */
const FIELD_VALUE = /^[\t\x20-\x7e]*$/;
const REFUSED_HEADERS = new Set([
  'host', 'content-length', 'content-type', 'transfer-encoding', 'connection', 'upgrade', 'te', 'trailer',
  'expect', 'keep-alive', 'cookie', 'webhook-id', 'webhook-timestamp', 'webhook-signature',
]);

export function isRefusedHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return REFUSED_HEADERS.has(lower) || lower.startsWith('proxy-') || lower.startsWith('sec-');
}

/**
 * The request-time rules of `webhook` that need no network (DECISIONS section 6): problems are
 * pushed onto `errors` as `Invalid request` messages. The URL's scheme and length are checked
 * with its addresses later, since they answer `Invalid webhook URL`.
 */
export function checkWebhookShape(raw: unknown, errors: string[]): WebhookRequest | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    errors.push('webhook must be an object with url and optional headers');
    return undefined;
  }
  const w = raw as Record<string, unknown>;
  const before = errors.length;
  if (w.url === undefined || w.url === null || w.url === '') errors.push('webhook.url is required');
  else if (typeof w.url !== 'string') errors.push('webhook.url must be string');
  const headers = checkHeaders(w.headers, errors);
  if (errors.length > before) return undefined;
  return { url: w.url as string, headers };
}

function checkHeaders(raw: unknown, errors: string[]): Record<string, string> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    errors.push('webhook.headers must be an object of header name to string value');
    return {};
  }
  const entries = Object.entries(raw as Record<string, unknown>);
  if (entries.length > MAX_WEBHOOK_HEADERS) {
    // Each header's own faults would only bury this one.
    errors.push(`webhook.headers must have at most ${MAX_WEBHOOK_HEADERS} headers`);
    return {};
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (!HTTP_TOKEN.test(name)) {
      errors.push(`webhook.headers: '${name.slice(0, 64)}' is not a valid header name`);
    } else if (isRefusedHeader(name)) {
      errors.push(`webhook.headers.${name} is not allowed (reserved header)`);
    } else if (typeof value !== 'string') {
      errors.push(`webhook.headers.${name} must be string`);
    } else if (value.length > MAX_WEBHOOK_HEADER_VALUE) {
      errors.push(`webhook.headers.${name} must be at most ${MAX_WEBHOOK_HEADER_VALUE} characters`);
    } else if (!FIELD_VALUE.test(value)) {
      errors.push(`webhook.headers.${name} must contain only visible ASCII characters, spaces and tabs`);
    } else {
      headers[name] = value;
    }
  }
  return headers;
}
