import { isDeepStrictEqual } from 'node:util';
import { Injectable } from '@nestjs/common';
import type { AuditOrigin } from '../../audit/audit-entry';
import type { AuthenticatedWorkspace } from '../../auth/authenticated-workspace';
import { ApiError } from '../../common/errors/api-error';
import { BUILT_IN_TEMPLATES, TEMPLATE_CATEGORIES, TemplateId } from '../../engine';
import { DefinitionChecker } from '../../templates/custom/checks/definition-checker';
import { CustomTemplatesService, requireCustomTemplates } from '../../templates/custom/custom-templates.service';
import { invalidDefinition, parseDefinition } from '../../templates/custom/definition/definition-parser';
import { EXAMPLE_TEMPLATE_BODY } from '../../templates/custom/definition/example-definition';
import { DEFINITION_FIELDS } from '../../templates/custom/definition/template-definition.schema';
import { CustomTemplateDefinition, CustomTemplateStore } from '../../templates/custom/store/custom-template.store';
import { Preview, TemplatePreviewService } from '../../templates/preview/template-preview.service';
import { isPlanId, PLANS } from '../../workspaces/plans';
import type { WorkspaceView } from '../../workspaces/workspaces.service';
import { effectiveMonthlyLimit } from '../../workspaces/workspace-rules';
import { DEFINITION_EDITOR_FIELDS } from './definition-editor-schema';
import { jsonSyntaxProblem } from './json-syntax';
import { starters } from './starters';

export interface BuiltInCard {
  id: string;
  name: string;
  category: string;
  description: string;
  version: string;
  enabled: boolean;
}

export interface CustomRow {
  id: string;
  name: string;
  category: string;
  version: string;
  updatedAt: string;
}

export interface Gallery {
  builtIns: BuiltInCard[];
  customAllowed: boolean;
  custom: CustomRow[];
  customLimit: number;
}

/** What the editor form holds: the names, and the two JSON documents as text. */
export interface EditorFields {
  id: string;
  name: string;
  description: string;
  category: string;
  definition: string;
  sampleData: string;
}

export interface EditorModel {
  /** null: a new template. */
  template: { id: string; name: string; version: string; createdAt: string; updatedAt: string } | null;
  /** The version shown read-only (`?version=`), if any. */
  viewing: string | null;
  /** The version loaded into the editor (`?from=`), if not the newest. */
  loadedFrom: string | null;
  fields: EditorFields;
  versions: Array<{ version: string; createdAt: string; newest: boolean }>;
}

/**
 * The templates pages' work, through the API's own services (same checks, same messages): the
 * gallery, the editor's content, a preview, saving (create or new version) and deleting.
 */
@Injectable()
export class DashboardTemplatesService {
  constructor(
    private readonly custom: CustomTemplatesService,
    private readonly store: CustomTemplateStore,
    private readonly previews: TemplatePreviewService,
    private readonly checker: DefinitionChecker,
  ) {}

  async gallery(view: WorkspaceView): Promise<Gallery> {
    const workspace = apiWorkspace(view);
    const plan = PLANS[workspace.plan];
    const builtIns = BUILT_IN_TEMPLATES.map(({ id, name, category, description, version }) => ({
      id,
      name,
      category,
      description,
      version,
      enabled: workspace.enabledTemplates.includes(id),
    }));
    const records = plan.customTemplates ? await this.custom.list(workspace) : [];
    const custom = records.map(({ id, name, category, version, updatedAt }) => ({ id, name, category, version, updatedAt: updatedAt.toISOString() }));
    return { builtIns, customAllowed: plan.customTemplates, custom, customLimit: plan.customTemplateLimit };
  }

