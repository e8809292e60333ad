import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/errors/api-error';
import { BUILT_IN_TEMPLATES, TemplateDefinition, findTemplate, TEMPLATE_CATEGORIES, TEMPLATE_IDS } from '../engine';
import type { CustomTemplateRecord } from './custom/store/custom-template.store';
import { builtInObject, customObject, TemplateObject } from './template-object';

export interface TemplateList {
  templates: TemplateObject[];
  total: number;
  categories: string[];
}

@Injectable()
export class TemplatesService {
  /**
   * The built-ins, then `custom` (the caller's own templates when it showed a key), filtered by
   * category and, with `id`, narrowed to that one template (404 when neither holds it).
   */
  list(query: { category?: unknown; id?: unknown }, custom: readonly CustomTemplateRecord[] = []): TemplateList {
    const { category, id } = query;
    if (category !== undefined && !(TEMPLATE_CATEGORIES as readonly unknown[]).includes(category)) {
      throw new ApiError('INVALID_CATEGORY', { extra: { categories: TEMPLATE_CATEGORIES } });
    }
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

  /** The template, or TEMPLATE_NOT_FOUND listing the ids the caller may use. */
  get(id: string, availableTemplates: readonly string[], status = 400): TemplateDefinition {
    const template = findTemplate(id);
    if (!template) throw new ApiError('TEMPLATE_NOT_FOUND', { status, params: { id }, extra: { availableTemplates } });
    return template;
  }
}
