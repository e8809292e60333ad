import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/errors/api-error';
import { BUILT_IN_TEMPLATES, TemplateDefinition, findTemplate, TEMPLATE_CATEGORIES, TEMPLATE_IDS, TemplateCategory } from '../engine';

export interface TemplateSummary {
  id: string;
  name: string;
  description: string;
  category: string;
  version: string;
}

export interface TemplateList {
  templates: TemplateSummary[];
  total: number;
  categories: string[];
}

@Injectable()
export class TemplatesService {
  list(query: { category?: unknown; id?: unknown }): TemplateList {
    const { category, id } = query;
    if (category !== undefined && !(TEMPLATE_CATEGORIES as readonly unknown[]).includes(category)) {
      throw new ApiError('INVALID_CATEGORY', { extra: { categories: TEMPLATE_CATEGORIES } });
    }
    let templates = BUILT_IN_TEMPLATES.filter((t) => category === undefined || t.category === (category as TemplateCategory));
    if (id !== undefined) {
      const template = typeof id === 'string' ? findTemplate(id) : undefined;
      if (!template) {
        throw new ApiError('TEMPLATE_NOT_FOUND', { status: 404, params: { id: String(id) }, extra: { availableTemplates: TEMPLATE_IDS } });
      }
      templates = templates.filter((t) => t.id === template.id);
    }
    return { templates: templates.map(summary), total: templates.length, categories: [...TEMPLATE_CATEGORIES] };
  }

  /** The template, or TEMPLATE_NOT_FOUND listing the ids the caller may use. */
  get(id: string, availableTemplates: readonly string[], status = 400): TemplateDefinition {
    const template = findTemplate(id);
    if (!template) throw new ApiError('TEMPLATE_NOT_FOUND', { status, params: { id }, extra: { availableTemplates } });
    return template;
  }
}

function summary(t: TemplateDefinition): TemplateSummary {
  return { id: t.id, name: t.name, description: t.description, category: t.category, version: t.version };
}
