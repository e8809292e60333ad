import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { AuthenticatedWorkspace } from '../../auth/authenticated-workspace';
import { RateLimiter } from '../../auth/rate-limiter';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { ApiError } from '../../common/errors/api-error';
import { checkOptionImages, contentRoomProblem, dataLang, dataOrientation, findTemplate, PdfOptions, PdfOptionsInput, resolveOptions, TEMPLATE_IDS } from '../../engine';
import { toContractError } from '../../generation/generation-errors';
import { RenderPool } from '../../generation/pool/render-pool';
import { EnvelopeIssue, EnvelopeValidator } from '../../generation/request/envelope-issues';
import { builtInTarget, customTarget, GenerateTarget } from '../../generation/request/generate-target';
import { PLANS } from '../../workspaces/plans';
import { DefinitionChecker } from '../custom/checks/definition-checker';
import { CustomTemplateCatalog } from '../custom/custom-template-catalog';
import { requireCustomTemplates } from '../custom/custom-templates.service';
import { definitionSizeProblem, invalidDefinition } from '../custom/definition/definition-parser';
import { STANDARD_DEFAULT_OPTIONS } from '../custom/definition/default-options';
import { TEMPLATE_SAMPLES } from '../samples';
import { PREVIEW_REQUEST_SCHEMA } from './preview-request.schema';
import { isObject, withoutNulls } from '../../common/validation/body-values';

/** Drawn diagonally across every page of a preview. */
export const PREVIEW_WATERMARK = 'PREVIEW';

const ENVELOPE = new EnvelopeValidator(PREVIEW_REQUEST_SCHEMA);

/** What a preview renders: the template as generate would use it, and the data it falls back on. */
interface PreviewTarget {
  template: GenerateTarget;
  sampleData: Record<string, unknown>;
}

export interface Preview {
  templateId: string;
  pdf: Uint8Array;
}

/**
 * POST /templates/preview: renders a stored template (any built-in on every plan; a custom one,
 * at any of its versions, on Business) or a layout not stored (Business), watermarked PREVIEW.
 * Nothing is stored, counted or recorded in the history. Checked in generate's order: which
 * template, the request's fields, a layout's definition, then the data.
 */
@Injectable()
export class TemplatePreviewService {
  /** Previews are never counted: PREVIEW_RATE_PER_MINUTE per workspace keeps them from taking the workers (DECISIONS section 13). */
  private readonly rate: RateLimiter;

  constructor(
    private readonly catalog: CustomTemplateCatalog,
    private readonly pool: RenderPool,
    private readonly checker: DefinitionChecker,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.rate = new RateLimiter(config.previewRatePerMinute, undefined, 60);
  }

  async preview(workspace: AuthenticatedWorkspace, body: unknown): Promise<Preview> {
    const rate = this.rate.take(workspace.id);
    if (!rate.allowed) throw new ApiError('RATE_LIMITED', { headers: { 'Retry-After': String(rate.resetSeconds) } });
    if (body !== undefined && !isObject(body)) throw invalidRequest(['The body must be a JSON object with templateId or layout']);
    const b = withoutNulls(body ?? {});
    const target = await this.target(workspace, b);
    const { options, issues } = await checkRequest(b, target.template);
    if (issues.length > 0) throw invalidRequest(ENVELOPE.report(b, issues));
    const data = (b.data as Record<string, unknown> | undefined) ?? target.sampleData;
    const dataErrors = await target.template.validateData(data);
    if (dataErrors.length > 0) throw new ApiError('INVALID_DATA', { extra: { validationErrors: dataErrors } });
    const { id: templateId, custom } = target.template;
    const rendered = await this.pool
      .render({ templateId, data, options: options!, watermark: PREVIEW_WATERMARK, ...(custom ? { custom } : {}) }, workspace.id)
      .catch((error: unknown) => Promise.reject(toContractError(error)));
    return { templateId, pdf: rendered.pdf };
  }

