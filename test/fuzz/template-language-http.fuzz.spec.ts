import fc from 'fast-check';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AddressInfo } from 'node:net';
import { startTestApp, TestApp } from '../support/test-app';
import { hostileString, hostileValue } from './hostile-values';
import { toJsonText } from './json-text';
import { describeFinding } from './report';
import { Credential, Envelope, FuzzRequest } from './requests';
import { closeClient, Exchange, send, Target } from './send';
import { anyLayout, cleanLayout, jsonRoundTrip, layoutData } from './template-language-definitions';
import { isBoundedFailure } from './template-language-sandbox';
import { answerOf, jsonOf, problemsOf } from './verdict';
import type { Finding } from './fuzz-run';

/**
 * Fuzzes POST /api/v1/templates and POST /api/v1/templates/preview over HTTP with definitions
 * from the language's grammar and mutated ones (see template-language-definitions.ts); every
 * template that is created is also generated and previewed with random data, then deleted. No
 * 5xx but SERVER_BUSY and 500 `PDF generation failed` for a bounded reason (the time-out, the page
 * limit, the output budget), the contract's error shape, and every 400 `Invalid template
 * definition` lists problems that each start with their path. `npm test` sends about 300
 * requests with a fixed seed; `npm run fuzz` sends FUZZ_TEMPLATE_REQUESTS (or FUZZ_REQUESTS).
 */
const REQUESTS = Number(process.env.FUZZ_TEMPLATE_REQUESTS ?? process.env.FUZZ_REQUESTS ?? 300);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : process.env.FUZZ_REPORT ? Date.now() % 2 ** 31 : 20_251_124;
const CONCURRENCY = 4;
/** Short, so that a definition that runs long meets the time-out rather than stalling the run. */
const RENDER_TIMEOUT_MS = 5_000;

