import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { AuditOrigin } from '../../audit/audit-entry';
import { AuditLog } from '../../audit/audit-log.service';
import type { AuthenticatedWorkspace } from '../../auth/authenticated-workspace';
import { ApiError } from '../../common/errors/api-error';
import { findTemplate } from '../../engine';
import { PLANS } from '../../workspaces/plans';
import { customObject, TemplateObject } from '../template-object';
import { DefinitionChecker } from './checks/definition-checker';
import { invalidDefinition, parseDefinition } from './definition/definition-parser';
import { customDefaultOptions } from './definition/default-options';
import { CustomTemplateRecord, CustomTemplateStore, EditorSource, TemplateIdTaken, TemplateLimitReached, TemplateVersionTaken } from './store/custom-template.store';
import { nextMinor } from './template-version';

/** Tries at a fresh generated id, or at the next version after a concurrent change took ours. */
const ATTEMPTS = 3;

/** GET /templates/{id} of a custom template: its object, newest definition and every version. */
export interface CustomTemplateDetail extends TemplateObject {
  definition: { schema: Record<string, unknown>; layout: unknown; defaultOptions: Record<string, unknown>; sampleData: Record<string, unknown> | null };
  versions: Array<{ version: string; createdAt: string }>;
}

/**
 * Creates, changes, reads and deletes a workspace's own templates, in the order of checks of
 * DECISIONS section 9: the plan, a built-in id, the body, then conflicts and the limit.
 */
@Injectable()
export class CustomTemplatesService {
  constructor(
    private readonly store: CustomTemplateStore,
    private readonly checker: DefinitionChecker,
    private readonly audit: AuditLog,
  ) {}

  /** `source`: the dashboard editor's texts, kept beside the definition as the author wrote them. */
  async create(workspace: AuthenticatedWorkspace, body: unknown, by: AuditOrigin, source?: EditorSource): Promise<TemplateObject> {
    requireCustomTemplates(workspace);
    const parsed = await parseDefinition(body, this.checker);
    if (source) parsed.fields.source = source;
    if (parsed.id !== undefined && (findTemplate(parsed.id) || (await this.store.find(workspace.id, parsed.id)))) throw alreadyExists(parsed.id);
    const limit = PLANS[workspace.plan].customTemplateLimit;
    for (let attempt = 1; ; attempt++) {
      const id = parsed.id ?? generatedId(parsed.fields.name, attempt > 1);
      try {
        // Counted in the insert's transaction: exact under concurrency (DECISIONS section 13).
        const entry = this.audit.insert({ ...by, action: 'template.created', workspaceId: workspace.id, target: { type: 'template', id } });
        return customObject(await this.store.create(workspace.id, id, parsed.fields, limit, entry));
      } catch (error) {
        if (error instanceof TemplateLimitReached) throw new ApiError('CUSTOM_TEMPLATE_LIMIT_REACHED', { extra: { limit } });
        // A chosen id taken meanwhile is a conflict; a generated one is drawn again, with a suffix.
        if (!(error instanceof TemplateIdTaken)) throw error;
        if (parsed.id !== undefined || attempt === ATTEMPTS) throw alreadyExists(id);
      }
    }
  }

  /** A new version: the body's `version`, else the next minor version. */
  async update(workspace: AuthenticatedWorkspace, id: string, body: unknown, by: AuditOrigin, source?: EditorSource): Promise<TemplateObject> {
    requireCustomTemplates(workspace);
    refuseBuiltIn(id);
    for (let attempt = 1; ; attempt++) {
      const current = await this.found(workspace, id);
      const parsed = await parseDefinition(body, this.checker, { id, currentVersion: current.version });
      if (source) parsed.fields.source = source;
      try {
        const entry = this.audit.insert({ ...by, action: 'template.updated', workspaceId: workspace.id, target: { type: 'template', id } });
        const updated = await this.store.addVersion(workspace.id, id, parsed.version ?? nextMinor(current.version), parsed.fields, entry);
        if (!updated) throw await this.notFound(workspace, id);
        return customObject(updated);
      } catch (error) {
        if (!(error instanceof TemplateVersionTaken)) throw error;
        // Another change made this version first: the next attempt reads the new current version.
        if (attempt === ATTEMPTS) throw invalidDefinition([`version must be higher than the current version (changed meanwhile)`]);
      }
    }
  }

  async remove(workspace: AuthenticatedWorkspace, id: string, by: AuditOrigin): Promise<void> {
    requireCustomTemplates(workspace);
    refuseBuiltIn(id);
    const entry = this.audit.insert({ ...by, action: 'template.deleted', workspaceId: workspace.id, target: { type: 'template', id } });
    if (!(await this.store.delete(workspace.id, id, entry))) throw await this.notFound(workspace, id);
  }

  /** The template with its newest definition and its versions, oldest first; null when the workspace has no such template. */
  async detail(workspace: AuthenticatedWorkspace, id: string): Promise<CustomTemplateDetail | null> {
    const record = await this.store.find(workspace.id, id);
    const newest = record && (await this.store.findVersion(workspace.id, id));
    const stored = newest && (await this.store.versionByUid(newest.uid));
    if (!record || !stored) return null;
    const versions = await this.store.versions(workspace.id, id);
    const { schema, layout, defaultOptions, sampleData } = stored.definition;
    return {
      ...customObject(record),
      definition: { schema, layout, defaultOptions: { ...customDefaultOptions(defaultOptions) }, sampleData: sampleData ?? null },
      versions: versions.map((v) => ({ version: v.version, createdAt: v.createdAt.toISOString() })),
    };
  }

  list(workspace: AuthenticatedWorkspace): Promise<CustomTemplateRecord[]> {
    return this.store.list(workspace.id);
  }

  /** 404 Template '<id>' not found, listing the ids the workspace may use. */
  async notFound(workspace: AuthenticatedWorkspace, id: string): Promise<ApiError> {
    const custom = (await this.store.list(workspace.id)).map((template) => template.id);
    return new ApiError('TEMPLATE_NOT_FOUND', { status: 404, params: { id }, extra: { availableTemplates: [...workspace.enabledTemplates, ...custom] } });
  }

  private async found(workspace: AuthenticatedWorkspace, id: string): Promise<CustomTemplateRecord> {
    const record = await this.store.find(workspace.id, id);
    if (!record) throw await this.notFound(workspace, id);
    return record;
  }
}

/** DECISIONS section 9: writing or previewing a definition needs the Business plan. */
export function requireCustomTemplates(workspace: Pick<AuthenticatedWorkspace, 'plan'>): void {
  if (!PLANS[workspace.plan].customTemplates) throw new ApiError('CUSTOM_TEMPLATES_NOT_IN_PLAN');
}

function refuseBuiltIn(id: string): void {
  if (findTemplate(id)) throw new ApiError('BUILT_IN_TEMPLATE_READ_ONLY');
}

function alreadyExists(id: string): ApiError {
  return new ApiError('TEMPLATE_ALREADY_EXISTS', { params: { id } });
}

/**
 * An id from the name: `Packing slip` -> `packing-slip`, the id the author would choose. `suffixed`
 * (that id was taken) or a built-in's id adds a random suffix, `packing-slip-3f9a2c`.
 */
export function generatedId(name: string, suffixed = false): string {
  const slug =
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 50)
      .replace(/-+$/, '') || 'template';
  return suffixed || findTemplate(slug) ? `${slug}-${randomBytes(3).toString('hex')}` : slug;
}
