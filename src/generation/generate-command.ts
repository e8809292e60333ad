import type { RenderRequest } from '../engine';
import type { WebhookRequest } from '../webhooks/webhook-request';
import type { OutputFormat } from './request/generate-request.schema';

/**
 * A generate request once checked, in the one shape it keeps from the parser to the render
 * worker: the controller, a webhook job and the CLI all pass it on as it is.
 */
export interface GenerateCommand extends RenderRequest {
  outputFormat: OutputFormat;
  webhook?: WebhookRequest;
}

/** Whose allowance a generation counts against. */
export interface GenerationAccount {
  workspaceId: string;
  /** The monthly limit in force for the workspace. */
  monthlyLimit: number;
}
