import { Injectable } from '@nestjs/common';
import type { AuthenticatedWorkspace } from '../auth/authenticated-workspace';
import { ApiError } from '../common/errors/api-error';
import { BUILT_IN_TEMPLATES, DefaultPdfOptions, findTemplate, JsonSchema, TEMPLATE_CATEGORIES, TEMPLATE_IDS } from '../engine';
import { CustomTemplateCatalog } from './custom/custom-template-catalog';
import { CustomTemplateDetail, CustomTemplatesService } from './custom/custom-templates.service';
import type { CustomTemplateRecord } from './custom/store/custom-template.store';
import { builtInObject, customObject, TemplateObject } from './template-object';

export interface TemplateList {
  templates: TemplateObject[];
  total: number;
  categories: string[];
}

export interface TemplateSchemaView {
  templateId: string;
  templateName: string;
  schema: JsonSchema;
  defaultOptions: DefaultPdfOptions;
}

/** Reading templates, built-in or the workspace's own: a built-in id is never looked up in the store. */
@Injectable()
export class TemplatesService {
  constructor(
    private readonly custom: CustomTemplatesService,
    private readonly catalog: CustomTemplateCatalog,
  ) {}

  /**
   * The built-ins, then the workspace's own when the caller showed a key, filtered by category
   * and, with `id`, narrowed to that one template (404 when neither holds it).
   */
  async list(query: { category?: unknown; id?: unknown }, workspace?: AuthenticatedWorkspace): Promise<TemplateList> {
    const { category, id } = query;
    if (category !== undefined && !(TEMPLATE_CATEGORIES as readonly unknown[]).includes(category)) {
      throw new ApiError('INVALID_CATEGORY', { extra: { categories: TEMPLATE_CATEGORIES } });
    }
    const custom: readonly CustomTemplateRecord[] = workspace ? await this.custom.list(workspace) : [];
    let templates = [...BUILT_IN_TEMPLATES.map(builtInObject), ...custom.map(customObject)];
    if (id !== undefined) {
      templates = templates.filter((t) => t.id === id);
      if (templates.length === 0) {
        const availableTemplates = [...TEMPLATE_IDS, ...custom.map((t) => t.id)];
        throw new ApiError('TEMPLATE_NOT_FOUND', { status: 404, params: { id: String(id) }, extra: { availableTemplates } });
      }
    }
    templates = templates.filter((t) => category === undefined || t.category === category);
    return { templates, total: templates.length, categories: [...TEMPLATE_CATEGORIES] };
  }

  /** One template; a custom one with its newest definition and its versions. 404 when the workspace has neither. */
  async detail(workspace: AuthenticatedWorkspace, id: string): Promise<TemplateObject | CustomTemplateDetail> {
    const builtIn = findTemplate(id);
    if (builtIn) return builtInObject(builtIn);
    const custom = await this.custom.detail(workspace, id);
    if (!custom) throw await this.custom.notFound(workspace, id);
    return custom;
  }

  /** The JSON Schema of a template's data and its default options (the newest version of a custom one). */
  async schema(workspace: AuthenticatedWorkspace, id: string): Promise<TemplateSchemaView> {
    const template = findTemplate(id) ?? (await this.catalog.resolve(workspace.id, id));
    if (!template) throw await this.custom.notFound(workspace, id);
    return { templateId: template.id, templateName: template.name, schema: template.schema, defaultOptions: template.defaultOptions };
  }
}