  /**
   * A new template's starting point: a starter of examples/custom (`starterKey`, its names filled
   * in), else the published example definition. 404 for a starter that does not exist.
   */
  blank(starterKey?: string): EditorModel {
    const starter = starterKey === undefined ? undefined : starters().find((s) => s.key === starterKey);
    if (starterKey !== undefined && !starter) throw new ApiError('NOT_FOUND');
    const { schema, layout, defaultOptions, sampleData } = EXAMPLE_TEMPLATE_BODY;
    const fields = starter
      ? { id: '', name: starter.name, description: starter.description, category: starter.category, definition: pretty(starter.definition), sampleData: pretty(starter.sampleData) }
      : { id: '', name: '', description: '', category: 'custom', definition: pretty({ schema, layout, defaultOptions }), sampleData: pretty(sampleData) };
    return { template: null, viewing: null, loadedFrom: null, fields, versions: [] };
  }

  /**
   * A custom template in the editor: its newest version, or `version` (read-only) or `from` (a
   * version loaded into the editor to save as the next one). 404 when the workspace has no such template or version.
   */
  async editor(view: WorkspaceView, id: string, query: { version?: string; from?: string } = {}): Promise<EditorModel> {
    const workspace = apiWorkspace(view);
    const record = await this.store.find(workspace.id, id);
    if (!record) throw await this.custom.notFound(workspace, id);
    const wanted = query.version ?? query.from;
    const found = await this.store.findVersion(workspace.id, id, wanted);
    const stored = found && (await this.store.versionByUid(found.uid));
    if (!stored) {
      if (wanted !== undefined) throw new ApiError('TEMPLATE_VERSION_NOT_FOUND', { status: 404, params: { id, version: wanted } });
      throw await this.custom.notFound(workspace, id);
    }
    const versions = await this.store.versions(workspace.id, id);
    return {
      template: { id, name: record.name, version: record.version, createdAt: record.createdAt.toISOString(), updatedAt: record.updatedAt.toISOString() },
      viewing: query.version !== undefined ? stored.version : null,
      loadedFrom: query.version === undefined && query.from !== undefined && stored.version !== record.version ? stored.version : null,
      fields: {
        id,
        name: stored.name,
        description: stored.description,
        category: stored.category,
        ...(stored.source ?? definitionTexts(stored.definition)),
      },
      versions: versions.map((v) => ({ version: v.version, createdAt: v.createdAt.toISOString(), newest: v.version === record.version })),
    };
  }

  /**
   * POST /dashboard/templates/preview: `{ templateId, templateVersion? }` (a stored template, as
   * the API previews it) or the editor's definition `{ schema, layout, defaultOptions?, sampleData? }`,
   * checked first exactly as saving would check it (so the editor shows save's messages at their
   * paths), then rendered by the API's preview with the sample data and default options.
   */
  async preview(view: WorkspaceView, body: unknown): Promise<Preview> {
    const workspace = apiWorkspace(view);
    if (workspace.suspended) throw new ApiError('WORKSPACE_SUSPENDED');
    if (isObject(body) && body.templateId !== undefined) {
      return this.previews.preview(workspace, { templateId: body.templateId, templateVersion: body.templateVersion });
    }
    requireCustomTemplates(workspace);
    if (!isObject(body)) throw invalidDefinition(['The definition must be a JSON object with schema and layout']);
    const { schema, layout, defaultOptions, sampleData } = body;
    // The name is the form's, not the definition's: any stands in for it here.
    await parseDefinition({ schema, layout, defaultOptions, sampleData, name: 'Preview' }, this.checker);
    return this.previews.preview(workspace, { layout, schema, data: sampleData, options: defaultOptions });
  }

