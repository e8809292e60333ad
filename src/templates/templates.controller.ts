import { Controller, Get, Header, Param, Query, Req, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { AuthenticatedWorkspace } from '../auth/authenticated-workspace';
import { CurrentWorkspace } from '../auth/current-workspace.decorator';
import { OptionalApiKeyGuard } from '../auth/optional-api-key.guard';
import { ApiErrorResponses } from '../common/openapi/api-error-responses.decorator';
import { responseHeaders } from '../common/openapi/response-headers';
import { API_PREFIXES } from '../common/http/api-prefixes';
import { TemplateDetailDto, TemplateListDto, TemplateSchemaDto } from './dto/template.dto';
import { TEMPLATE_CATEGORIES, TEMPLATE_LANGUAGE_SCHEMA } from '../engine';
import type { CustomTemplateDetail } from './custom/custom-templates.service';
import { TemplateObject } from './template-object';
import { templateLanguageSchemaResponse } from './templates.openapi';
import { TemplateList, TemplateSchemaView, TemplatesService } from './templates.service';

/** Reading templates: the list (open, more with a key), one template, its data schema, and the template language's schema. */
@ApiTags('templates')
@Controller(API_PREFIXES)
export class TemplatesController {
  constructor(private readonly templates: TemplatesService) {}

  @Get('templates')
  @UseGuards(OptionalApiKeyGuard)
  @ApiSecurity({})
  @ApiSecurity('apiKey')
  @ApiSecurity('bearer')
  @ApiOperation({
    operationId: 'listTemplates',
    summary: 'List templates',
    description: "No API key needed: lists the built-ins. With a key, also the workspace's custom templates (an invalid key gets 401).",
  })
  @ApiQuery({ name: 'category', required: false, enum: TEMPLATE_CATEGORIES })
  @ApiQuery({ name: 'id', required: false, schema: { type: 'string' }, description: 'Select one template (custom ones with a key)' })
  @ApiOkResponse({ type: TemplateListDto })
  @ApiErrorResponses('INVALID_CATEGORY', ['TEMPLATE_NOT_FOUND', 404], 'INVALID_API_KEY', 'WORKSPACE_SUSPENDED', 'RATE_LIMITED')
  list(@Req() req: Request, @Query('category') category?: unknown, @Query('id') id?: unknown): Promise<TemplateList> {
    return this.templates.list({ category, id }, req.workspace);
  }

  @Get('templates/:id')
  @UseGuards(ApiKeyGuard)
  @ApiSecurity('apiKey')
  @ApiSecurity('bearer')
  @ApiOperation({ operationId: 'getTemplate', summary: 'One template', description: 'A custom template also shows its newest definition and every version, oldest first.' })
  @ApiOkResponse({ type: TemplateDetailDto })
  @ApiErrorResponses('MISSING_API_KEY', 'INVALID_API_KEY', 'WORKSPACE_SUSPENDED', ['TEMPLATE_NOT_FOUND', 404], 'RATE_LIMITED')
  get(@Param('id') id: string, @CurrentWorkspace() workspace: AuthenticatedWorkspace): Promise<TemplateObject | CustomTemplateDetail> {
    return this.templates.detail(workspace, id);
  }

  @Get('templates/:id/schema')
  @UseGuards(ApiKeyGuard)
  @ApiSecurity('apiKey')
  @ApiSecurity('bearer')
  @ApiOperation({ operationId: 'getTemplateSchema', summary: "A template's data schema and default options" })
  @ApiOkResponse({ type: TemplateSchemaDto })
  @ApiErrorResponses('MISSING_API_KEY', 'INVALID_API_KEY', 'WORKSPACE_SUSPENDED', ['TEMPLATE_NOT_FOUND', 404], 'RATE_LIMITED')
  schema(@Param('id') id: string, @CurrentWorkspace() workspace: AuthenticatedWorkspace): Promise<TemplateSchemaView> {
    return this.templates.schema(workspace, id);
  }

  @Get('template-language.schema.json')
  @Header('Cache-Control', 'public, max-age=3600')
  @ApiOperation({
    operationId: 'getTemplateLanguageSchema', security: [],
    summary: 'JSON Schema of the template language',
    description: 'No API key needed. Point an editor at it (`"$schema"` in a layout file) for completion and checks while writing a layout.',
  })
  @ApiOkResponse({ description: 'JSON Schema (draft-07) of a layout', schema: templateLanguageSchemaResponse(), headers: responseHeaders('Cache-Control') })
  // No route refuses it; Node does, before routing, when the headers are too large.
  @ApiErrorResponses('HEADERS_TOO_LARGE')
  languageSchema(): unknown {
    return TEMPLATE_LANGUAGE_SCHEMA;
  }
}
