import type { TemplateId } from '../engine';
import type { PlanId } from '../workspaces/plans';
import type { KeyMode } from './key-mode';

/** What a request knows about the workspace behind its API key. */
export interface AuthenticatedWorkspace {
  id: string;
  name: string;
  plan: PlanId;
  keyId: string;
  /** The key's mode: a test key's generations are watermarked and counted apart. */
  keyMode: KeyMode;
  /** The limit in force: the workspace's override, else its plan's. */
  monthlyLimit: number;
  /** Test generations' own monthly limit: the plan's. */
  testLimit: number;
  suspended: boolean;
  enabledTemplates: TemplateId[];
  webhooks: boolean;
}
