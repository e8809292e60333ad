import { Body, Controller, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiHeader, ApiOperation, ApiResponse, ApiSecurity, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { AuthenticatedWorkspace } from '../auth/authenticated-workspace';
import { rateLimitHeaders, withMonthRemaining } from '../auth/rate-limit-headers';
import { CurrentWorkspace } from '../auth/current-workspace.decorator';
import { API_PREFIXES } from '../common/http/api-prefixes';
import { ApiErrorResponses } from '../common/openapi/api-error-responses.decorator';
import { PDF_CONTENT } from '../common/openapi/pdf-content';
import { responseHeaders } from '../common/openapi/response-headers';
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeyOf } from '../idempotency/idempotency-key';
import { IdempotencyService, REPLAYED_HEADER } from '../idempotency/idempotency.service';
import { JobAcceptedDto } from '../jobs/dto/job.dto';
import { JobsService } from '../jobs/jobs.service';
import { tracing } from '../tracing';
import { GenerateResponseDto } from './dto/generate-response.dto';
import { GenerateReply, sendReply } from './generate-reply';
import { toContractError } from './generation-errors';
import { GenerationResult, GenerationService } from './generation.service';
import { GenerateRequestParser } from './request/generate-request.parser';
import { GENERATE_REQUEST_COMPONENT } from './request/generate-request.openapi';

@ApiTags('generate')
@ApiExtraModels(GenerateResponseDto)
@Controller(API_PREFIXES)
export class GenerateController {
  constructor(
    private readonly parser: GenerateRequestParser,
    private readonly generation: GenerationService,
    private readonly jobs: JobsService,
    private readonly idempotency: IdempotencyService,
  ) {}

  @Post('generate')
  @HttpCode(200)
  @UseGuards(ApiKeyGuard)
  @ApiSecurity('apiKey')
  @ApiSecurity('bearer')
  @ApiOperation({
    operationId: 'generatePdf',
    summary: 'Render a template with data into a PDF',
    description: 'outputFormat url (default) and base64 answer JSON; buffer answers the PDF bytes.',
  })
  @ApiBody({ schema: { $ref: `#/components/schemas/${GENERATE_REQUEST_COMPONENT}` } })
  @ApiResponse({
    status: 200,
    description: 'url or base64: JSON; buffer: the PDF (with Content-Disposition)',
    content: { 'application/json': { schema: { $ref: getSchemaPath(GenerateResponseDto) } }, ...PDF_CONTENT },
    headers: responseHeaders('X-Generation-Time-Ms', 'X-PDF-Size-Bytes', 'X-Usage-Remaining', 'Content-Disposition', 'X-Test-Mode', 'Idempotent-Replayed'),
  })
  @ApiResponse({
    status: 202,
    description: 'With webhook: the job is queued; GET /api/v1/jobs/{jobId} reports on it',
    type: JobAcceptedDto,
    headers: responseHeaders('X-Test-Mode', 'Idempotent-Replayed'),
  })
  @ApiHeader({
    name: IDEMPOTENCY_KEY_HEADER,
    required: false,
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
    description:
      '1 to 255 visible ASCII characters, kept 24 hours per workspace. Repeating a request that succeeded with the same key and JSON body ' +
      `replays its answer (same pdfUrl, jobId or bytes) with ${REPLAYED_HEADER}: true, and counts nothing; another body answers 422, ` +
      'a repeat while the first request runs 409 with Retry-After: 1. A request that failed does not hold its key.',
  })
  @ApiErrorResponses(
    'INVALID_JSON', 'UNSUPPORTED_MEDIA_TYPE', 'BODY_TOO_LARGE', 'MISSING_API_KEY', 'INVALID_API_KEY', 'WORKSPACE_SUSPENDED',
    'MISSING_TEMPLATE_ID', 'MISSING_DATA', 'TEMPLATE_NOT_FOUND', 'TEMPLATE_VERSION_NOT_FOUND', 'TEMPLATE_NOT_ENABLED', 'INVALID_REQUEST', 'INVALID_DATA',
    'INVALID_WEBHOOK_URL', 'WEBHOOKS_NOT_IN_PLAN', 'QUOTA_EXCEEDED', 'RATE_LIMITED', 'GENERATION_FAILED', 'SERVER_BUSY',
    'IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_IN_PROGRESS',
  )
  async generate(@Body() body: unknown, @CurrentWorkspace() workspace: AuthenticatedWorkspace, @Req() req: Request, @Res() res: Response): Promise<void> {
    // The key before the body: a request asking to run at most once must not run when its key cannot be kept.
    const key = idempotencyKeyOf(req.headers['idempotency-key']);
    const answer = () => this.answer(body, workspace, req.requestId, req.traceparent);
    // The key's mode is part of the request: a test key's watermarked answer is no answer to a live key's.
    const reply = key === undefined ? await answer() : await this.idempotency.once(workspace.id, key, { mode: workspace.keyMode, body }, answer);
    // The month's quota as this generation left it (a replay counted nothing: the guard's figure stands).
    const remaining = reply.headers['X-Usage-Remaining'];
    if (req.rateLimits && remaining !== undefined && reply.headers[REPLAYED_HEADER] === undefined) res.set(rateLimitHeaders(withMonthRemaining(req.rateLimits, Number(remaining))));
    sendReply(res, reply);
  }

  private async answer(body: unknown, workspace: AuthenticatedWorkspace, requestId: string, traceparent: string | undefined): Promise<GenerateReply> {
    const access = { workspaceId: workspace.id, enabledTemplates: workspace.enabledTemplates, webhooks: workspace.webhooks };
    const command = await tracing().inSpan('validate', {}, () => this.parser.parse(body, access));
    const mode = workspace.keyMode;
    const testHeader: Record<string, string> = mode === 'test' ? { 'X-Test-Mode': 'true' } : {};
    if (command.webhook) {
      return { status: 202, headers: testHeader, json: await this.jobs.submit(workspace, command, command.webhook, { requestId, traceparent }) };
    }
    const monthlyLimit = mode === 'test' ? workspace.testLimit : workspace.monthlyLimit;
    const result = await this.generation
      .generate(command, { workspaceId: workspace.id, monthlyLimit, requestId, mode })
      .catch((error: unknown) => Promise.reject(toContractError(error)));
    const headers = {
      'X-Generation-Time-Ms': String(result.generationTimeMs),
      'X-PDF-Size-Bytes': String(result.pdf.byteLength),
      'X-Usage-Remaining': String(result.usageRemaining),
      ...testHeader,
    };
    if (command.outputFormat === 'buffer') {
      return { status: 200, headers: { ...headers, ...pdfHeaders(result, command.templateId) }, pdf: result.pdf };
    }
    const json = {
      success: true,
      ...(command.outputFormat === 'url' ? { pdfUrl: result.pdfUrl } : { base64: Buffer.from(result.pdf).toString('base64') }),
      templateId: command.templateId,
      templateVersion: command.templateVersion,
      generatedAt: result.generatedAt,
    };
    return { status: 200, headers, json };
  }
}

function pdfHeaders(result: GenerationResult, templateId: string): Record<string, string> {
  const stamp = result.generatedAt.replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return { 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${templateId}-${stamp}.pdf"` };
}
