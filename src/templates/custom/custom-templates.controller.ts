import { Body, Controller, Delete, HttpCode, Param, Post, Put, UseGuards } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ActingAs } from '../../audit/acting-as';
import type { AuditOrigin } from '../../audit/audit-entry';
import { ApiKeyGuard } from '../../auth/api-key.guard';
import { AuthenticatedWorkspace } from '../../auth/authenticated-workspace';
import { CurrentWorkspace } from '../../auth/current-workspace.decorator';
import { API_PREFIXES } from '../../common/http/api-prefixes';
import { ApiErrorResponses } from '../../common/openapi/api-error-responses.decorator';
import { TemplateDto } from '../dto/template.dto';
import { TemplateObject } from '../template-object';
import { TEMPLATE_DEFINITION_COMPONENT } from '../templates.openapi';
import { CustomTemplatesService } from './custom-templates.service';

const BODY_ERRORS = ['INVALID_JSON', 'UNSUPPORTED_MEDIA_TYPE', 'BODY_TOO_LARGE'] as const;
const KEY_ERRORS = ['MISSING_API_KEY', 'INVALID_API_KEY', 'WORKSPACE_SUSPENDED', 'RATE_LIMITED', 'CUSTOM_TEMPLATES_NOT_IN_PLAN'] as const;

/** Writing a workspace's own templates (Business plan; DECISIONS section 9). */
@ApiTags('templates')
@Controller(API_PREFIXES)
@UseGuards(ApiKeyGuard)
@ApiSecurity('apiKey')
@ApiSecurity('bearer')
export class CustomTemplatesController {
  constructor(private readonly templates: CustomTemplatesService) {}

  @Post('templates')
  @ApiOperation({ operationId: 'createTemplate', summary: 'Create a custom template', description: 'Business plan. Starts at version 1.0.0; at most 100 per workspace.' })
  @ApiBody({ schema: { $ref: `#/components/schemas/${TEMPLATE_DEFINITION_COMPONENT}` } })
  @ApiCreatedResponse({ type: TemplateDto })
  @ApiErrorResponses(...BODY_ERRORS, ...KEY_ERRORS, 'INVALID_TEMPLATE_DEFINITION', 'TEMPLATE_ALREADY_EXISTS', 'CUSTOM_TEMPLATE_LIMIT_REACHED')
  create(@Body() body: unknown, @CurrentWorkspace() workspace: AuthenticatedWorkspace, @ActingAs('key') by: AuditOrigin): Promise<TemplateObject> {
    return this.templates.create(workspace, body, by);
  }

  @Put('templates/:id')
  @ApiOperation({
    operationId: 'updateTemplate',
    summary: 'Change a custom template: a new version',
    description: 'The same body as create, without id. The version grows by one minor step (1.0.0, 1.1.0, ...) unless the body names a higher one; older versions stay renderable.',
  })
  @ApiBody({ schema: { $ref: `#/components/schemas/${TEMPLATE_DEFINITION_COMPONENT}` } })
  @ApiOkResponse({ type: TemplateDto })
  @ApiErrorResponses(...BODY_ERRORS, ...KEY_ERRORS, 'BUILT_IN_TEMPLATE_READ_ONLY', ['TEMPLATE_NOT_FOUND', 404], 'INVALID_TEMPLATE_DEFINITION')
  update(@Param('id') id: string, @Body() body: unknown, @CurrentWorkspace() workspace: AuthenticatedWorkspace, @ActingAs('key') by: AuditOrigin): Promise<TemplateObject> {
    return this.templates.update(workspace, id, body, by);
  }

  @Delete('templates/:id')
  @HttpCode(204)
  @ApiOperation({ operationId: 'deleteTemplate', summary: 'Delete a custom template and its versions', description: 'PDFs made from it stay; afterwards the id is unknown.' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiErrorResponses(...KEY_ERRORS, 'BUILT_IN_TEMPLATE_READ_ONLY', ['TEMPLATE_NOT_FOUND', 404])
  async remove(@Param('id') id: string, @CurrentWorkspace() workspace: AuthenticatedWorkspace, @ActingAs('key') by: AuditOrigin): Promise<void> {
    await this.templates.remove(workspace, id, by);
  }
}
