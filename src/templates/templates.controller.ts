import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { AuthenticatedWorkspace } from '../auth/authenticated-workspace';
import { CurrentWorkspace } from '../auth/current-workspace.decorator';
import { ApiErrorResponses } from '../common/openapi/api-error-responses.decorator';
import { API_PREFIXES } from '../common/http/api-prefixes';
import { TemplateListDto, TemplateSchemaDto } from './dto/template.dto';
import { TEMPLATE_CATEGORIES, TEMPLATE_IDS } from '../engine';
import { TemplateList, TemplatesService } from './templates.service';

@ApiTags('templates')
@Controller(API_PREFIXES)
export class TemplatesController {
  constructor(private readonly templates: TemplatesService) {}

  @Get('templates')
  @ApiOperation({ summary: 'List templates (no API key needed)' })
  @ApiQuery({ name: 'category', required: false, enum: TEMPLATE_CATEGORIES })
  @ApiQuery({ name: 'id', required: false, enum: TEMPLATE_IDS, description: 'Select one template' })
  @ApiOkResponse({ type: TemplateListDto })
  @ApiErrorResponses('INVALID_CATEGORY', 'TEMPLATE_NOT_FOUND')
  list(@Query('category') category?: unknown, @Query('id') id?: unknown): TemplateList {
    return this.templates.list({ category, id });
  }

  @Get('templates/:id/schema')
  @UseGuards(ApiKeyGuard)
  @ApiSecurity('apiKey')
  @ApiSecurity('bearer')
  @ApiOperation({ summary: "A template's data schema and default options" })
  @ApiOkResponse({ type: TemplateSchemaDto })
  @ApiErrorResponses('MISSING_API_KEY', 'INVALID_API_KEY', 'WORKSPACE_SUSPENDED', 'TEMPLATE_NOT_FOUND')
  schema(@Param('id') id: string, @CurrentWorkspace() workspace: AuthenticatedWorkspace) {
    const template = this.templates.get(id, workspace.enabledTemplates, 404);
    return { templateId: template.id, templateName: template.name, schema: template.schema, defaultOptions: template.defaultOptions };
  }
}