  /**
   * The editor form saved: a new template (no `id` in the path) or a new version of `id`. A form
   * that holds exactly the newest version makes none (`unchanged`): a version is a change.
   */
  async save(view: WorkspaceView, id: string | null, fields: EditorFields, by: AuditOrigin): Promise<{ id: string; version: string; unchanged: boolean }> {
    const workspace = apiWorkspace(view);
    if (workspace.suspended) throw new ApiError('WORKSPACE_SUSPENDED');
    requireCustomTemplates(workspace);
    const body: Record<string, unknown> = {
      ...definitionOf(fields),
      name: fields.name,
      category: fields.category === '' ? undefined : fields.category,
      description: fields.description === '' ? undefined : fields.description,
    };
    // The texts as written: the editor shows them back so, not reformatted.
    const source = { definition: fields.definition, sampleData: fields.sampleData };
    if (id === null) return { ...(await this.custom.create(workspace, { ...body, id: fields.id.trim() === '' ? undefined : fields.id.trim() }, by, source)), unchanged: false };
    const newest = await this.newestIfSame(workspace.id, id, body);
    if (newest) return { id, version: newest, unchanged: true };
    return { ...(await this.custom.update(workspace, id, body, by, source)), unchanged: false };
  }

  /** The newest version's number when `body` would save it again as it is; null otherwise. */
  private async newestIfSame(workspaceId: string, id: string, body: Record<string, unknown>): Promise<string | null> {
    const found = await this.store.findVersion(workspaceId, id);
    const stored = found && (await this.store.versionByUid(found.uid));
    if (!stored || body.version !== undefined) return null;
    const definition = Object.fromEntries(DEFINITION_FIELDS.filter((field) => body[field] !== undefined).map((field) => [field, body[field]]));
    const same =
      stored.name === body.name &&
      stored.description === (body.description ?? '') &&
      stored.category === (body.category ?? 'custom') &&
      isDeepStrictEqual(stored.definition, definition);
    return same ? stored.version : null;
  }

  async remove(view: WorkspaceView, id: string, by: AuditOrigin): Promise<void> {
    const workspace = apiWorkspace(view);
    if (workspace.suspended) throw new ApiError('WORKSPACE_SUSPENDED');
    await this.custom.remove(workspace, id, by);
  }
}

export const CATEGORIES: readonly string[] = TEMPLATE_CATEGORIES;

/**
 * The dashboard acts for the workspace as its own API key would (the same plan rules and
 * templates); no key is involved, so none is named.
 */
export function apiWorkspace(view: WorkspaceView): AuthenticatedWorkspace {
  const plan = isPlanId(view.plan) ? view.plan : 'free';
  return {
    id: view.id,
    name: view.name,
    plan,
    keyId: 'dashboard',
    keyMode: 'live',
    monthlyLimit: effectiveMonthlyLimit({ plan, monthlyLimit: view.monthlyLimit }),
    testLimit: PLANS[plan].monthlyLimit,
    suspended: view.suspended,
    enabledTemplates: view.enabledTemplates as TemplateId[],
    webhooks: PLANS[plan].webhooks,
  };
}

/** The two editor documents of a stored definition. */
function definitionTexts(definition: CustomTemplateDefinition): Pick<EditorFields, 'definition' | 'sampleData'> {
  const shown = Object.fromEntries(DEFINITION_EDITOR_FIELDS.filter((field) => definition[field] !== undefined).map((field) => [field, definition[field]]));
  return { definition: pretty(shown), sampleData: definition.sampleData === undefined ? '' : pretty(definition.sampleData) };
}

/** The form's two JSON texts as body fields; a text that is not JSON is a definition problem named after its field. */
function definitionOf(fields: EditorFields): Record<string, unknown> {
  const problems: string[] = [];
  const definition = parseJson('definition', fields.definition, problems);
  const sampleData = fields.sampleData.trim() === '' ? undefined : parseJson('sampleData', fields.sampleData, problems);
  if (problems.length === 0 && !isObject(definition)) problems.push('definition must be a JSON object with schema and layout');
  if (problems.length > 0) throw invalidDefinition(problems);
  return { ...(definition as Record<string, unknown>), sampleData };
}

function parseJson(field: string, text: string, problems: string[]): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    problems.push(jsonSyntaxProblem(field, text, error));
    return undefined;
  }
}

function pretty(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
