import { Body, Controller, HttpCode, Post, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiKeyGuard } from '../../auth/api-key.guard';
import { AuthenticatedWorkspace } from '../../auth/authenticated-workspace';
import { CurrentWorkspace } from '../../auth/current-workspace.decorator';
import { API_PREFIXES } from '../../common/http/api-prefixes';
import { ApiErrorResponses } from '../../common/openapi/api-error-responses.decorator';
import { PDF_CONTENT } from '../../common/openapi/pdf-content';
import { responseHeaders } from '../../common/openapi/response-headers';
import { TEMPLATE_PREVIEW_COMPONENT } from '../templates.openapi';
import { TemplatePreviewService } from './template-preview.service';
import { sendPreviewPdf } from './send-preview-pdf';

@ApiTags('templates')
@Controller(API_PREFIXES)
export class TemplatePreviewController {
  constructor(private readonly previews: TemplatePreviewService) {}

  @Post('templates/preview')
  @HttpCode(200)
  @UseGuards(ApiKeyGuard)
  @ApiSecurity('apiKey')
  @ApiSecurity('bearer')
  @ApiOperation({
    operationId: 'previewTemplate',
    summary: 'Preview a template or a layout as a PDF',
    description:
      "A stored template (built-ins on every plan; custom ones on Business, at any version) with `data` or its sample data, or a layout not stored (Business). " +
      'Every page carries a diagonal PREVIEW watermark; nothing is stored, counted against the monthly limit, or kept in the history.',
  })
  @ApiBody({ schema: { $ref: `#/components/schemas/${TEMPLATE_PREVIEW_COMPONENT}` } })
  @ApiResponse({ status: 200, description: 'The PDF', content: PDF_CONTENT, headers: responseHeaders('X-Preview', 'Content-Disposition', 'Cache-Control') })
  @ApiErrorResponses(
    'INVALID_JSON', 'UNSUPPORTED_MEDIA_TYPE', 'BODY_TOO_LARGE', 'MISSING_API_KEY', 'INVALID_API_KEY', 'WORKSPACE_SUSPENDED', 'RATE_LIMITED',
    'CUSTOM_TEMPLATES_NOT_IN_PLAN', 'TEMPLATE_NOT_FOUND', 'TEMPLATE_VERSION_NOT_FOUND', 'INVALID_REQUEST', 'INVALID_TEMPLATE_DEFINITION', 'INVALID_DATA',
    'GENERATION_FAILED', 'SERVER_BUSY',
  )
  async preview(@Body() body: unknown, @CurrentWorkspace() workspace: AuthenticatedWorkspace, @Res() res: Response): Promise<void> {
    const { templateId, pdf } = await this.previews.preview(workspace, body);
    sendPreviewPdf(res, templateId, pdf);
  }
}
