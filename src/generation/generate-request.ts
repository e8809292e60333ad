import { AuthenticatedWorkspace } from '../auth/authenticated-workspace';
import { ApiError } from '../common/errors/api-error';
import { TemplateDefinition } from '../engine/templates/built-in-templates';
import { TemplatesService } from '../templates/templates.service';
import { validateTemplateData } from '../templates/validation/data-validator';
import { checkWebhookShape, WebhookRequest } from '../webhooks/webhook-request';
import type { WebhookUrlPolicy } from '../webhooks/webhook-url-policy';
import { checkOptionImages } from '../engine/header-footer/images/check-template-images';
import { resolveOptions } from '../engine/page/resolve-options';
import { Orientation, ORIENTATIONS, PdfOptions } from '../engine/page/pdf-options';

export const OUTPUT_FORMATS = ['url', 'base64', 'buffer'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export interface GenerateCommand {
  template: TemplateDefinition;
  data: Record<string, unknown>;
  options: PdfOptions;
  outputFormat: OutputFormat;
  webhook?: WebhookRequest;
}

/**
 * Checks a generate body in the contract's order (DECISIONS section 2, steps 3 to 8); the first
 * failing step wins. `null` counts as absent for the optional fields: automation platforms send
 * it for fields left empty.
 */
export async function parseGenerateRequest(
  body: unknown,
  workspace: AuthenticatedWorkspace,
  templates: TemplatesService,
  webhookUrls: WebhookUrlPolicy,
): Promise<GenerateCommand> {
  const b = withoutNulls(isObject(body) ? body : {});
  if (b.templateId === undefined || b.templateId === '') throw new ApiError('MISSING_TEMPLATE_ID');
  if (!isObject(b.data)) throw new ApiError('MISSING_DATA');

  const templateId = typeof b.templateId === 'string' ? b.templateId : JSON.stringify(b.templateId);
  const template = templates.get(templateId, workspace.enabledTemplates);
  if (!workspace.enabledTemplates.includes(template.id)) {
    throw new ApiError('TEMPLATE_NOT_ENABLED', { params: { id: template.id } });
  }

  const requestErrors: string[] = [];
  if (b.outputFormat !== undefined && !(OUTPUT_FORMATS as readonly unknown[]).includes(b.outputFormat)) {
    requestErrors.push(`outputFormat must be one of: ${OUTPUT_FORMATS.join(', ')}`);
  }
  const { options, errors: optionErrors } = resolveOptions(
    b.options,
    template.defaultOptions,
    template.honoursDataOrientation ? dataOrientation(b.data) : undefined,
  );
  requestErrors.push(...optionErrors);
  if (options) requestErrors.push(...(await checkOptionImages(options)));
  const webhook = b.webhook === undefined ? undefined : checkWebhookShape(b.webhook, requestErrors);
  if (requestErrors.length > 0) throw new ApiError('INVALID_REQUEST', { extra: { validationErrors: requestErrors } });
  if (webhook) await webhookUrls.check(webhook.url);

  const dataErrors = validateTemplateData(template.id, b.data);
  if (dataErrors.length > 0) throw new ApiError('INVALID_DATA', { extra: { validationErrors: dataErrors } });

  if (webhook && !workspace.webhooks) throw new ApiError('WEBHOOKS_NOT_IN_PLAN');

  return { template, data: b.data, options: options!, outputFormat: (b.outputFormat as OutputFormat) ?? 'url', webhook };
}

function dataOrientation(data: Record<string, unknown>): Orientation | undefined {
  return (ORIENTATIONS as readonly unknown[]).includes(data.orientation) ? (data.orientation as Orientation) : undefined;
}

function withoutNulls(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
