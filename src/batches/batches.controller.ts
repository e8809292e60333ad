import { Body, Controller, Get, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOkResponse, ApiOperation, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { AuthenticatedWorkspace } from '../auth/authenticated-workspace';
import { CurrentWorkspace } from '../auth/current-workspace.decorator';
import { ApiError } from '../common/errors/api-error';
import { API_PREFIXES } from '../common/http/api-prefixes';
import { ApiErrorResponses } from '../common/openapi/api-error-responses.decorator';
import { responseHeaders } from '../common/openapi/response-headers';
import { GenerateReply, sendReply } from '../generation/generate-reply';
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeyOf } from '../idempotency/idempotency-key';
import { IdempotencyService, REPLAYED_HEADER } from '../idempotency/idempotency.service';
import { tracing } from '../tracing';
import { PLANS } from '../workspaces/plans';
import { BatchView } from './batch-view';
import { BatchesService } from './batches.service';
import { BatchAcceptedDto, BatchDto } from './dto/batch.dto';
import { BatchRequestParser } from './request/batch-request.parser';
import { BATCH_REQUEST_COMPONENT } from './request/batch-request.openapi';

@ApiTags('batches')
@Controller(API_PREFIXES)
export class BatchesController {
  constructor(
    private readonly parser: BatchRequestParser,
    private readonly batches: BatchesService,
    private readonly idempotency: IdempotencyService,
  ) {}

  @Post('batches')
  @UseGuards(ApiKeyGuard)
  @ApiSecurity('apiKey')
  @ApiSecurity('bearer')
  @ApiOperation({
    operationId: 'createBatch',
    summary: 'Queue up to 500 generations as one batch',
    description: 'Every item is checked before anything is queued; GET /api/v1/batches/{id} reports on the batch, and its webhook gets it when it ends.',
  })
  @ApiBody({ schema: { $ref: `#/components/schemas/${BATCH_REQUEST_COMPONENT}` } })
  @ApiResponse({ status: 202, description: 'Queued', type: BatchAcceptedDto, headers: responseHeaders('X-Test-Mode', 'Idempotent-Replayed') })
  @ApiHeader({
    name: IDEMPOTENCY_KEY_HEADER,
    required: false,
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
    description: `As on generate: a repeat with the same key and body answers the same batchId with ${REPLAYED_HEADER}: true and queues nothing.`,
  })
  @ApiErrorResponses(
    'INVALID_JSON', 'UNSUPPORTED_MEDIA_TYPE', 'BODY_TOO_LARGE', 'MISSING_API_KEY', 'INVALID_API_KEY', 'WORKSPACE_SUSPENDED', 'BATCHES_NOT_IN_PLAN',
    'INVALID_REQUEST', 'INVALID_WEBHOOK_URL', 'QUOTA_EXCEEDED', 'RATE_LIMITED', 'SERVER_BUSY', 'IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_IN_PROGRESS',
  )
  async create(@Body() body: unknown, @CurrentWorkspace() workspace: AuthenticatedWorkspace, @Req() req: Request, @Res() res: Response): Promise<void> {
    const key = idempotencyKeyOf(req.headers['idempotency-key']);
    const answer = () => this.answer(body, workspace, req.requestId, req.traceparent);
    const reply = key === undefined ? await answer() : await this.idempotency.once(workspace.id, key, { mode: workspace.keyMode, body }, answer);
    sendReply(res, reply);
  }

  @Get('batches/:id')
  @UseGuards(ApiKeyGuard)
  @ApiSecurity('apiKey')
  @ApiSecurity('bearer')
  @ApiOperation({ operationId: 'getBatch', summary: 'A batch and its items', description: 'Only the workspace that made the batch sees it.' })
  @ApiOkResponse({ type: BatchDto })
  @ApiErrorResponses('MISSING_API_KEY', 'INVALID_API_KEY', 'WORKSPACE_SUSPENDED', 'RATE_LIMITED', 'BATCH_NOT_FOUND')
  get(@Param('id') id: string, @CurrentWorkspace() workspace: AuthenticatedWorkspace): Promise<BatchView> {
    return this.batches.view(workspace.id, id);
  }

  private async answer(body: unknown, workspace: AuthenticatedWorkspace, requestId: string, traceparent: string | undefined): Promise<GenerateReply> {
    if (!PLANS[workspace.plan].batches) throw new ApiError('BATCHES_NOT_IN_PLAN');
    const access = { workspaceId: workspace.id, enabledTemplates: workspace.enabledTemplates, webhooks: workspace.webhooks };
    const command = await tracing().inSpan('validate', {}, () => this.parser.parse(body, access));
    const accepted = await this.batches.submit(workspace, command, { requestId, traceparent });
    return { status: 202, headers: workspace.keyMode === 'test' ? { 'X-Test-Mode': 'true' } : {}, json: accepted };
  }
}
