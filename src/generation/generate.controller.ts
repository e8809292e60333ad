import { Body, Controller, HttpCode, Post, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOperation, ApiProduces, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { AuthenticatedWorkspace } from '../auth/authenticated-workspace';
import { CurrentWorkspace } from '../auth/current-workspace.decorator';
import { API_PREFIXES } from '../common/http/api-prefixes';
import { ApiErrorResponses } from '../common/openapi/api-error-responses.decorator';
import { JobAcceptedDto } from '../jobs/dto/job.dto';
import { JobsService } from '../jobs/jobs.service';
import { GenerateResponseDto } from './dto/generate-response.dto';
import { toContractError } from './generation-errors';
import { GenerationResult, GenerationService } from './generation.service';
import { GenerateRequestParser } from './request/generate-request.parser';
import { GENERATE_REQUEST_COMPONENT } from './request/generate-request.openapi';

const RESULT_HEADERS = {
  'X-Generation-Time-Ms': { description: 'Milliseconds to generate', schema: { type: 'integer' } },
  'X-PDF-Size-Bytes': { description: 'Size of the PDF in bytes', schema: { type: 'integer' } },
  'X-Usage-Remaining': { description: 'Generations left this month', schema: { type: 'integer' } },
} as const;

@ApiTags('generate')
@ApiExtraModels(GenerateResponseDto)
@Controller(API_PREFIXES)
export class GenerateController {
  constructor(
    private readonly parser: GenerateRequestParser,
    private readonly generation: GenerationService,
    private readonly jobs: JobsService,
  ) {}

  @Post('generate')
  @HttpCode(200)
  @UseGuards(ApiKeyGuard)
  @ApiSecurity('apiKey')
  @ApiSecurity('bearer')
  @ApiOperation({ summary: 'Render a template with data into a PDF', description: 'outputFormat url (default) and base64 answer JSON; buffer answers the PDF bytes.' })
  @ApiBody({ schema: { $ref: `#/components/schemas/${GENERATE_REQUEST_COMPONENT}` } })
  @ApiResponse({ status: 200, description: 'url or base64: JSON', type: GenerateResponseDto, headers: RESULT_HEADERS })
  @ApiResponse({ status: 202, description: 'With webhook: the job is queued; GET /api/v1/jobs/{jobId} reports on it', type: JobAcceptedDto })
  @ApiProduces('application/json', 'application/pdf')
  @ApiErrorResponses(
    'INVALID_JSON', 'UNSUPPORTED_MEDIA_TYPE', 'BODY_TOO_LARGE', 'MISSING_API_KEY', 'INVALID_API_KEY', 'WORKSPACE_SUSPENDED',
    'MISSING_TEMPLATE_ID', 'MISSING_DATA', 'TEMPLATE_NOT_FOUND', 'TEMPLATE_NOT_ENABLED', 'INVALID_REQUEST', 'INVALID_DATA',
    'INVALID_WEBHOOK_URL', 'WEBHOOKS_NOT_IN_PLAN', 'QUOTA_EXCEEDED', 'RATE_LIMITED', 'GENERATION_FAILED', 'SERVER_BUSY',
  )
  async generate(@Body() body: unknown, @CurrentWorkspace() workspace: AuthenticatedWorkspace, @Res() res: Response): Promise<void> {
    const command = await this.parser.parse(body, workspace);
    if (command.webhook) {
      res.status(202).json(await this.jobs.submit(workspace, command, command.webhook));
      return;
    }
    const result = await this.generation
      .generate(command, { workspaceId: workspace.id, monthlyLimit: workspace.monthlyLimit })
      .catch((error: unknown) => Promise.reject(toContractError(error)));
    res.setHeader('X-Generation-Time-Ms', String(result.generationTimeMs));
    res.setHeader('X-PDF-Size-Bytes', String(result.pdf.byteLength));
    res.setHeader('X-Usage-Remaining', String(result.usageRemaining));
    if (command.outputFormat === 'buffer') {
      sendPdf(res, result, command.templateId);
      return;
    }
    res.json({
      success: true,
      ...(command.outputFormat === 'url' ? { pdfUrl: result.pdfUrl } : { base64: Buffer.from(result.pdf).toString('base64') }),
      templateId: command.templateId,
      generatedAt: result.generatedAt,
    });
  }
}

function sendPdf(res: Response, result: GenerationResult, templateId: string): void {
  const stamp = result.generatedAt.replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `inline; filename="${templateId}-${stamp}.pdf"`);
  res.setHeader('Content-Length', String(result.pdf.byteLength));
  res.end(result.pdf);
}
