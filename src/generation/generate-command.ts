import type { RenderRequest } from '../engine';
import type { KeyMode } from '../auth/key-mode';
import type { WebhookRequest } from '../webhooks/webhook-request';
import type { OutputFormat } from './request/generate-request.schema';

/**
 * A generate request once checked, in the one shape it keeps from the parser to the render
 * worker: the controller, a webhook job and the CLI all pass it on as it is. A custom template's
 * layout travels in `custom`, so a job renders the version it was asked for even when the
 * template changes or is deleted before the job runs.
 */
export interface GenerateCommand extends RenderRequest {
  /** The version rendered: a built-in's `1.0.0`, or the custom template's version that was resolved. */
  templateVersion: string;
  outputFormat: OutputFormat;
  webhook?: WebhookRequest;
}

/** Who asked for a generation: whose allowance it counts against, and what its history record names. */
export interface GenerationContext {
  workspaceId: string;
  /** The monthly limit in force for the key's mode: the workspace's for live keys, the plan's for test keys. */
  monthlyLimit: number;
  /** X-Request-Id of the request that asked for it (a job's: the request that made the job). */
  requestId: string;
  jobId?: string;
  mode: KeyMode;
}
