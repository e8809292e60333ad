import { Injectable } from '@nestjs/common';
import { checkOptionImages, contentRoomProblem, dataLang, dataOrientation, eInvoiceProblems, findTemplate, InvoiceBasicData, PdfOptions, PdfOptionsInput, resolveOptions } from '../../engine';
import { ApiError } from '../../common/errors/api-error';
import { SigningCertificates } from '../../signatures/signing-certificates.service';
import { CustomTemplateCatalog } from '../../templates/custom/custom-template-catalog';
import { WebhookUrlPolicy } from '../../webhooks/webhook-url-policy';
import type { GenerateCommand } from '../generate-command';
import { EnvelopeIssue, reportIssues, schemaIssues } from './envelope-issues';
import { documentOptionIssues } from './document-option-rules';
import { builtInTarget, customTarget, GenerateTarget } from './generate-target';
import { MAX_TEMPLATE_VERSION_LENGTH, OutputFormat } from './generate-request.schema';
import { reservedHeaderIssues, toWebhook } from './webhook-fields';
import { isObject, withoutNulls } from '../../common/validation/body-values';

/** What the parser needs to know of the caller: whose custom templates it may use, the built-ins it may use, and whether its plan has webhooks. */
export interface GenerateCaller {
  workspaceId: string;
  enabledTemplates: readonly string[];
  webhooks: boolean;
}

/**
 * Turns a generate body into a GenerateCommand, checking it in the contract's order (DECISIONS
 * section 2, steps 3 to 8): the first failing step wins. The API, webhook jobs (through the API)
 * and the CLI all parse with it. `null` counts as absent for the optional fields: automation
 * platforms send it for fields left empty.
 */
@Injectable()
export class GenerateRequestParser {
  constructor(
    private readonly customTemplates: CustomTemplateCatalog,
    private readonly webhookUrls: WebhookUrlPolicy,
    private readonly certificates: SigningCertificates,
  ) {}

  async parse(body: unknown, caller: GenerateCaller): Promise<GenerateCommand> {
    const b = withoutNulls(isObject(body) ? body : {});
    if (b.templateId === undefined || b.templateId === '') throw new ApiError('MISSING_TEMPLATE_ID');
    if (!isObject(b.data)) throw new ApiError('MISSING_DATA');
    if (isObject(b.webhook)) b.webhook = withoutNulls(b.webhook);

    const template = await this.findTemplate(b, caller);

    const { options, issues } = await checkEnvelope(b, template);
    if (issues.length > 0) throw new ApiError('INVALID_REQUEST', { extra: { validationErrors: reportIssues(b, issues) } });
    const webhook = b.webhook === undefined ? undefined : toWebhook(b.webhook as Record<string, unknown>);
    if (webhook) await this.webhookUrls.check(webhook.url);
    // Section 15: a signature needs the workspace's certificate, in force (a job checks again when it renders).
    if (options!.signature) await this.certificates.check(caller.workspaceId);

    const dataErrors = await template.validateData(b.data);
    if (dataErrors.length > 0) throw new ApiError('INVALID_DATA', { extra: { validationErrors: dataErrors } });
    // Section 14: what EN 16931 needs of data that passed the template's schema.
    const eInvoiceErrors = options!.eInvoice ? eInvoiceProblems(b.data as InvoiceBasicData, options!.eInvoice) : [];
    if (eInvoiceErrors.length > 0) throw new ApiError('INVALID_DATA', { extra: { validationErrors: eInvoiceErrors } });

    if (webhook && !caller.webhooks) throw new ApiError('WEBHOOKS_NOT_IN_PLAN');
    return {
      templateId: template.id,
      templateVersion: template.version,
      ...(template.custom ? { custom: template.custom } : {}),
      data: b.data,
      options: options!,
      outputFormat: (b.outputFormat as OutputFormat) ?? 'url',
      webhook,
    };
  }

  /**
   * Steps 4 and 5: a built-in (enabled by the plan) or, failing that, one of the workspace's own
   * templates (always enabled), at the version asked for. A templateVersion that is not a
   * sensible string is left to the envelope check of step 6, and the newest version looked up meanwhile.
   */
  private async findTemplate(b: Record<string, unknown>, caller: GenerateCaller): Promise<GenerateTarget> {
    const id = typeof b.templateId === 'string' ? b.templateId : JSON.stringify(b.templateId);
    const version = typeof b.templateVersion === 'string' && b.templateVersion.length <= MAX_TEMPLATE_VERSION_LENGTH ? b.templateVersion : undefined;
    const builtIn = findTemplate(id);
    if (builtIn) {
      if (version !== undefined && version !== builtIn.version) throw new ApiError('TEMPLATE_VERSION_NOT_FOUND', { params: { id, version } });
      if (!caller.enabledTemplates.includes(builtIn.id)) throw new ApiError('TEMPLATE_NOT_ENABLED', { params: { id } });
      return builtInTarget(builtIn);
    }
    const custom = typeof b.templateId === 'string' ? await this.customTemplates.resolve(caller.workspaceId, id, version) : null;
    if (custom) return customTarget(custom);
    const availableTemplates = [...caller.enabledTemplates, ...(await this.customTemplates.ids(caller.workspaceId))];
    throw new ApiError('TEMPLATE_NOT_FOUND', { params: { id }, extra: { availableTemplates } });
  }
}

/** The schema's issues, then the rules it cannot state, each once the part it depends on is sound. */
async function checkEnvelope(b: Record<string, unknown>, template: GenerateTarget): Promise<{ options?: PdfOptions; issues: EnvelopeIssue[] }> {
  const issues = schemaIssues(b);
  const failed = (field: string) => issues.some((issue) => issue.segments[0] === field);
  let options: PdfOptions | undefined;
  if (!failed('options')) {
    const data = b.data as Record<string, unknown>;
    const orientation = template.honoursDataOrientation ? dataOrientation(data) : undefined;
    options = resolveOptions((b.options ?? {}) as PdfOptionsInput, template.defaultOptions, orientation, template.honoursDataLocale ? dataLang(data) : undefined);
    const problem = contentRoomProblem(options);
    const problems = problem ? [problem] : await checkOptionImages(options);
    issues.push(...problems.map((message) => ({ segments: ['options'], message, ownMessage: true })));
    issues.push(...documentOptionIssues(options, template.id, template.custom !== undefined));
  }
  if (isObject(b.webhook) && isObject(b.webhook.headers)) issues.push(...reservedHeaderIssues(b.webhook.headers));
  return { options, issues };
}
