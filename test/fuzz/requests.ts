import fc from 'fast-check';
import { TEMPLATE_IDS } from '../../src/engine/templates/template.types';
import { generateBody } from './generate-bodies';
import { hostileString, hostileValue } from './hostile-values';
import { toJsonText } from './json-text';

/** Which API key a request presents: the run's workspaces by plan, or a wrong or missing one. */
export type Credential = 'business' | 'pro' | 'free' | 'suspended' | 'bearer' | 'wrong' | 'malformed' | 'none';
/** How the JSON text travels: as it is, or wrapped the ways clients get it wrong. */
export type Envelope = 'plain' | 'bom' | 'utf16' | 'gzip' | 'truncated' | 'bad-utf8' | 'trailing-garbage' | 'empty' | 'chunked';

/**
 * One hostile request. `path` and `body` may hold `{file}`, `{forged-file}` (a real id with one
 * character changed), `{job}`, `{workspace}`, `{key}` and `{sink}`: ids the run has collected so far
 * (chosen by `pick`), filled in when it is sent.
 */
export interface FuzzRequest {
  method: string;
  path: string;
  credential: Credential;
  adminAuth: 'token' | 'wrong' | 'none';
  headers: Record<string, string>;
  body?: string;
  envelope: Envelope;
  /** Where a truncated body is cut or bad bytes go (a fraction of its length, in thousandths). */
  at: number;
  pick: number;
  /** Set when the contract requires a 4xx for this request (why, for the report). */
  mustRefuse?: string;
}

