import type { HeaderObject, ReferenceObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

const integer = { type: 'integer', minimum: 0 };
const text = { type: 'string' };
const flag = { type: 'string', enum: ['true'] };

/**
 * Every header the service sends that a client may read, described once: the document holds them
 * as `components.headers`, and each response points at the ones it carries.
 */
export const RESPONSE_HEADERS = {
  'X-Request-Id': {
    description: "The id of this request: the caller's own X-Request-Id when sane, else a new UUID. Same as `requestId` in an error body.",
    required: true,
    schema: text,
  },
  'Retry-After': { description: 'Seconds to wait before trying again', schema: integer },
  'Idempotent-Replayed': { description: 'Present on the replay of an answer kept for an Idempotency-Key', schema: flag },
  'X-Test-Mode': { description: 'Present when a test key made the request: the PDF is watermarked and counted apart', schema: flag },
  'RateLimit-Policy': {
    description: 'The quotas of the key (draft-ietf-httpapi-ratelimit-headers): `"month";q=<limit>;w=<seconds>`, and `"key";q=<per second>;w=1` when RATE_LIMIT_PER_SECOND is on',
    schema: text,
  },
  RateLimit: { description: 'What is left of each quota: `"month";r=<remaining>;t=<seconds to reset>`, and `"key";r=<remaining>;t=<seconds>`', schema: text },
  'X-Generation-Time-Ms': { description: 'Milliseconds to generate', schema: integer },
  'X-PDF-Size-Bytes': { description: 'Size of the PDF in bytes', schema: integer },
  'X-Usage-Remaining': { description: 'Generations left this month', schema: integer },
  'X-Preview': { description: 'Always true: the PDF is a watermarked preview', schema: flag },
  'Content-Disposition': { description: '`inline; filename="<name>.pdf"`', schema: text },
  'Content-Length': { description: 'Bytes in the body', schema: integer },
  'Content-Range': { description: '`bytes <first>-<last>/<size>` on 206, `bytes */<size>` on 416', schema: text },
  'Accept-Ranges': { description: 'Always `bytes`', schema: { type: 'string', enum: ['bytes'] } },
  ETag: {
    description: "Validator of the body: a hosted file's own (strong; send it back in If-None-Match or If-Range), or on a JSON answer a weak one (`W/\"...\"`) of its bytes",
    schema: text,
  },
  'Last-Modified': { description: 'When the file was stored (HTTP date)', schema: text },
  'Cache-Control': { description: 'How long the answer may be cached', schema: text },
  'WWW-Authenticate': { description: 'How to authenticate (RFC 9110): `Bearer realm="..."`', schema: text },
  'Access-Control-Allow-Origin': { description: 'Always `*`: hosted files are readable from any origin', schema: { type: 'string', enum: ['*'] } },
  'Access-Control-Expose-Headers': { description: 'The headers a browser script may read', schema: text },
  'Access-Control-Allow-Methods': { description: 'The methods a cross-origin read may use', schema: text },
  'Access-Control-Allow-Headers': { description: 'The request headers a cross-origin read may send', schema: text },
  'Access-Control-Max-Age': { description: 'Seconds a browser may keep this preflight', schema: integer },
} satisfies Record<string, HeaderObject>;

export type ResponseHeader = keyof typeof RESPONSE_HEADERS;

/** The `headers` of a response: references to the named headers of `components.headers`. */
export function responseHeaders(...names: ResponseHeader[]): Record<string, ReferenceObject> {
  return Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
}

/** What a hosted PDF answers with besides its bytes (files and their CORS; DECISIONS sections 5 and 17). */
export const FILE_HEADERS = ['ETag', 'Last-Modified', 'Cache-Control', 'Accept-Ranges', 'Access-Control-Allow-Origin', 'Access-Control-Expose-Headers'] as const;