/** Top-level fields of a definition: the paths its problems may start with. */
const DEFINITION_FIELDS = ['id', 'name', 'description', 'category', 'version', 'schema', 'layout', 'defaultOptions', 'sampleData'];
const STARTS_WITH_PATH = new RegExp(`^(${DEFINITION_FIELDS.join('|')})([.[ ]|$)`);
/** sampleData is checked against the schema with the data messages of DECISIONS section 2, which put the path after these words. */
const DATA_MESSAGE_HEAD = /^(Missing required field: |Field ')(?=sampleData)/;
/** An unknown field's problem starts with the field's own name, whatever it is. */
const UNKNOWN_FIELD = / is not a field of a template \(allowed: /;
/** Problems of the whole body, which has no path. */
const WHOLE_BODY = /^The (body|definition) /;

/** Half the layouts valid, so that many requests get as far as the renderer. */
const layout = fc.oneof(cleanLayout.map(jsonRoundTrip), anyLayout);

const dataSchema = fc.oneof(
  { weight: 16, arbitrary: fc.constant({ type: 'object' }) },
  fc.constantFrom(
    { type: 'object', required: ['items'], properties: { items: { type: 'array' } } },
    { type: 'object', properties: { x: { type: 'string', pattern: '(a+)+$' } } },
    { type: 'object', properties: { x: { $ref: 'http://127.0.0.1:9/schema.json' } } },
    { type: 'object', properties: { x: { $ref: '#' } } },
    { type: 'object', properties: { x: { format: 'no-such-format' } } },
    { type: 'array' },
    { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', additionalProperties: false },
    {},
    // DECISIONS section 13: other drafts, patterns that backtrack or that RE2 cannot run, NUL.
    { $schema: 'x', type: 'object' },
    { $schema: 1, type: 'object' },
    { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' },
    { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' },
    { type: 'object', properties: { x: { type: 'string', pattern: '^(a|aa)+$' } }, patternProperties: { '(x+)+y': { type: 'string' } } },
    { type: 'object', properties: { x: { type: 'string', pattern: '^(?=a)\\w+$' } } },
    { type: 'object', patternProperties: { '(a)\\1': {} } },
    { type: 'object', properties: { x: { type: 'string', default: 'nul\u0000' } } },
  ),
  hostileValue,
);

const defaultOptions = fc.oneof(
  { weight: 8, arbitrary: fc.constant(undefined) },
  fc.record({ format: fc.constantFrom('A4', 'Letter', 'Legal', 'A0'), orientation: fc.constantFrom('portrait', 'landscape', 'sideways') }, { requiredKeys: [] }),
  fc.constantFrom({ margin: { top: '10in' } }, { margin: { top: '-1in' } }, { displayHeaderFooter: true, headerTemplate: '<b>x</b>' }),
  hostileValue,
);

const credential = fc.oneof({ weight: 20, arbitrary: fc.constant<Credential>('business') }, fc.constantFrom<Credential>('pro', 'free', 'none'));
const envelope = fc.oneof({ weight: 30, arbitrary: fc.constant<Envelope>('plain') }, fc.constantFrom<Envelope>('gzip', 'truncated', 'bad-utf8', 'chunked'));

/** Occasionally a field of the body is replaced, dropped, or one is added. */
function tamper(body: Record<string, unknown>, field: string | undefined, value: unknown): Record<string, unknown> {
  if (field === undefined) return body;
  const copy = { ...body };
  if (value === undefined) delete copy[field];
  else copy[field] = value;
  return copy;
}
const tampering = fc.oneof(
  { weight: 10, arbitrary: fc.constant<[string | undefined, unknown]>([undefined, undefined]) },
  fc.tuple(fc.oneof(fc.constantFrom(...DEFINITION_FIELDS, 'data', 'options', 'templateId'), hostileString.map((s) => s.slice(0, 40))), fc.oneof(hostileValue, fc.constant(undefined))),
);

type Step = { kind: 'create'; body: Record<string, unknown> } | { kind: 'preview'; body: Record<string, unknown> };

interface Planned {
  step: Step;
  credential: Credential;
  envelope: Envelope;
  at: number;
  /** Data for the generate and preview of a template the step creates. */
  data: Record<string, unknown>;
}

const step: fc.Arbitrary<Planned> = fc.record({
  step: fc.oneof(
    fc
      .record({ id: fc.option(fc.oneof(fc.stringMatching(/^[a-z0-9][a-z0-9-]{1,20}[a-z0-9]$/), fc.constantFrom('invoice-basic', 'A', 'x'), hostileString), { nil: undefined }), name: fc.oneof({ weight: 10, arbitrary: fc.constant('Fuzzed') }, hostileValue, fc.constant('NUL\u0000name')), schema: dataSchema, layout, defaultOptions, sampleData: fc.option(layoutData, { nil: undefined, freq: 4 }), tamper: tampering })
      .map(({ tamper: [field, value], ...body }): Step => ({ kind: 'create', body: tamper(dropUndefined(body), field, value) })),
    fc
      .record({ layout, schema: fc.option(dataSchema, { nil: undefined, freq: 3 }), data: fc.option(layoutData, { nil: undefined, freq: 5 }), options: fc.option(defaultOptions, { nil: undefined, freq: 3 }), tamper: tampering })
      .map(({ tamper: [field, value], ...body }): Step => ({ kind: 'preview', body: tamper(dropUndefined(body), field, value) })),
  ),
  credential,
  envelope,
  at: fc.integer({ min: 0, max: 1000 }),
  data: layoutData,
});

function dropUndefined(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined));
}

function request(method: string, path: string, body: unknown, credential: Credential, envelope: Envelope = 'plain', at = 0): FuzzRequest {
  return { method, path, credential, adminAuth: 'none', headers: body === undefined ? {} : { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : toJsonText(body), envelope, at, pick: 0 };
}

/** problemsOf, with the bounded render failures of custom templates allowed, and the paths of definition problems checked. */
function templateProblems(exchange: Exchange): string[] {
  const { status, code, details } = answerOf(exchange);
  const bounded = status === 500 && code === 'GENERATION_FAILED' && details !== undefined && isBoundedFailure(details);
  const problems = problemsOf(exchange).filter((problem) => !(bounded && problem === `${status} ${code} ${details}`));
  if (status === 400 && code === 'INVALID_TEMPLATE_DEFINITION') {
    const errors = jsonOf(exchange)?.validationErrors;
    if (!Array.isArray(errors) || errors.length === 0) problems.push('Invalid template definition without validationErrors');
    else for (const entry of errors) if (typeof entry !== 'string' || !(STARTS_WITH_PATH.test(entry.replace(DATA_MESSAGE_HEAD, '')) || UNKNOWN_FIELD.test(entry) || WHOLE_BODY.test(entry))) problems.push(`validationErrors entry without a path: ${JSON.stringify(entry).slice(0, 200)}`);
  }
  return problems;
}

test(`${REQUESTS} fuzzed template definitions over HTTP: no 5xx but bounded render failures, paths on every definition problem, healthy afterwards`, async () => {
  const app = await startTestApp({ RENDER_TIMEOUT_MS: String(RENDER_TIMEOUT_MS) });
  const findings = new Map<string, Finding>();
  const distribution = new Map<string, number>();
  let sent = 0;
  try {
    const target = await prepareTarget(app);
    const judge = (exchange: Exchange) => {
      sent++;
      const { status, code, details } = answerOf(exchange);
      const label = `${exchange.sent.path.replace(/\/templates\/(?!preview)[^/]+$/, '/templates/:id')} ${status} ${code ?? ''}${details ? ` "${details}"` : ''}`;
      distribution.set(label, (distribution.get(label) ?? 0) + 1);
      for (const problem of templateProblems(exchange)) {
        const known = findings.get(problem);
        if (!known) findings.set(problem, { problem, count: 1, example: exchange });
        else if (++known.count && (exchange.sent.body?.length ?? 0) < (known.example.sent.body?.length ?? 0)) known.example = exchange;
      }
      return exchange;
    };
    const run = async ({ step: s, credential: who, envelope: wrap, at, data }: Planned) => {
      if (s.kind === 'preview') {
        judge(await send(request('POST', '/api/v1/templates/preview', s.body, who, wrap, at), target));
        return;
      }
      const created = judge(await send(request('POST', '/api/v1/templates', s.body, who, wrap, at), target));
      const id = created.status === 201 ? jsonOf(created)?.id : undefined;
      if (typeof id !== 'string') return;
      // A stored definition meets random data at generate and preview, then makes room for the next.
      judge(await send(request('POST', '/api/v1/generate', { templateId: id, data, outputFormat: 'buffer' }, 'business'), target));
      judge(await send(request('POST', '/api/v1/templates/preview', { templateId: id, data }, 'business'), target));
      judge(await send(request('DELETE', `/api/v1/templates/${encodeURIComponent(id)}`, undefined, 'business'), target));
    };
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: CONCURRENCY, maxLength: CONCURRENCY }), async (batch) => {
        await Promise.all(batch.map(run));
      }),
      { seed: SEED, numRuns: Math.ceil(REQUESTS / CONCURRENCY), endOnFailure: true },
    );
    const health = await app.http.get('/healthz');
    const normal = await app.http.post('/api/v1/templates/preview').set('X-API-Key', target.keys.business).send({ layout: { body: [{ type: 'text', text: 'Hello {{ name }}' }] }, data: { name: 'Ada' } });

    const bodiesDir = join(tmpdir(), `pdfgen-template-fuzz-${SEED}`);
    const described = [...findings.values()].map((finding, i) => describeFinding(finding, join(bodiesDir, `finding-${i + 1}.body`)).join('\n'));
    if (process.env.FUZZ_REPORT) {
      const lines = [`template HTTP fuzz: ${sent} requests, seed ${SEED}`, ...[...distribution.entries()].sort().map(([label, count]) => `  ${String(count).padStart(6)}  ${label}`), ...described, ''];
      process.stdout.write(lines.join('\n'));
    }
    expect({ seed: SEED, findings: described }).toEqual({ seed: SEED, findings: [] });
    expect({ healthz: health.status, preview: normal.status }).toEqual({ healthz: 200, preview: 200 });
    // The fuzz has teeth only if some definitions get through to the renderer.
    expect([...distribution.entries()].filter(([label]) => / 200 $/.test(label)).reduce((sum, [, count]) => sum + count, 0)).toBeGreaterThan(REQUESTS / 20);
  } finally {
    closeClient();
    await app.close();
  }
}, 180_000 + REQUESTS * 500);

async function prepareTarget(app: TestApp): Promise<Target> {
  const roomy = { monthlyLimit: 1_000_000_000 };
  const [business, pro, free] = await Promise.all([app.createWorkspace('business', roomy), app.createWorkspace('pro', roomy), app.createWorkspace('free', roomy)]);
  return {
    port: (app.app.getHttpServer().address() as AddressInfo).port,
    sinkUrl: 'http://127.0.0.1:9/unused',
    keys: { business: business.key, pro: pro.key, free: free.key, suspended: free.key },
    pools: { files: [], jobs: [], workspaces: [], keys: [] },
  };
}
