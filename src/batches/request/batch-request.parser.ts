import { Injectable } from '@nestjs/common';
import { ApiError } from '../../common/errors/api-error';
import type { GenerateCommand } from '../../generation/generate-command';
import { EnvelopeValidator } from '../../generation/request/envelope-issues';
import { GenerateCaller, GenerateRequestParser } from '../../generation/request/generate-request.parser';
import { reservedHeaderIssues, toWebhook } from '../../generation/request/webhook-fields';
import { WebhookUrlPolicy } from '../../webhooks/webhook-url-policy';
import type { WebhookRequest } from '../../webhooks/webhook-request';
import { BATCH_ENVELOPE_SCHEMA } from './batch-request.schema';
import { isObject, withoutNulls } from '../../common/validation/body-values';

export interface BatchCommand {
  items: GenerateCommand[];
  merge: boolean;
  webhook?: WebhookRequest;
}

const ENVELOPE = new EnvelopeValidator(BATCH_ENVELOPE_SCHEMA);

/** The fields of an item; the generate fields a batch decides itself are refused by name. */
const ITEM_FIELDS = new Set(['templateId', 'templateVersion', 'data', 'options']);

/** Errors of one item's generate parse that become `items[i].` validation errors; any other is the batch's own answer. */
const ITEM_ERRORS = new Set(['MISSING_TEMPLATE_ID', 'MISSING_DATA', 'TEMPLATE_NOT_FOUND', 'TEMPLATE_NOT_ENABLED', 'TEMPLATE_VERSION_NOT_FOUND', 'INVALID_REQUEST', 'INVALID_DATA']);

/**
 * Turns a batch body into commands (DECISIONS section 15): the envelope, then every item with
 * the generate parser, so an item is refused exactly as the same generate request would be.
 * Every problem of every item is reported at once, each prefixed with its place (`items[3].`).
 */
@Injectable()
export class BatchRequestParser {
  constructor(
    private readonly generate: GenerateRequestParser,
    private readonly webhookUrls: WebhookUrlPolicy,
  ) {}

  async parse(body: unknown, caller: GenerateCaller): Promise<BatchCommand> {
    const b = withoutNulls(isObject(body) ? body : {});
    if (isObject(b.webhook)) b.webhook = withoutNulls(b.webhook);
    const issues = ENVELOPE.issues(b);
    if (isObject(b.webhook) && isObject(b.webhook.headers)) issues.push(...reservedHeaderIssues(b.webhook.headers));
    if (issues.length > 0) throw new ApiError('INVALID_REQUEST', { extra: { validationErrors: ENVELOPE.report(b, issues) } });
    const merge = b.merge === true;
    const webhook = b.webhook === undefined ? undefined : toWebhook(b.webhook as Record<string, unknown>);
    if (webhook) await this.webhookUrls.check(webhook.url);

    const items: GenerateCommand[] = [];
    const problems: string[] = [];
    for (const [index, item] of (b.items as Record<string, unknown>[]).entries()) {
      const prefix = `items[${index}].`;
      const extra = Object.keys(item).filter((field) => !ITEM_FIELDS.has(field) && item[field] !== null);
      problems.push(...extra.map((field) => `${prefix}${field} is not allowed in a batch item`));
      try {
        const command = await this.generate.parse(withoutNulls(pick(item, ITEM_FIELDS)), caller);
        if (merge && command.options.encryption) problems.push(`${prefix}options.encryption cannot be used with merge: the merged file would not be encrypted`);
        items.push({ ...command, outputFormat: 'url' });
      } catch (error) {
        problems.push(...itemProblems(error, prefix));
      }
    }
    if (problems.length > 0) throw new ApiError('INVALID_REQUEST', { extra: { validationErrors: problems } });
    return { items, merge, webhook };
  }
}

/** An item's refusal as validation errors in its place; field errors already name their field, data errors are under `data`. */
function itemProblems(error: unknown, prefix: string): string[] {
  if (!(error instanceof ApiError) || !ITEM_ERRORS.has(error.code)) throw error;
  const listed = error.extra.validationErrors as string[] | undefined;
  switch (error.code) {
    case 'INVALID_REQUEST':
      return (listed ?? [error.message]).map((message) => prefix + message);
    case 'INVALID_DATA':
      return (listed ?? [error.message]).map((message) => `${prefix}data: ${message}`);
    case 'MISSING_DATA':
      return [`${prefix}data: ${error.message}`];
    default:
      return [`${prefix}templateId: ${error.message}`];
  }
}

function pick(item: Record<string, unknown>, fields: Set<string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(item).filter(([field]) => fields.has(field)));
}
