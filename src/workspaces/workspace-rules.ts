import type { TemplateId } from '../engine/templates/template.types';
import { PLANS } from './plans';
import type { WorkspaceEntity } from './workspace.entity';

export function effectiveMonthlyLimit(workspace: Pick<WorkspaceEntity, 'plan' | 'monthlyLimit'>): number {
  return workspace.monthlyLimit ?? PLANS[workspace.plan].monthlyLimit;
}

/** The templates a workspace may use: its own choice narrowed to what its plan includes. */
export function effectiveTemplates(workspace: Pick<WorkspaceEntity, 'plan' | 'enabledTemplates'>): TemplateId[] {
  const planTemplates = PLANS[workspace.plan].templates;
  if (!workspace.enabledTemplates) return [...planTemplates];
  return planTemplates.filter((id) => workspace.enabledTemplates!.includes(id));
}