  private async target(workspace: AuthenticatedWorkspace, b: Record<string, unknown>): Promise<PreviewTarget> {
    const named = b.templateId !== undefined && b.templateId !== '';
    if (named === (b.layout !== undefined)) {
      throw invalidRequest([named ? 'templateId and layout cannot be combined: preview a stored template or a layout' : 'templateId or layout is required']);
    }
    if (!named) {
      requireCustomTemplates(workspace);
      return layoutTarget(b, this.checker);
    }
    const id = typeof b.templateId === 'string' ? b.templateId : JSON.stringify(b.templateId);
    const version = typeof b.templateVersion === 'string' ? b.templateVersion : undefined;
    const builtIn = findTemplate(id);
    if (builtIn) {
      if (version !== undefined && version !== builtIn.version) throw new ApiError('TEMPLATE_VERSION_NOT_FOUND', { params: { id, version } });
      return { template: builtInTarget(builtIn), sampleData: TEMPLATE_SAMPLES[builtIn.id] };
    }
    const allowed = PLANS[workspace.plan].customTemplates;
    // Looked up on every plan: a template kept from a Business plan is refused for the plan, a typo is not found.
    const custom = typeof b.templateId === 'string' ? await this.catalog.resolve(workspace.id, id, allowed ? version : undefined) : null;
    if (custom && !allowed) requireCustomTemplates(workspace);
    if (custom) return { template: customTarget(custom), sampleData: custom.sampleData ?? {} };
    const availableTemplates = [...TEMPLATE_IDS, ...(allowed ? await this.catalog.ids(workspace.id) : [])];
    throw new ApiError('TEMPLATE_NOT_FOUND', { params: { id }, extra: { availableTemplates } });
  }
}

/**
 * A layout sent with the request, checked like a stored definition's (400 Invalid template
 * definition). Its render key is a digest of the layout, so the workers compile each layout once.
 */
async function layoutTarget(b: Record<string, unknown>, checker: DefinitionChecker): Promise<PreviewTarget> {
  const fields = ENVELOPE.issues({ layout: b.layout, schema: b.schema });
  if (fields.length > 0) throw invalidRequest(ENVELOPE.report(b, fields));
  const sizeProblem = definitionSizeProblem({ layout: b.layout, schema: b.schema });
  if (sizeProblem) throw invalidDefinition([sizeProblem]);
  const schema = b.schema as Record<string, unknown> | undefined;
  // The data is checked in the same task as the schema it is checked against: one compile.
  const data = b.data === undefined || b.data === null ? {} : b.data;
  const checked = await checker.checkDefinition({ schema, layout: b.layout, sampleData: schema === undefined ? undefined : data, sampleDataRoot: undefined });
  const problems = [...checked.schema, ...checked.layout];
  if (problems.length > 0) throw invalidDefinition(problems);
  const key = `preview-${createHash('sha256').update(JSON.stringify(b.layout)).digest('hex')}`;
  const template: GenerateTarget = {
    id: 'layout',
    version: '',
    defaultOptions: STANDARD_DEFAULT_OPTIONS,
    honoursDataOrientation: false,
    honoursDataLocale: false,
    // Asked for the data checked above: the request's, or {} when it sent none.
    validateData: () => checked.sampleData,
    custom: { key, title: 'Preview', layout: b.layout },
  };
  return { template, sampleData: {} };
}

/** The body's fields as the schema states them, then the options' rules it cannot state (as generate checks them). */
async function checkRequest(b: Record<string, unknown>, template: GenerateTarget): Promise<{ options?: PdfOptions; issues: EnvelopeIssue[] }> {
  const issues = ENVELOPE.issues(b);
  if (issues.some((issue) => issue.segments[0] === 'options')) return { issues };
  const orientation = template.honoursDataOrientation && isObject(b.data) ? dataOrientation(b.data) : undefined;
  const lang = template.honoursDataLocale && isObject(b.data) ? dataLang(b.data) : undefined;
  const options = resolveOptions((b.options ?? {}) as PdfOptionsInput, template.defaultOptions, orientation, lang);
  const problem = contentRoomProblem(options);
  const problems = problem ? [problem] : await checkOptionImages(options);
  issues.push(...problems.map((message) => ({ segments: ['options'], message, ownMessage: true })));
  return { options, issues };
}

function invalidRequest(validationErrors: string[]): ApiError {
  return new ApiError('INVALID_REQUEST', { extra: { validationErrors } });
}