/** Percent-encodes UTF-8 bytes (lone surrogates become U+FFFD, as a browser would send them). */
function encodePart(value: string): string {
  return [...Buffer.from(value, 'utf8')].map((byte) => (/[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).padStart(2, '0')}`)).join('');
}

/**
 * Header values Node's client can send: tab, visible ASCII and Latin-1, at most 2 KB (the few
 * extra headers stay under Node's 16 KB limit, past which Node answers 431 before the app runs).
 */
export function headerSafe(value: string): string {
  return value.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?').slice(0, 2000);
}

const pathPart = fc.oneof(
  { weight: 3, arbitrary: hostileString.map((s) => encodePart(s.slice(0, 300))) },
  fc.constantFrom('%ZZ', '%C3', '%00', '..%2f..%2fetc%2fpasswd', '.', '..', '%2e%2e', 'x'.repeat(3000), '%F0%9F%98', '%ED%A0%80'),
);

const STORED_STRING_CONTROLS = /[\x00-\x1f\x7f-\x9f]/;
/** Control characters are refused in every stored name (issue 11 section 4; the README lists which). */
function controlCharIn(value: unknown): string | undefined {
  return typeof value === 'string' && STORED_STRING_CONTROLS.test(value) ? 'control character in a stored name' : undefined;
}

const extraHeaders = fc.dictionary(
  fc.constantFrom('X-Request-Id', 'Idempotency-Key', 'Accept', 'Accept-Encoding', 'Accept-Charset', 'X-Forwarded-For', 'Origin', 'Cookie', 'If-None-Match', 'Expect', 'Content-Language'),
  fc.oneof(fc.constantFrom('*/*', 'application/pdf', 'gzip', '100-continue', '"abc"', '127.0.0.1, ::1', 'a'.repeat(200)), hostileString.map(headerSafe)),
  { maxKeys: 3 },
);

const contentType = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  fc.constantFrom('application/json; charset=utf-8', 'APPLICATION/JSON', 'application/vnd.api+json', 'application/json; charset=utf-16', 'application/json;', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx', '', 'json'),
);
const contentEncoding = fc.oneof({ weight: 12, arbitrary: fc.constant(undefined) }, fc.constantFrom('identity', 'gzip', 'br', 'deflate', 'x-unknown', 'gzip, gzip', 'IDENTITY'));
const envelope: fc.Arbitrary<Envelope> = fc.oneof(
  { weight: 40, arbitrary: fc.constant('plain' as const) },
  fc.constantFrom<Envelope>('bom', 'utf16', 'gzip', 'truncated', 'bad-utf8', 'trailing-garbage', 'empty', 'chunked'),
);

/** A request skeleton: everything but method, path and body, which each route family chooses. */
const common = fc.record({
  credential: fc.oneof({ weight: 12, arbitrary: fc.constant<Credential>('business') }, fc.constantFrom<Credential>('pro', 'free', 'suspended', 'bearer', 'wrong', 'malformed', 'none')),
  adminAuth: fc.oneof({ weight: 10, arbitrary: fc.constant('token' as const) }, fc.constantFrom('wrong' as const, 'none' as const)),
  contentType,
  contentEncoding,
  extra: fc.option(extraHeaders, { nil: undefined, freq: 4 }),
  envelope,
  at: fc.integer({ min: 0, max: 1000 }),
  pick: fc.nat(),
});

type Route = { method: string; path: string; body?: unknown; headers?: Record<string, string>; mustRefuse?: string };

const prefix = fc.constantFrom('/api/v1', '/v1');

const generate = fc.tuple(prefix, generateBody).map(([p, { body, mustRefuse }]): Route => ({ method: 'POST', path: `${p}/generate`, body, mustRefuse }));

/** The characters of a hosted file id (base64url). */
export const FILE_ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

const fileId = fc.oneof(
  { weight: 4, arbitrary: fc.constant('{file}') },
  { weight: 2, arbitrary: fc.constant('{forged-file}') },
  fc.constantFrom(24, 40, 67).chain((length) => fc.string({ unit: fc.constantFrom(...FILE_ID_CHARS), minLength: length, maxLength: length })),
  pathPart,
);
const range = fc.oneof(
  fc.constantFrom('bytes=0-0', 'bytes=-1', 'bytes=5-', 'bytes=100-50', 'bytes=0-1,5-9', 'bytes=999999999999999999999-', 'bytes=-0', 'items=0-1', 'bytes=abc', '', 'bytes=0-18446744073709551616', 'bytes= 1 - 2 ', 'bytes=-99999999'),
  fc.tuple(fc.integer({ min: -5, max: 200_000 }), fc.integer({ min: -5, max: 200_000 })).map(([a, b]) => `bytes=${a}-${b}`),
);
const files = fc
  .record({ method: fc.constantFrom('GET', 'HEAD', 'GET'), id: fileId, suffix: fc.constantFrom('.pdf', '.pdf', '.pdf', '', '.PDF', '.pdf.pdf'), range: fc.option(range, { freq: 2 }), ifRange: fc.option(fc.constantFrom('"x"', 'Wed, 21 Oct 2015 07:28:00 GMT'), { freq: 6 }), ifNoneMatch: fc.option(fc.constantFrom('*', '"x"', 'W/"y", "z"'), { freq: 6 }) })
  .map(({ method, id, suffix, range: r, ifRange, ifNoneMatch }): Route => {
    const headers: Record<string, string> = {};
    if (r !== null) headers.Range = r;
    if (ifRange !== null) headers['If-Range'] = ifRange;
    if (ifNoneMatch !== null) headers['If-None-Match'] = ifNoneMatch;
    return { method, path: `/files/${id}${suffix}`, headers };
  });

const workspaceRef = fc.oneof({ weight: 4, arbitrary: fc.constant('{workspace}') }, pathPart);
const keyRef = fc.oneof({ weight: 2, arbitrary: fc.constant('{key}') }, pathPart);
const hostileName = fc.oneof(hostileString, hostileValue, fc.constantFrom('NUL\u0000name', 'ctl\u0001\u001f', 'tab\tname', 'x'.repeat(201)));
const plan = fc.oneof({ weight: 3, arbitrary: fc.constantFrom('free', 'pro', 'business') }, hostileValue);

const admin = fc.oneof(
  fc.record({ name: hostileName, plan, monthlyLimit: fc.option(hostileValue, { nil: undefined }) }, { requiredKeys: ['name', 'plan'] }).map(
    (body): Route => ({ method: 'POST', path: '/admin/v1/workspaces', body, mustRefuse: controlCharIn(body.name) }),
  ),
  fc
    .tuple(workspaceRef, fc.record({ name: hostileName, plan, monthlyLimit: hostileValue, suspended: fc.oneof(fc.boolean(), hostileValue), enabledTemplates: fc.oneof(fc.subarray([...TEMPLATE_IDS]), hostileValue) }, { requiredKeys: [] }))
    .map(([ws, body]): Route => ({ method: 'PATCH', path: `/admin/v1/workspaces/${ws}`, body, mustRefuse: controlCharIn(body.name) })),
  fc.tuple(workspaceRef, fc.record({ name: hostileName, mode: fc.oneof(fc.constantFrom('live', 'test'), hostileValue) }, { requiredKeys: [] })).map(
    ([ws, body]): Route => ({ method: 'POST', path: `/admin/v1/workspaces/${ws}/keys`, body, mustRefuse: controlCharIn(body.name) }),
  ),
  fc.tuple(workspaceRef, keyRef).map(([ws, key]): Route => ({ method: 'DELETE', path: `/admin/v1/workspaces/${ws}/keys/${key}` })),
  workspaceRef.map((ws): Route => ({ method: 'GET', path: `/admin/v1/workspaces/${ws}` })),
  workspaceRef.map((ws): Route => ({ method: 'GET', path: `/admin/v1/workspaces/${ws}/keys` })),
  workspaceRef.map((ws): Route => ({ method: 'POST', path: `/admin/v1/workspaces/${ws}/webhook-secret` })),
  fc.tuple(workspaceRef, fc.oneof(fc.constantFrom('1', '0', '100', '101', '-1', '1e2', 'abc', ''), pathPart)).map(([ws, limit]): Route => ({ method: 'GET', path: `/admin/v1/workspaces/${ws}/deliveries?limit=${limit}` })),
  fc.oneof(fc.constant('{job}'), pathPart).map((job): Route => ({ method: 'POST', path: `/admin/v1/jobs/${job}/redeliver` })),
);

const queryValue = fc.oneof(fc.constantFrom('invoice', 'report', 'calendar', 'dashboard', 'certificate', 'custom', 'INVOICE', ''), pathPart);
const templates = fc.oneof(
  fc.tuple(prefix, fc.constantFrom('category', 'id', 'category[]', 'category[a]', 'id[]'), queryValue, fc.option(fc.tuple(fc.constantFrom('category', 'id'), queryValue), { nil: undefined }))
    .map(([p, name, value, second]): Route => ({ method: 'GET', path: `${p}/templates?${name}=${value}${second ? `&${second[0]}=${second[1]}` : ''}` })),
  fc.tuple(prefix, fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...TEMPLATE_IDS) }, pathPart)).map(([p, id]): Route => ({ method: 'GET', path: `${p}/templates/${id}/schema` })),
);

const jobs = fc.tuple(prefix, fc.oneof({ weight: 2, arbitrary: fc.constant('{job}') }, pathPart)).map(([p, job]): Route => ({ method: 'GET', path: `${p}/jobs/${job}` }));

const KNOWN_PATHS = ['/api/v1/generate', '/v1/generate', '/api/v1/templates', '/api/v1/templates/invoice-basic/schema', '/api/v1/jobs/{job}', '/files/{file}.pdf', '/healthz', '/readyz', '/metrics', '/admin/v1/workspaces', '/admin/v1/workspaces/{workspace}', '/admin/v1/workspaces/{workspace}/keys', '/docs', '/', '/api/v1', '/nope'];
const anyMethod = fc
  .record({ method: fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'), path: fc.constantFrom(...KNOWN_PATHS), body: fc.option(hostileValue, { nil: undefined }) })
  .map((route): Route => route);

/** The whole space: mostly generate, then files, operator API, templates, jobs and wrong methods. */
export const fuzzRequest: fc.Arbitrary<FuzzRequest> = fc
  .tuple(fc.oneof({ weight: 12, arbitrary: generate }, { weight: 3, arbitrary: files }, { weight: 3, arbitrary: admin }, { weight: 2, arbitrary: templates }, { weight: 1, arbitrary: jobs }, { weight: 2, arbitrary: anyMethod }), common)
  .map(([route, c]) => {
    const headers: Record<string, string> = { ...c.extra, ...route.headers };
    const body = route.body;
    if (body !== undefined) {
      headers['Content-Type'] = c.contentType;
      if (c.contentEncoding !== undefined) headers['Content-Encoding'] = c.contentEncoding;
    }
    return {
      method: route.method,
      path: route.path,
      credential: c.credential,
      adminAuth: c.adminAuth,
      headers,
      body: body === undefined ? undefined : toJsonText(body),
      envelope: body === undefined ? 'plain' : c.envelope,
      at: c.at,
      pick: c.pick,
      // Without its body the request no longer carries what had to be refused.
      mustRefuse: c.envelope === 'empty' ? undefined : route.mustRefuse,
    };
  });
