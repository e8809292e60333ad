import { TEMPLATE_SAMPLES } from '../../src/templates/samples';
import type { TemplateId } from '../../src/engine/templates/template.types';

/** A private copy of a template's sample data, safe to change in a test. */
export function sample(id: TemplateId): Record<string, any> {
  return structuredClone(TEMPLATE_SAMPLES[id]) as Record<string, any>;
}
