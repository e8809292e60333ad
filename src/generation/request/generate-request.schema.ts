import { MARGIN_SIDES, MAX_HEADER_FOOTER_CHARS, ORIENTATIONS, PAGE_FORMATS } from '../../engine';
import { DEFAULT_LANG, PDF_STANDARDS } from '../../engine/page/pdf-options';
import { EINVOICE_PROFILES } from '../../engine/einvoice/einvoice-profile';
import { ATTACHMENT_NAME_PATTERN, CONTENT_TYPE_PATTERN, MAX_ATTACHMENT_BASE64, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from './attachment-rules';
import {
  HEADER_NAME_PATTERN,
  HEADER_VALUE_PATTERN,
  MAX_WEBHOOK_HEADER_VALUE,
  MAX_WEBHOOK_HEADERS,
  MAX_WEBHOOK_URL_LENGTH,
} from '../../webhooks/webhook-request';

export const OUTPUT_FORMATS = ['url', 'base64', 'buffer'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** Versions are short (`1.12.0`): a longer one is refused before it could be echoed in an error. */
export const MAX_TEMPLATE_VERSION_LENGTH = 64;

/** Language tags are short (`zh-Hant-TW`): a longer one is refused before it could reach /Lang or an error. */
export const MAX_LANG_LENGTH = 35;

/**
 * A well-formed BCP 47 language tag (RFC 5646 section 2.1, any letter case): language (with up to
 * three extended subtags), script, region, variants, extensions and a private use part, or a
 * private use tag alone (`x-...`). Well-formed, not registered: `qq` passes, `en_US` does not.
 */
export const BCP47_PATTERN =
  '^(?:(?:[A-Za-z]{2,3}(?:-[A-Za-z]{3}){0,3}|[A-Za-z]{4,8})(?:-[A-Za-z]{4})?(?:-(?:[A-Za-z]{2}|[0-9]{3}))?' +
  '(?:-(?:[A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))*(?:-[0-9A-WYZa-wyz](?:-[A-Za-z0-9]{2,8})+)*(?:-[Xx](?:-[A-Za-z0-9]{1,8})+)?' +
  '|[Xx](?:-[A-Za-z0-9]{1,8})+)$';

export const PRINTING_PERMISSIONS = ['full', 'low', 'none'] as const;
export const BOOLEAN_PERMISSIONS = ['copying', 'modifying', 'annotating', 'fillingForms', 'contentAccessibility', 'documentAssembly'] as const;
/** The longest password AES-256 (revision 5) uses: longer ones would be cut silently. */
export const MAX_PASSWORD_LENGTH = 127;

/** The signature dictionary's text entries a caller may set (PDF 32000-1 table 252). */
export const SIGNATURE_TEXTS = ['reason', 'location', 'contactInfo'] as const;
export const MAX_SIGNATURE_TEXT = 200;

const password = (name: string): EnvelopeSchema => {
  const shape = `options.encryption.${name} must be a string of 1 to ${MAX_PASSWORD_LENGTH} characters`;
  return {
    type: 'string',
    minLength: 1,
    maxLength: MAX_PASSWORD_LENGTH,
    [MESSAGE_KEYWORD]: { required: `options.encryption.${name} is required`, type: shape, minLength: shape, maxLength: shape },
  };
};

const STANDARDS_MESSAGE = `options.pdfStandard must be one of: ${PDF_STANDARDS.join(', ')}, or a list of at most one PDF/A level and PDF/UA-1`;

/** The custom format of a margin side: `0.75in`, `20mm`, `2.54cm`, `12pt`, `96px` or a bare number of pixels. */
export const CSS_LENGTH_FORMAT = 'css-length';

/**
 * The caller-facing message of a field, kept beside the rule it explains: one string for any
 * failure at or below the node, or one per keyword. `{name}` is the last segment of the field's
 * path (a header's name), `{shortName}` its first 64 characters, `{path}` the whole path. Published as an OpenAPI extension, which validators ignore.
 */
export const MESSAGE_KEYWORD = 'x-invalid';
export type FieldMessages = string | Partial<Record<string, string>>;

/**
 * The JSON Schema keywords the envelope uses, plus its messages. No `default`: descriptions say
 * what an absent field means, as openapi-typescript (defaultNonNullable, on by default) would
 * type a field with a `default` as one every request must send.
 */
export interface EnvelopeSchema {
  type?: 'object' | 'string' | 'number' | 'boolean' | 'array';
  description?: string;
  properties?: Record<string, EnvelopeSchema>;
  required?: string[];
  additionalProperties?: EnvelopeSchema;
  propertyNames?: EnvelopeSchema;
  maxProperties?: number;
  anyOf?: EnvelopeSchema[];
  items?: EnvelopeSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  enum?: string[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  example?: unknown;
  [MESSAGE_KEYWORD]?: FieldMessages;
}

const cssLength = (side: string): EnvelopeSchema => ({
  anyOf: [
    { type: 'string', format: CSS_LENGTH_FORMAT },
    { type: 'number', minimum: 0 },
  ],
  description: 'CSS length: in, mm, cm, pt, px (96 px = 1 in) or a bare number (px)',
  example: '0.75in',
  [MESSAGE_KEYWORD]: `options.margin.${side} must be a CSS length such as 0.75in or 20mm`,
});

const headerFooterTemplate = (field: string, description: string): EnvelopeSchema => ({
  type: 'string',
  maxLength: MAX_HEADER_FOOTER_CHARS,
  description,
  [MESSAGE_KEYWORD]: `options.${field} must be a string of at most ${MAX_HEADER_FOOTER_CHARS} characters`,
});

/**
 * The body of POST /generate apart from `data`, whose schema is the template's own. One
 * constant for both uses: compiled by the envelope validator and published in the OpenAPI
 * document (where `data` is given the template schemas). Rules no schema can state (the
 * template's plan, margins leaving room for content, header images, reserved header names,
 * the webhook's addresses) are checked after it, in the parser.
 */
export const GENERATE_REQUEST_SCHEMA: EnvelopeSchema = {
  type: 'object',
  required: ['templateId', 'data'],
  properties: {
    templateId: { type: 'string', description: 'A template id from GET /api/v1/templates: a built-in or one of your custom templates', example: 'invoice-basic' },
    templateVersion: {
      type: 'string',
      maxLength: MAX_TEMPLATE_VERSION_LENGTH,
      description: "A version of the template (default: the newest); built-in templates have only 1.0.0. Unknown: 400 Template '<id>' has no version '<version>'",
      example: '1.0.0',
      [MESSAGE_KEYWORD]: `templateVersion must be a string of at most ${MAX_TEMPLATE_VERSION_LENGTH} characters`,
    },
    data: { type: 'object', description: "Must satisfy the template's schema, with its bounds (also at GET /api/v1/templates/{id}/schema)" },
    outputFormat: {
      type: 'string',
      enum: [...OUTPUT_FORMATS],
      description: 'url (default) and base64 answer JSON; buffer answers the PDF bytes',
      [MESSAGE_KEYWORD]: `outputFormat must be one of: ${OUTPUT_FORMATS.join(', ')}`,
    },
    options: {
      type: 'object',
      description: "Page options; every key left out takes the template's default",
      [MESSAGE_KEYWORD]: 'options must be an object',
      properties: {
        format: { type: 'string', enum: [...PAGE_FORMATS], [MESSAGE_KEYWORD]: `options.format must be one of: ${PAGE_FORMATS.join(', ')}` },
        orientation: {
          type: 'string',
          enum: [...ORIENTATIONS],
          [MESSAGE_KEYWORD]: `options.orientation must be one of: ${ORIENTATIONS.join(', ')}`,
        },
        margin: {
          type: 'object',
          description: "Overrides the template's margins side by side",
          [MESSAGE_KEYWORD]: `options.margin must be an object with any of: ${MARGIN_SIDES.join(', ')}`,
          properties: Object.fromEntries(MARGIN_SIDES.map((side) => [side, cssLength(side)])),
        },
        displayHeaderFooter: {
          type: 'boolean',
          description: 'Draw headerTemplate / footerTemplate (default footer: Page N of M). Absent: false',
          [MESSAGE_KEYWORD]: 'options.displayHeaderFooter must be boolean',
        },
        headerTemplate: headerFooterTemplate(
          'headerTemplate',
          'HTML subset: text, b strong i em u br span div p img (data:image/png|jpeg only); inline style font-size, font-weight, font-style, color, text-align, margin, padding, width; placeholder classes pageNumber, totalPages, date, title, url',
        ),
        footerTemplate: headerFooterTemplate('footerTemplate', 'Same HTML subset as headerTemplate'),
        lang: {
          type: 'string',
          maxLength: MAX_LANG_LENGTH,
          pattern: BCP47_PATTERN,
          description:
            `The document's language as a BCP 47 tag: the PDF's /Lang (read by screen readers) and the glyph forms of Chinese, Japanese and Korean text (ja, ko, zh-Hans, zh-Hant). Absent: invoice-basic's data.locale, else ${DEFAULT_LANG}`,
          example: 'fr-CA',
          [MESSAGE_KEYWORD]: `options.lang must be a BCP 47 language tag such as en, fr-CA or zh-Hant (at most ${MAX_LANG_LENGTH} characters)`,
        },
        pdfStandard: {
          // A list's message says what a list may hold; any other value keeps the message it always had.
          anyOf: [
            { type: 'string', enum: [...PDF_STANDARDS], [MESSAGE_KEYWORD]: `options.pdfStandard must be one of: ${PDF_STANDARDS.join(', ')}` },
            { type: 'array', minItems: 1, maxItems: 2, uniqueItems: true, items: { type: 'string', enum: [...PDF_STANDARDS] }, [MESSAGE_KEYWORD]: STANDARDS_MESSAGE },
          ],
          description:
            'Make the file claim and meet an archiving or accessibility standard: PDF/A-2b or PDF/A-3b (sRGB output intent, XMP identification) or PDF/UA-1, or a list of at most one PDF/A level and PDF/UA-1 (["PDF/A-3b", "PDF/UA-1"]). Every document is tagged, with /Lang and XMP, without it. An e-invoice is PDF/A-3b.',
          example: 'PDF/A-2b',
          [MESSAGE_KEYWORD]: { anyOf: `options.pdfStandard must be one of: ${PDF_STANDARDS.join(', ')}` },
        },
        eInvoice: {
          type: 'string',
          enum: [...EINVOICE_PROFILES],
          description:
            'invoice-basic only: make the PDF a hybrid e-invoice (Factur-X 1.0 / ZUGFeRD 2.3, PDF/A-3b) with the invoice embedded as UN/CEFACT CII XML: EN16931 (factur-x.xml) or XRECHNUNG (xrechnung.xml). The data must then carry what EN 16931 requires (see the README, "E-invoices").',
          example: 'EN16931',
          [MESSAGE_KEYWORD]: `options.eInvoice must be one of: ${EINVOICE_PROFILES.join(', ')}`,
        },
        encryption: {
          type: 'object',
          required: ['ownerPassword'],
          description:
            'Encrypt the PDF with AES-256: the owner password unlocks everything, the user password (optional) is asked to open it; permissions default to none but contentAccessibility (true) and printing (full). Not with a PDF/A standard, which forbids encryption.',
          [MESSAGE_KEYWORD]: 'options.encryption must be an object with ownerPassword, optional userPassword and permissions',
          properties: {
            ownerPassword: password('ownerPassword'),
            userPassword: password('userPassword'),
            permissions: {
              type: 'object',
              [MESSAGE_KEYWORD]: `options.encryption.permissions must be an object with any of: printing, ${BOOLEAN_PERMISSIONS.join(', ')}`,
              properties: {
                printing: {
                  type: 'string',
                  enum: [...PRINTING_PERMISSIONS],
                  [MESSAGE_KEYWORD]: `options.encryption.permissions.printing must be one of: ${PRINTING_PERMISSIONS.join(', ')}`,
                },
                ...Object.fromEntries(
                  BOOLEAN_PERMISSIONS.map((name) => [
                    name,
                    { type: 'boolean', [MESSAGE_KEYWORD]: `options.encryption.permissions.${name} must be boolean` },
                  ]),
                ),
              },
            },
          },
        },
        signature: {
          type: 'object',
          description:
            "Sign the finished PDF with the workspace's certificate (PAdES B-B, ETSI.CAdES.detached, SHA-256), after PDF/A and encryption, covering the whole document. visible: true (absent: false) draws a stamp naming the signer at the bottom right of the last page. Without a certificate: 400 No signing certificate for this workspace.",
          [MESSAGE_KEYWORD]: 'options.signature must be an object with any of: reason, location, contactInfo, visible',
          properties: {
            ...Object.fromEntries(
              SIGNATURE_TEXTS.map((name) => [
                name,
                { type: 'string', minLength: 1, maxLength: MAX_SIGNATURE_TEXT, [MESSAGE_KEYWORD]: `options.signature.${name} must be a string of 1 to ${MAX_SIGNATURE_TEXT} characters` },
              ]),
            ),
            visible: { type: 'boolean', [MESSAGE_KEYWORD]: 'options.signature.visible must be boolean' },
          },
        },
        attachments: {
          type: 'array',
          maxItems: MAX_ATTACHMENTS,
          description: `Files embedded in the PDF as associated files (AFRelationship /Supplement): up to ${MAX_ATTACHMENTS}, at most ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MiB decoded in all; not with PDF/A-2b, which forbids them`,
          [MESSAGE_KEYWORD]: `options.attachments must be a list of at most ${MAX_ATTACHMENTS} files`,
          items: {
            type: 'object',
            required: ['name', 'contentType', 'data'],
            [MESSAGE_KEYWORD]: '{path} must be an object with name, contentType, data and optional description',
            properties: {
              name: {
                type: 'string',
                minLength: 1,
                maxLength: 100,
                pattern: ATTACHMENT_NAME_PATTERN,
                description: 'The file name shown by PDF readers, unique in the document: 1-100 characters, no / or \\',
                example: 'timesheet.csv',
                [MESSAGE_KEYWORD]: '{path} must be a file name of 1 to 100 characters without / or \\',
              },
              contentType: {
                type: 'string',
                maxLength: 100,
                pattern: CONTENT_TYPE_PATTERN,
                description: 'The MIME type, e.g. text/csv',
                example: 'text/csv',
                [MESSAGE_KEYWORD]: '{path} must be a MIME type such as text/csv or application/pdf',
              },
              data: {
                type: 'string',
                maxLength: MAX_ATTACHMENT_BASE64,
                pattern: '^[A-Za-z0-9+/]*={0,2}$',
                description: 'The file, base64',
                example: 'ZGF0ZSxob3VycwoyMDI1LTAzLTMxLDgK',
                [MESSAGE_KEYWORD]: `{path} must be base64 of at most ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MiB`,
              },
              description: {
                type: 'string',
                maxLength: 500,
                description: 'What the file is, shown by PDF readers',
                [MESSAGE_KEYWORD]: '{path} must be a string of at most 500 characters',
              },
            },
          },
        },
      },
    },
    webhook: {
      type: 'object',
      description: 'Pro plan and above: answer 202 at once and POST the result here',
      [MESSAGE_KEYWORD]: 'webhook must be an object with url and optional headers',
      required: ['url'],
      properties: {
        url: {
          type: 'string',
          minLength: 1,
          description: `http(s), public addresses only, at most ${MAX_WEBHOOK_URL_LENGTH} characters (else 400 Invalid webhook URL)`,
          example: 'https://hooks.example.com/pdf-ready',
          [MESSAGE_KEYWORD]: { required: 'webhook.url is required', minLength: 'webhook.url is required', type: 'webhook.url must be string' },
        },
        headers: {
          type: 'object',
          maxProperties: MAX_WEBHOOK_HEADERS,
          description: `At most ${MAX_WEBHOOK_HEADERS}; reserved names (host, content-type, cookie, webhook-*, proxy-*, sec-*, ...) are refused`,
          example: { 'X-Correlation-Id': 'order-1042' },
          [MESSAGE_KEYWORD]: {
            type: 'webhook.headers must be an object of header name to string value',
            maxProperties: `webhook.headers must have at most ${MAX_WEBHOOK_HEADERS} headers`,
          },
          propertyNames: { pattern: HEADER_NAME_PATTERN, [MESSAGE_KEYWORD]: { pattern: "webhook.headers: '{shortName}' is not a valid header name" } },
          additionalProperties: {
            type: 'string',
            maxLength: MAX_WEBHOOK_HEADER_VALUE,
            pattern: HEADER_VALUE_PATTERN,
            [MESSAGE_KEYWORD]: {
              type: 'webhook.headers.{name} must be string',
              maxLength: `webhook.headers.{name} must be at most ${MAX_WEBHOOK_HEADER_VALUE} characters`,
              pattern: 'webhook.headers.{name} must contain only visible ASCII characters, spaces and tabs',
            },
          },
        },
      },
    },
  },
};
