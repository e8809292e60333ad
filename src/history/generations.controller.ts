import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { AuthenticatedWorkspace } from '../auth/authenticated-workspace';
import { CurrentWorkspace } from '../auth/current-workspace.decorator';
import { API_PREFIXES } from '../common/http/api-prefixes';
import { ApiErrorResponses } from '../common/openapi/api-error-responses.decorator';
import { DtoValidationPipe } from '../common/validation/dto-validation.pipe';
import { GenerationsPageDto } from './dto/generation.dto';
import { ApiError } from '../common/errors/api-error';
import { TEMPLATE_IDS } from '../engine';
import { CustomTemplateCatalog } from '../templates/custom/custom-template-catalog';
import { GenerationsQueryDto, HISTORY_PAGE, unknownTemplateMessage } from './dto/generations-query.dto';
import { GenerationHistory, HistoryPage } from './generation-history.service';
import { GenerationStatus } from './generation-record';
import { decodeCursor } from './history-cursor';

@ApiTags('generations')
@Controller(API_PREFIXES)
export class GenerationsController {
  constructor(
    private readonly history: GenerationHistory,
    private readonly customTemplates: CustomTemplateCatalog,
  ) {}

  @Get('generations')
  @UseGuards(ApiKeyGuard)
  @ApiSecurity('apiKey')
  @ApiSecurity('bearer')
  @ApiOperation({ operationId: 'listGenerations', summary: "The workspace's generations, newest first, succeeded and failed (kept HISTORY_DAYS days)" })
  @ApiOkResponse({ type: GenerationsPageDto })
  @ApiErrorResponses('MISSING_API_KEY', 'INVALID_API_KEY', 'WORKSPACE_SUSPENDED', 'INVALID_REQUEST', 'RATE_LIMITED')
  async list(
    @Query(new DtoValidationPipe()) query: GenerationsQueryDto,
    @CurrentWorkspace() workspace: AuthenticatedWorkspace,
  ): Promise<{ success: true } & HistoryPage> {
    if (query.templateId !== undefined && !(TEMPLATE_IDS as readonly string[]).includes(query.templateId)) {
      const customIds = await this.customTemplates.ids(workspace.id);
      if (!customIds.includes(query.templateId)) throw new ApiError('INVALID_REQUEST', { extra: { validationErrors: [unknownTemplateMessage(customIds)] } });
    }
    const page = await this.history.list(workspace.id, {
      limit: query.limit === undefined ? HISTORY_PAGE.default : Number(query.limit),
      after: query.cursor === undefined ? undefined : decodeCursor(query.cursor)!,
      templateId: query.templateId,
      status: query.status as GenerationStatus | undefined,
    });
    return { success: true, ...page };
  }
}
