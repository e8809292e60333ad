import { Injectable } from '@nestjs/common';
import { ApiError } from '../../common/errors/api-error';
import type { CustomRender, DefaultPdfOptions, JsonSchema } from '../../engine';
import { BoundedCache } from './bounded-cache';
import { DefinitionChecker } from './checks/definition-checker';
import { customDefaultOptions } from './definition/default-options';
import { CustomTemplateStore, CustomTemplateVersion } from './store/custom-template.store';

/** One version of a custom template, ready to check data against and to render. */
export interface ResolvedCustomTemplate {
  id: string;
  name: string;
  version: string;
  uid: string;
  schema: JsonSchema;
  /** Messages exactly like built-in data validation (DECISIONS section 2 step 7), [] when valid: checked on a worker thread. */
  validateData(data: unknown): Promise<string[]>;
  /** The definition's, over Letter / portrait / 0.75in. */
  defaultOptions: DefaultPdfOptions;
  sampleData?: Record<string, unknown>;
  /** RenderRequest.custom: keyed by the version's uid, so each worker compiles the layout once. */
  render: CustomRender;
}

/** Compiled versions kept per process; a version is a few KB to 512 KiB of definition. */
const CACHED_VERSIONS = 256;

/**
 * Finds a workspace's custom template for generate and preview. Which version is meant is asked
 * of the store on every call (one indexed query, so a template changed through another replica is
 * seen at once); what a version compiles to never changes, so that is cached per version uid.
 */
@Injectable()
export class CustomTemplateCatalog {
  private readonly compiled = new BoundedCache<string, ResolvedCustomTemplate>(CACHED_VERSIONS);

  constructor(
    private readonly store: CustomTemplateStore,
    private readonly checker: DefinitionChecker,
  ) {}

  /**
   * The newest version, or `version`; null when the workspace has no template `id`. An unknown
   * version of a known template: 400 TEMPLATE_VERSION_NOT_FOUND.
   */
  async resolve(workspaceId: string, id: string, version?: string): Promise<ResolvedCustomTemplate | null> {
    const found = await this.store.findVersion(workspaceId, id, version);
    if (!found) {
      if (version === undefined || !(await this.store.find(workspaceId, id))) return null;
      throw new ApiError('TEMPLATE_VERSION_NOT_FOUND', { params: { id, version } });
    }
    const cached = this.compiled.get(found.uid);
    if (cached) return cached;
    const stored = await this.store.versionByUid(found.uid);
    // Deleted between the two queries: as if it had never been there.
    if (!stored) return null;
    const resolved = resolvedVersion(stored, this.checker);
    this.compiled.set(found.uid, resolved);
    return resolved;
  }

  /** The workspace's custom template ids (for availableTemplates). */
  async ids(workspaceId: string): Promise<string[]> {
    return (await this.store.list(workspaceId)).map((template) => template.id);
  }
}

/** A stored version, its schema compiled on the checker's worker at the first data it checks. */
function resolvedVersion(stored: CustomTemplateVersion, checker: DefinitionChecker): ResolvedCustomTemplate {
  const { schema, layout, defaultOptions, sampleData } = stored.definition;
  const validate = checker.validator(schema);
  return {
    id: stored.templateId,
    name: stored.name,
    version: stored.version,
    uid: stored.uid,
    schema: schema as JsonSchema,
    validateData: (data) => validate(data),
    defaultOptions: customDefaultOptions(defaultOptions),
    sampleData,
    render: { key: stored.uid, title: stored.name, layout },
  };
}
