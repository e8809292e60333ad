import { deflateSync } from 'node:zlib';
import { dataUri, PNG_BOMB, pngBytes } from '../../../test/support/images';
import type { SigningCertificates } from '../../signatures/signing-certificates.service';
import { ApiError } from '../../common/errors/api-error';
import { INVOICE_BASIC_SAMPLE } from '../../templates/samples';
import type { CustomTemplateCatalog, ResolvedCustomTemplate } from '../../templates/custom/custom-template-catalog';
import type { WebhookUrlPolicy } from '../../webhooks/webhook-url-policy';
import { GenerateRequestParser } from './generate-request.parser';

const urlChecks: string[] = [];
const policy = { check: async (url: string) => void urlChecks.push(url) } as unknown as WebhookUrlPolicy;

/** Workspace w1's one custom template, `team-letter`, at two versions; its data needs `name`. */
function letter(version: string): ResolvedCustomTemplate {
  return {
    id: 'team-letter',
    name: 'Team letter',
    version,
    uid: `uid-${version}`,
    schema: { type: 'object', required: ['name'] },
    validateData: async (data) => ((data as Record<string, unknown>).name === undefined ? ['Missing required field: name'] : []),
    defaultOptions: { format: 'A4', orientation: 'landscape', margin: { top: '10mm', right: '10mm', bottom: '10mm', left: '10mm' } },
    render: { key: `uid-${version}`, title: 'Team letter', layout: { body: [{ type: 'text', text: `v${version}` }] } },
  };
}
const lookups: Array<[string, string, string | undefined]> = [];
const catalog = {
  async resolve(workspaceId: string, id: string, version?: string) {
    lookups.push([workspaceId, id, version]);
    if (workspaceId !== 'w1' || id !== 'team-letter') return null;
    if (version === undefined || version === '1.1.0') return letter('1.1.0');
    if (version === '1.0.0') return letter('1.0.0');
    throw new ApiError('TEMPLATE_VERSION_NOT_FOUND', { params: { id, version } });
  },
  ids: async (workspaceId: string) => (workspaceId === 'w1' ? ['team-letter'] : []),
} as unknown as CustomTemplateCatalog;

/** Workspace w1 has a certificate in force; any other has none. */
const certificates = {
  check: async (workspaceId: string) => {
    if (workspaceId !== 'w1') throw new ApiError('NO_SIGNING_CERTIFICATE');
  },
} as unknown as SigningCertificates;

const parser = new GenerateRequestParser(catalog, policy, certificates);
const caller = { workspaceId: 'w1', enabledTemplates: ['invoice-basic', 'weekly-report'], webhooks: true };

