import { ApiError } from '../common/errors/api-error';
import type { UpdateWorkspaceDto } from './dto/update-workspace.dto';
import type { PlanId } from './plans';
import type { WorkspaceEntity } from './workspace.entity';
import { applyWorkspacePatch } from './workspace-patch';

function stored(plan: PlanId, enabledTemplates: WorkspaceEntity['enabledTemplates'] = null): WorkspaceEntity {
  return { id: 'w1', name: 'Acme', plan, monthlyLimit: null, suspended: false, enabledTemplates, webhookSecret: 'whsec_x', createdAt: new Date(0) };
}

function refusal(workspace: WorkspaceEntity, patch: UpdateWorkspaceDto): string[] {
  try {
    applyWorkspacePatch(workspace, patch);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'INVALID_REQUEST') return error.extra.validationErrors as string[];
    throw error;
  }
  throw new Error('the patch was applied');
}

describe('applyWorkspacePatch', () => {
  it('trims the name and sets only the fields the patch has', () => {
    const workspace = stored('pro');
    applyWorkspacePatch(workspace, { name: '  Acme Corp \n', suspended: true });
    expect(workspace).toMatchObject({ name: 'Acme Corp', plan: 'pro', monthlyLimit: null, suspended: true, enabledTemplates: null });
    applyWorkspacePatch(workspace, { monthlyLimit: 5000 });
    applyWorkspacePatch(workspace, {});
    expect(workspace).toMatchObject({ name: 'Acme Corp', monthlyLimit: 5000, suspended: true });
  });

  it('stores enabled templates once each', () => {
    const workspace = stored('pro');
    applyWorkspacePatch(workspace, { enabledTemplates: ['kpi-dashboard', 'invoice-basic', 'kpi-dashboard'] });
    expect(workspace.enabledTemplates).toEqual(['kpi-dashboard', 'invoice-basic']);
  });

  it('refuses templates outside the stored plan, leaving the workspace as it was', () => {
    const workspace = stored('free');
    expect(refusal(workspace, { name: 'Renamed', enabledTemplates: ['invoice-basic', 'kpi-dashboard'] })).toEqual([
      'enabledTemplates may only name templates of the free plan: invoice-basic, weekly-report (not kpi-dashboard)',
    ]);
    expect(workspace).toEqual(stored('free'));
  });

  it("checks the templates against the patch's plan when it changes the plan", () => {
    expect(refusal(stored('pro'), { plan: 'free', enabledTemplates: ['kpi-dashboard'] })[0]).toMatch(/^enabledTemplates may only name templates of the free plan: invoice-basic, weekly-report/);
    const upgraded = stored('free');
    applyWorkspacePatch(upgraded, { plan: 'pro', enabledTemplates: ['kpi-dashboard'] });
    expect(upgraded).toMatchObject({ plan: 'pro', enabledTemplates: ['kpi-dashboard'] });
  });

  it('keeps, on a plan change, only the enabled templates the new plan includes', () => {
    const workspace = stored('pro', ['invoice-basic', 'kpi-dashboard']);
    applyWorkspacePatch(workspace, { plan: 'free' });
    expect(workspace).toMatchObject({ plan: 'free', enabledTemplates: ['invoice-basic'] });
  });
});
