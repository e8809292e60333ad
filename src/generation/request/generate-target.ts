import type { CustomRender, DefaultPdfOptions, TemplateDefinition } from '../../engine';
import type { ResolvedCustomTemplate } from '../../templates/custom/custom-template-catalog';
import { validateTemplateData } from '../../templates/validation/data-validator';

/**
 * The template a generate request names, built-in or custom, in the one shape the parser checks
 * the request against: from here on the two kinds differ only in `custom`.
 */
export interface GenerateTarget {
  id: string;
  version: string;
  defaultOptions: DefaultPdfOptions;
  /** `data.orientation` picks the orientation when `options.orientation` does not (calendar-schedule). */
  honoursDataOrientation: boolean;
  /** `data.locale` is the document's language when `options.lang` names none (invoice-basic). */
  honoursDataLocale: boolean;
  /** The messages of DECISIONS section 2 step 7; [] when the data fits (a custom template's: from a worker thread). */
  validateData(data: unknown): string[] | Promise<string[]>;
  /** A custom template's layout, drawn instead of a built-in. */
  custom?: CustomRender;
}

export function builtInTarget(template: TemplateDefinition): GenerateTarget {
  return {
    id: template.id,
    version: template.version,
    defaultOptions: template.defaultOptions,
    honoursDataOrientation: template.honoursDataOrientation === true,
    honoursDataLocale: template.honoursDataLocale === true,
    validateData: (data) => validateTemplateData(template.id, data),
  };
}

export function customTarget(template: ResolvedCustomTemplate): GenerateTarget {
  return {
    id: template.id,
    version: template.version,
    defaultOptions: template.defaultOptions,
    honoursDataOrientation: false,
    honoursDataLocale: false,
    validateData: (data) => template.validateData(data),
    custom: template.render,
  };
}