async function failure(body: Record<string, unknown>): Promise<ApiError> {
  const error = await parser.parse({ templateId: 'invoice-basic', data: INVOICE_BASIC_SAMPLE, ...body }, caller).catch((e: unknown) => e);
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

const requestErrors = async (body: Record<string, unknown>) => {
  const error = await failure(body);
  expect(error.code).toBe('INVALID_REQUEST');
  return error.extra.validationErrors as string[];
};

describe('GenerateRequestParser', () => {
  it('returns one command: template defaults under the options, url by default, nulls as absent', async () => {
    const command = await parser.parse({ templateId: 'invoice-basic', data: INVOICE_BASIC_SAMPLE, options: { format: 'A4', margin: { top: 12 } }, outputFormat: null }, caller);
    expect(command).toEqual({
      templateId: 'invoice-basic',
      templateVersion: '1.0.0',
      data: INVOICE_BASIC_SAMPLE,
      options: { format: 'A4', orientation: 'portrait', margin: { top: '12', right: '0.75in', bottom: '0.75in', left: '0.75in' }, displayHeaderFooter: false, lang: 'en' },
      outputFormat: 'url',
      webhook: undefined,
    });
  });

  it('checks in the contract order: template id, data, template, then the envelope', async () => {
    expect((await failure({ templateId: '' })).code).toBe('MISSING_TEMPLATE_ID');
    expect((await failure({ data: [] })).code).toBe('MISSING_DATA');
    expect((await failure({ templateId: 'nope', outputFormat: 'pdf' })).code).toBe('TEMPLATE_NOT_FOUND');
    expect((await failure({ templateId: 'kpi-dashboard', outputFormat: 'pdf' })).code).toBe('TEMPLATE_NOT_ENABLED');
    expect((await failure({ outputFormat: 'pdf', data: {} })).code).toBe('INVALID_REQUEST');
    expect((await failure({ data: {} })).code).toBe('INVALID_DATA');
  });

  it('renders a custom template of the workspace at its newest version, over its own default options', async () => {
    const command = await parser.parse({ templateId: 'team-letter', data: { name: 'Ada' }, options: { margin: { left: '1in' } } }, caller);
    expect(command).toEqual({
      templateId: 'team-letter',
      templateVersion: '1.1.0',
      custom: letter('1.1.0').render,
      data: { name: 'Ada' },
      options: { format: 'A4', orientation: 'landscape', margin: { top: '10mm', right: '10mm', bottom: '10mm', left: '1in' }, displayHeaderFooter: false, lang: 'en' },
      outputFormat: 'url',
      webhook: undefined,
    });
  });

  it('renders the version asked for, and refuses one the template does not have', async () => {
    const older = await parser.parse({ templateId: 'team-letter', templateVersion: '1.0.0', data: { name: 'Ada' } }, caller);
    expect(older).toMatchObject({ templateVersion: '1.0.0', custom: { key: 'uid-1.0.0' } });
    const unknown = await failure({ templateId: 'team-letter', templateVersion: '2.0.0', data: { name: 'Ada' } });
    expect(unknown).toMatchObject({ code: 'TEMPLATE_VERSION_NOT_FOUND', status: 400, message: "Template 'team-letter' has no version '2.0.0'" });
  });

  it("knows a built-in's one version, 1.0.0", async () => {
    expect(await parser.parse({ templateId: 'invoice-basic', templateVersion: '1.0.0', data: INVOICE_BASIC_SAMPLE }, caller)).toMatchObject({ templateVersion: '1.0.0' });
    expect(await failure({ templateVersion: '1.1.0' })).toMatchObject({ code: 'TEMPLATE_VERSION_NOT_FOUND', message: "Template 'invoice-basic' has no version '1.1.0'" });
    // A version that is no string at all is a bad field of the request (step 6), not an unknown version.
    expect(await requestErrors({ templateVersion: 1 })).toEqual(['templateVersion must be a string of at most 64 characters']);
    expect(await requestErrors({ templateVersion: '1'.repeat(65) })).toEqual(['templateVersion must be a string of at most 64 characters']);
  });

  it("lists the enabled built-ins and the workspace's own templates when the template is unknown; another workspace's are unknown", async () => {
    expect(await failure({ templateId: 'nope' })).toMatchObject({
      code: 'TEMPLATE_NOT_FOUND',
      message: "Template 'nope' not found",
      extra: { availableTemplates: ['invoice-basic', 'weekly-report', 'team-letter'] },
    });
    const elsewhere = await parser.parse({ templateId: 'team-letter', data: { name: 'Ada' } }, { ...caller, workspaceId: 'w2' }).catch((e: ApiError) => e);
    expect(elsewhere).toMatchObject({ code: 'TEMPLATE_NOT_FOUND', extra: { availableTemplates: ['invoice-basic', 'weekly-report'] } });
  });

  it("checks a custom template's data with its own schema, after the envelope", async () => {
    expect(await failure({ templateId: 'team-letter', data: {} })).toMatchObject({ code: 'INVALID_DATA', extra: { validationErrors: ['Missing required field: name'] } });
    expect(await failure({ templateId: 'team-letter', data: {}, outputFormat: 'pdf' })).toMatchObject({ code: 'INVALID_REQUEST' });
  });

  it('never looks a built-in id up among custom templates', async () => {
    lookups.length = 0;
    await parser.parse({ templateId: 'invoice-basic', data: INVOICE_BASIC_SAMPLE }, caller);
    expect(lookups).toEqual([]);
  });

  it('names every bad option and its valid values, in the order of the options', async () => {
    expect(
      await requestErrors({
        options: { format: 'A3', orientation: 'sideways', margin: { top: 'wide', left: '-1in' }, displayHeaderFooter: 'yes', footerTemplate: 5 },
      }),
    ).toEqual([
      'options.format must be one of: Letter, A4, Legal',
      'options.orientation must be one of: portrait, landscape',
      'options.margin.top must be a CSS length such as 0.75in or 20mm',
      'options.margin.left must be a CSS length such as 0.75in or 20mm',
      'options.displayHeaderFooter must be boolean',
      'options.footerTemplate must be a string of at most 20000 characters',
    ]);
  });

  it('takes options.lang as a well-formed BCP 47 tag (any case) and options.pdfStandard as one of the three standards', async () => {
    for (const lang of ['en', 'EN', 'fr-CA', 'zh-Hant', 'zh-Hant-TW', 'zh-yue-HK', 'sr-Latn-RS', 'es-419', 'de-CH-1901', 'ja-JP-u-ca-japanese', 'en-a-bbb-x-a-ccc', 'x-private']) {
      const command = await parser.parse({ templateId: 'invoice-basic', data: INVOICE_BASIC_SAMPLE, options: { lang } }, caller);
      expect(command.options.lang).toBe(lang);
    }
    for (const pdfStandard of ['PDF/A-2b', 'PDF/A-3b', 'PDF/UA-1'] as const) {
      const command = await parser.parse({ templateId: 'team-letter', data: { name: 'Ada' }, options: { pdfStandard, lang: 'he' } }, caller);
      expect(command.options).toMatchObject({ pdfStandard, lang: 'he', format: 'A4' });
    }
    // Left out (or null): English, no standard claimed.
    const plain = await parser.parse({ templateId: 'invoice-basic', data: INVOICE_BASIC_SAMPLE, options: { lang: undefined } }, caller);
    expect(plain.options.lang).toBe('en');
    expect(plain.options.pdfStandard).toBeUndefined();
  });

  it('names a bad options.lang or options.pdfStandard with what is valid', async () => {
    const lang = 'options.lang must be a BCP 47 language tag such as en, fr-CA or zh-Hant (at most 35 characters)';
    const standard = 'options.pdfStandard must be one of: PDF/A-2b, PDF/A-3b, PDF/UA-1';
    for (const bad of ['', 'en_US', 'e', 'en-', '-en', 'en--US', 'en US', '123', 'a-DE', 'x', 'de-419-DE', 'english-language-x', 'en-US'.padEnd(36, 'x'), 5, true, ['en'], { tag: 'en' }]) {
      expect(await requestErrors({ options: { lang: bad } })).toEqual([lang]);
    }
    for (const bad of ['PDF/A-1b', 'pdf/a-2b', 'PDF/A-2a', 'PDF/A-3u', 'PDF/UA-2', 'PDF/UA', 'PDF/X-4', '', 2, null]) {
      expect(await requestErrors({ options: { pdfStandard: bad } })).toEqual([standard]);
    }
    // With the other options' errors, in the schema's order.
    expect(await requestErrors({ options: { pdfStandard: 'PDF/A-1b', format: 'A3', lang: 'en_GB' } })).toEqual([
      'options.format must be one of: Letter, A4, Legal',
      lang,
      standard,
    ]);
  });

  it('refuses options that are not an object', async () => {
    expect(await requestErrors({ options: 'A4' })).toEqual(['options must be an object']);
    expect(await requestErrors({ options: { margin: '1in' } })).toEqual(['options.margin must be an object with any of: top, right, bottom, left']);
  });

  it('refuses margins that leave no room for content, once the options are otherwise sound', async () => {
    expect(await requestErrors({ options: { margin: { left: '4.5in', right: '4in' } } })).toEqual([
      'options.margin leaves less than 1in for content on a portrait Letter page',
    ]);
    expect(await requestErrors({ options: { format: 'A3', margin: { left: '4.5in', right: '4in' } } })).toEqual(['options.format must be one of: Letter, A4, Legal']);
  });

  it('lists every image problem of both templates, once the options are sound', async () => {
    const bomb = `<img src="${dataUri(PNG_BOMB)}">`;
    const wideBomb = `<img src="${dataUri(pngBytes({ width: 20000, height: 10, idat: deflateSync(Buffer.alloc(1)) }))}">`;
    const errors = await requestErrors({ options: { headerTemplate: bomb + wideBomb, footerTemplate: bomb } });
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatch(/^options\.headerTemplate image 1 cannot be drawn/);
    expect(errors[1]).toMatch(/^options\.headerTemplate image 2 cannot be drawn/);
    expect(errors[2]).toMatch(/^options\.footerTemplate image 1 cannot be drawn/);
  });

  it('lists outputFormat, then options, then webhook, whatever order the body has', async () => {
    expect(await requestErrors({ webhook: 5, options: { format: 'A3' }, outputFormat: 'pdf' })).toEqual([
      'outputFormat must be one of: url, base64, buffer',
      'options.format must be one of: Letter, A4, Legal',
      'webhook must be an object with url and optional headers',
    ]);
  });

  it('names each bad webhook header once, in the order sent, its name before its value', async () => {
    const headers = { 'X-Ok': 'fine', 'X-Num': 5, 'Bad Name': 5, Host: 7, 'X-Long': 'x'.repeat(1025), 'X-Ctl': 'a\u0001b', ['Y'.repeat(70) + ' z']: 'v' };
    expect(await requestErrors({ webhook: { url: 'https://example.com/hook', headers } })).toEqual([
      'webhook.headers.X-Num must be string',
      "webhook.headers: 'Bad Name' is not a valid header name",
      'webhook.headers.Host is not allowed (reserved header)',
      'webhook.headers.X-Long must be at most 1024 characters',
      'webhook.headers.X-Ctl must contain only visible ASCII characters, spaces and tabs',
      `webhook.headers: '${'Y'.repeat(64)}' is not a valid header name`,
    ]);
  });

  it('says only that there are too many headers past twenty', async () => {
    const headers = Object.fromEntries(Array.from({ length: 21 }, (_, n) => [`Host-${n} bad`, n]));
    expect(await requestErrors({ webhook: { url: 'https://example.com/hook', headers } })).toEqual(['webhook.headers must have at most 20 headers']);
  });

  it('requires webhook.url as a non-empty string (null and empty count as missing)', async () => {
    expect(await requestErrors({ webhook: { url: null, headers: null } })).toEqual(['webhook.url is required']);
    expect(await requestErrors({ webhook: { url: '' } })).toEqual(['webhook.url is required']);
    expect(await requestErrors({ webhook: { url: 42, headers: [] } })).toEqual([
      'webhook.url must be string',
      'webhook.headers must be an object of header name to string value',
    ]);
  });

  it('checks the webhook URL after the envelope, and the plan after the data', async () => {
    const command = await parser.parse({ templateId: 'invoice-basic', data: INVOICE_BASIC_SAMPLE, webhook: { url: 'https://example.com/a', headers: { 'X-Id': '1' } } }, caller);
    expect(command.webhook).toEqual({ url: 'https://example.com/a', headers: { 'X-Id': '1' } });
    expect(urlChecks).toContain('https://example.com/a');
    const noPlan = await parser
      .parse({ templateId: 'invoice-basic', data: INVOICE_BASIC_SAMPLE, webhook: { url: 'https://example.com/b' } }, { ...caller, webhooks: false })
      .catch((e: ApiError) => e);
    expect(noPlan).toMatchObject({ code: 'WEBHOOKS_NOT_IN_PLAN' });
  });
});
