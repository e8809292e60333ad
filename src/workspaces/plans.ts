import { TEMPLATE_IDS, TemplateId } from '../engine/templates/template.types';

export const PLAN_IDS = ['free', 'pro', 'business'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  monthlyLimit: number;
  templates: readonly TemplateId[];
  webhooks: boolean;
}

/** The one table of what each plan includes (spec "Limits", DECISIONS section 7). */
export const PLANS: Record<PlanId, Plan> = {
  free: { monthlyLimit: 100, templates: ['invoice-basic', 'weekly-report'], webhooks: false },
  pro: { monthlyLimit: 1_000, templates: TEMPLATE_IDS, webhooks: true },
  business: { monthlyLimit: 10_000, templates: TEMPLATE_IDS, webhooks: true },
};

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}
