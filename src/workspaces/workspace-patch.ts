import { invalidRequest } from '../common/validation/invalid-request';
import type { TemplateId } from '../engine/templates/template.types';
import type { UpdateWorkspaceDto } from './dto/update-workspace.dto';
import { PlanId, PLANS } from './plans';
import type { WorkspaceEntity } from './workspace.entity';

/**
 * Applies a validated patch to a stored workspace, or throws `invalidRequest` and leaves it as it is.
 * Here is the one check the DTO cannot make, as it needs the stored plan when the patch has none:
 * the enabled templates must be templates of the plan.
 */
export function applyWorkspacePatch(workspace: WorkspaceEntity, patch: UpdateWorkspaceDto): void {
  const plan = patch.plan ?? workspace.plan;
  if (patch.enabledTemplates !== undefined) {
    const refusal = templatesOutsidePlan(patch.enabledTemplates, plan);
    if (refusal) throw invalidRequest([refusal]);
    workspace.enabledTemplates = [...new Set(patch.enabledTemplates)];
  } else if (patch.plan !== undefined && workspace.enabledTemplates) {
    // A plan change keeps only the enabled templates the new plan includes.
    workspace.enabledTemplates = workspace.enabledTemplates.filter((id) => PLANS[plan].templates.includes(id));
  }
  if (patch.name !== undefined) workspace.name = patch.name.trim();
  if (patch.plan !== undefined) workspace.plan = patch.plan;
  if (patch.monthlyLimit !== undefined) workspace.monthlyLimit = patch.monthlyLimit;
  if (patch.suspended !== undefined) workspace.suspended = patch.suspended;
}

function templatesOutsidePlan(templates: TemplateId[], plan: PlanId): string | null {
  const allowed = PLANS[plan].templates;
  const outside = templates.filter((id) => !allowed.includes(id));
  if (outside.length === 0) return null;
  return `enabledTemplates may only name templates of the ${plan} plan: ${allowed.join(', ')} (not ${outside.join(', ')})`;
}
