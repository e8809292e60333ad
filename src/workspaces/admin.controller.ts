import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiExtraModels, ApiOkResponse, ApiOperation, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { AdminTokenGuard } from '../auth/admin-token.guard';
import { ApiError } from '../common/errors/api-error';
import { ApiErrorResponses } from '../common/openapi/api-error-responses.decorator';
import { CreateKeyDto, CreatedKeyDto, CreateWorkspaceDto, KeyDto, UpdateWorkspaceDto, WebhookSecretDto, WorkspaceDto } from './dto/workspace.dto';
import { checkKeyName, validateCreate, validateUpdate } from './workspace-input';
import { ApiKeyView, CreatedApiKey, WorkspaceView, WorkspacesService } from './workspaces.service';

/** The operator API (DECISIONS section 7): present only when ADMIN_TOKEN is set. */
@ApiTags('operator')
@ApiExtraModels(WorkspaceDto, KeyDto)
@ApiBearerAuth('admin')
@ApiErrorResponses('INVALID_ADMIN_TOKEN', 'NOT_FOUND')
@UseGuards(AdminTokenGuard)
@Controller('admin/v1/workspaces')
export class AdminController {
  constructor(private readonly workspaces: WorkspacesService) {}

  @Post()
  @ApiOperation({ summary: 'Create a workspace' })
  @ApiBody({ type: CreateWorkspaceDto })
  @ApiResponse({ status: 201, type: WorkspaceDto })
  @ApiErrorResponses('INVALID_REQUEST')
  async create(@Body() body: unknown): Promise<WorkspaceView> {
    const { input, errors } = validateCreate(body);
    if (!input) throw invalid(errors);
    return this.workspaces.view(await this.workspaces.create(input));
  }

  @Get()
  @ApiOperation({ summary: 'List workspaces' })
  @ApiOkResponse({ schema: { type: 'object', properties: { workspaces: { type: 'array', items: { $ref: getSchemaPath(WorkspaceDto) } } } } })
  async list(): Promise<{ workspaces: WorkspaceView[] }> {
    const all = await this.workspaces.list();
    return { workspaces: await Promise.all(all.map((w) => this.workspaces.view(w))) };
  }

  @Get(':id')
  @ApiOperation({ summary: 'A workspace with its usage this month' })
  @ApiOkResponse({ type: WorkspaceDto })
  @ApiErrorResponses('WORKSPACE_NOT_FOUND')
  async get(@Param('id') id: string): Promise<WorkspaceView> {
    return this.workspaces.view(await this.workspaces.get(id), true);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Change name, plan, monthly limit override, suspension or enabled templates' })
  @ApiBody({ type: UpdateWorkspaceDto })
  @ApiOkResponse({ type: WorkspaceDto })
  @ApiErrorResponses('INVALID_REQUEST', 'WORKSPACE_NOT_FOUND')
  async update(@Param('id') id: string, @Body() body: unknown): Promise<WorkspaceView> {
    const current = await this.workspaces.get(id);
    const { input, errors } = validateUpdate(body, current.plan);
    if (!input) throw invalid(errors);
    return this.workspaces.view(await this.workspaces.update(id, input), true);
  }

  @Post(':id/keys')
  @ApiOperation({ summary: 'Create an API key (the only time the key is returned)' })
  @ApiBody({ type: CreateKeyDto, required: false })
  @ApiResponse({ status: 201, type: CreatedKeyDto })
  @ApiErrorResponses('INVALID_REQUEST', 'WORKSPACE_NOT_FOUND')
  async createKey(@Param('id') id: string, @Body() body: unknown): Promise<CreatedApiKey> {
    const name = (body as { name?: unknown } | undefined)?.name;
    const errors = checkKeyName(name);
    if (errors.length) throw invalid(errors);
    return this.workspaces.createKey(id, (name as string | null | undefined) ?? null);
  }

  @Get(':id/keys')
  @ApiOperation({ summary: 'List API keys (without secrets)' })
  @ApiOkResponse({ schema: { type: 'object', properties: { keys: { type: 'array', items: { $ref: getSchemaPath(KeyDto) } } } } })
  @ApiErrorResponses('WORKSPACE_NOT_FOUND')
  async listKeys(@Param('id') id: string): Promise<{ keys: ApiKeyView[] }> {
    return { keys: await this.workspaces.listKeys(id) };
  }

  @Delete(':id/keys/:keyId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Deactivate an API key, at once' })
  @ApiResponse({ status: 204, description: 'Deactivated' })
  @ApiErrorResponses('API_KEY_NOT_FOUND')
  async revokeKey(@Param('id') id: string, @Param('keyId') keyId: string): Promise<void> {
    await this.workspaces.revokeKey(id, keyId);
  }

  @Post(':id/webhook-secret')
  @HttpCode(200)
  @ApiOperation({ summary: 'Rotate the webhook signing secret' })
  @ApiOkResponse({ type: WebhookSecretDto })
  @ApiErrorResponses('WORKSPACE_NOT_FOUND')
  async rotateWebhookSecret(@Param('id') id: string): Promise<{ secret: string }> {
    return { secret: await this.workspaces.rotateWebhookSecret(id) };
  }
}

function invalid(validationErrors: string[]): ApiError {
  return new ApiError('INVALID_REQUEST', { extra: { validationErrors } });
}
