import fc from 'fast-check';
import { TEMPLATE_SAMPLES } from '../../src/templates/samples';
import { TEMPLATE_IDS } from '../../src/engine/templates/template.types';
import { headerHtml } from './header-html';
import { hostileString, hostileValue, stringSurgery } from './hostile-values';
import { parentOf, pathsOf } from './json-text';

/** Where the webhook sink of the run listens; replaced when the request is sent. */
export const SINK_URL = '{sink}';

/** A generate body plus what the contract says must happen to it, when the generator knows. */
export interface GenerateBody {
  body: Record<string, unknown>;
  /** Set when the body breaks a rule whose answer must be a 4xx (the reason, for the report). */
  mustRefuse?: string;
}

/** One change at one path of the sample (`pick` chooses the path among all of them). */
const mutation: fc.Arbitrary<{ pick: number; change: (value: unknown) => unknown }> = fc.record({
  pick: fc.nat(),
  change: fc.oneof(
    { weight: 4, arbitrary: stringSurgery.map((cut) => (value: unknown) => (typeof value === 'string' ? cut(value) : value)) },
    { weight: 3, arbitrary: hostileValue.map((replacement) => () => replacement) },
    { weight: 1, arbitrary: fc.constant(() => undefined) }, // deletes the field
    {
      weight: 1,
      arbitrary: fc.integer({ min: 2, max: 120 }).map((times) => (value: unknown) => (Array.isArray(value) ? Array.from({ length: times }, (_, i) => value[i % Math.max(1, value.length)]) : value)),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(hostileString, hostileValue).map(([key, extra]) => (value: unknown) =>
        typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value, [key]: extra } : value),
    },
  ),
});

function applyMutations(data: Record<string, unknown>, mutations: Array<{ pick: number; change: (value: unknown) => unknown }>): void {
  for (const { pick, change } of mutations) {
    const paths = pathsOf(data);
    if (paths.length === 0) return;
    const at = parentOf(data, paths[pick % paths.length]);
    if (!at) continue;
    const next = change(at.parent[at.key]);
    if (next === undefined && !Array.isArray(at.parent)) delete at.parent[at.key];
    else at.parent[at.key] = next;
  }
}

const cssLength = fc.oneof(
  fc.constantFrom('0.75in', '20mm', '2cm', '36pt', '96px', '12', '0', '4in', '5.5in', '10in', '-1in', '1e9px', 'NaN', 'Infinity', ' 1in', '1 in', '1IN', '1.5.5in', '0x10px', '1e-400in', '50%', ''),
  fc.oneof(fc.double(), fc.integer({ min: -100, max: 2000 })),
  hostileValue,
);

const options = fc.record(
  {
    format: fc.oneof(fc.constantFrom('Letter', 'A4', 'Legal', 'a4', 'A3', 'letter '), hostileValue),
    orientation: fc.oneof(fc.constantFrom('portrait', 'landscape', 'Portrait', 'upside-down'), hostileValue),
    margin: fc.oneof({ weight: 4, arbitrary: fc.record({ top: cssLength, right: cssLength, bottom: cssLength, left: cssLength }, { requiredKeys: [] }) }, hostileValue),
    displayHeaderFooter: fc.oneof({ weight: 6, arbitrary: fc.boolean() }, hostileValue),
    headerTemplate: fc.oneof({ weight: 6, arbitrary: headerHtml }, hostileValue),
    footerTemplate: fc.oneof({ weight: 6, arbitrary: headerHtml }, hostileValue),
  },
  { requiredKeys: [] },
);

const headerName = fc.oneof(
  fc.constantFrom('X-Trace-Id', 'Authorization', 'X-Custom', 'host', 'Content-Length', 'proxy-authorization', 'sec-fetch-mode', 'webhook-id', 'X Space', 'Zürich', '', 'a:b', 'x\r\ny'),
  hostileString.map((s) => s.slice(0, 80)),
);
const headerValue = fc.oneof(fc.constantFrom('ok', 'Zürich', 'line\r\nInjected: 1', 'nul\u0000', 'x'.repeat(2000), 'tab\tok', 'ÿ'), hostileString, hostileValue);

const webhook = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record(
      {
        url: fc.oneof(
          { weight: 5, arbitrary: fc.constant(SINK_URL) },
          fc.constantFrom('http://127.0.0.1:1/refused', 'ftp://example.com/', 'http://[::127.0.0.1]/', 'http://0x7f.1/', 'https://user:pass@127.0.0.1/', `http://${'a'.repeat(3000)}.example/`, 'javascript:alert(1)', 'http://', 'http://host.invalid/'),
          hostileValue,
        ),
        headers: fc.oneof({ weight: 4, arbitrary: fc.dictionary(headerName, headerValue, { maxKeys: 24 }) }, hostileValue),
      },
      { requiredKeys: [] },
    ),
  },
  hostileValue,
);

/** A valid header value per DECISIONS section 6 would be visible ASCII, space or tab; anything else must be refused. */
function refusedHeaderValue(body: Record<string, unknown>): string | undefined {
  const headers = (body.webhook as { headers?: unknown } | undefined)?.headers;
  if (typeof headers !== 'object' || headers === null) return undefined;
  const bad = Object.values(headers).some((value) => typeof value === 'string' && /[^\t\x20-\x7e]/.test(value));
  return bad ? 'webhook.headers value with non-ASCII or control characters' : undefined;
}

const templateId = fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...TEMPLATE_IDS) }, fc.constantFrom('custom-x', 'INVOICE-BASIC', 'invoice-basic ', '../invoice-basic'), hostileValue);

/** Bodies for POST /generate: a template's sample with a few hostile mutations, options and webhooks. */
export const generateBody: fc.Arbitrary<GenerateBody> = fc
  .record({
    templateId,
    mutations: fc.oneof({ weight: 2, arbitrary: fc.array(mutation, { maxLength: 0 }) }, { weight: 5, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 4 }) }),
    outputFormat: fc.option(fc.oneof({ weight: 8, arbitrary: fc.constantFrom('url', 'base64', 'buffer') }, hostileValue), { nil: undefined, freq: 3 }),
    options: fc.option(options, { nil: undefined, freq: 2 }),
    webhook: fc.option(webhook, { nil: undefined, freq: 4 }),
    extra: fc.option(fc.dictionary(hostileString, hostileValue, { maxKeys: 3 }), { nil: undefined, freq: 6 }),
    drop: fc.constantFrom(undefined, undefined, undefined, undefined, undefined, undefined, 'templateId', 'data'),
  })
  .map(({ templateId: id, mutations, outputFormat, options: opts, webhook: hook, extra, drop }) => {
    const source = typeof id === 'string' && id in TEMPLATE_SAMPLES ? TEMPLATE_SAMPLES[id as keyof typeof TEMPLATE_SAMPLES] : TEMPLATE_SAMPLES['invoice-basic'];
    const data = structuredClone(source) as Record<string, unknown>;
    applyMutations(data, mutations);
    const body: Record<string, unknown> = { ...extra, templateId: id, data };
    if (outputFormat !== undefined) body.outputFormat = outputFormat;
    if (opts !== undefined) body.options = opts;
    if (hook !== undefined) body.webhook = hook;
    if (drop) delete body[drop];
    return { body, mustRefuse: refusedHeaderValue(body) };
  });
