import { TEMPLATE_IDS, TemplateId } from '../engine/templates/template.types';

export const PLAN_IDS = ['free', 'pro', 'business'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  monthlyLimit: number;
  templates: readonly TemplateId[];
  webhooks: boolean;
  /** Whether the workspace may send batches (DECISIONS section 15). */
  batches: boolean;
  /** Whether the workspace may define, change and preview its own templates (DECISIONS section 9). */
  customTemplates: boolean;
  /** How many custom templates a workspace may hold at once. */
  customTemplateLimit: number;
}

/** The one table of what each plan includes (spec "Limits", DECISIONS section 7). */
export const PLANS: Record<PlanId, Plan> = {
  free: { monthlyLimit: 100, templates: ['invoice-basic', 'weekly-report'], webhooks: false, batches: false, customTemplates: false, customTemplateLimit: 0 },
  pro: { monthlyLimit: 1_000, templates: TEMPLATE_IDS, webhooks: true, batches: true, customTemplates: false, customTemplateLimit: 0 },
  business: { monthlyLimit: 10_000, templates: TEMPLATE_IDS, webhooks: true, batches: true, customTemplates: true, customTemplateLimit: 100 },
};

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}
