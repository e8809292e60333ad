import type { TemplateId } from '../engine';
import type { PlanId } from '../workspaces/plans';

/** What a request knows about the workspace behind its API key. */
export interface AuthenticatedWorkspace {
  id: string;
  name: string;
  plan: PlanId;
  keyId: string;
  /** The limit in force: the workspace's override, else its plan's. */
  monthlyLimit: number;
  suspended: boolean;
  enabledTemplates: TemplateId[];
  webhooks: boolean;
}
