import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiExtraModels, ApiOkResponse, ApiOperation, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { ActingAs } from '../audit/acting-as';
import type { AuditOrigin } from '../audit/audit-entry';
import { AdminTokenGuard } from '../auth/admin-token.guard';
import { ApiErrorResponses } from '../common/openapi/api-error-responses.decorator';
import { DtoValidationPipe } from '../common/validation/dto-validation.pipe';
import { CreateKeyDto } from './dto/create-key.dto';
import { CreateWorkspaceDto } from './dto/create-workspace.dto';
import { UpdateWorkspaceDto } from './dto/update-workspace.dto';
import { CreatedKeyDto, KeyDto, WebhookSecretDto, WorkspaceDto } from './dto/workspace.dto';
import { ApiKeyView, CreatedApiKey, WorkspaceView, WorkspacesService } from './workspaces.service';

/** Bodies are checked against their parameter's DTO class, after the guard: without the token, no body is looked at. */
const validBody = new DtoValidationPipe();
const validOptionalBody = new DtoValidationPipe({ optionalBody: true });

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
  @ApiOperation({ operationId: 'createWorkspace', summary: 'Create a workspace' })
  @ApiResponse({ status: 201, type: WorkspaceDto })
  @ApiErrorResponses('INVALID_REQUEST')
  async create(@Body(validBody) body: CreateWorkspaceDto): Promise<WorkspaceView> {
    return this.workspaces.view(await this.workspaces.create(body));
  }

  @Get()
  @ApiOperation({ operationId: 'listWorkspaces', summary: 'List workspaces' })
  @ApiOkResponse({ schema: { type: 'object', properties: { workspaces: { type: 'array', items: { $ref: getSchemaPath(WorkspaceDto) } } } } })
  async list(): Promise<{ workspaces: WorkspaceView[] }> {
    const all = await this.workspaces.list();
    return { workspaces: await Promise.all(all.map((w) => this.workspaces.view(w))) };
  }

  @Get(':id')
  @ApiOperation({ operationId: 'getWorkspace', summary: 'A workspace with its usage this month' })
  @ApiOkResponse({ type: WorkspaceDto })
  @ApiErrorResponses('WORKSPACE_NOT_FOUND')
  async get(@Param('id') id: string): Promise<WorkspaceView> {
    return this.workspaces.view(await this.workspaces.get(id), true);
  }

  @Patch(':id')
  @ApiOperation({ operationId: 'updateWorkspace', summary: 'Change name, plan, monthly limit override, suspension or enabled templates' })
  @ApiOkResponse({ type: WorkspaceDto })
  @ApiErrorResponses('INVALID_REQUEST', 'WORKSPACE_NOT_FOUND')
  async update(@Param('id') id: string, @Body(validBody) body: UpdateWorkspaceDto, @ActingAs('operator') by: AuditOrigin): Promise<WorkspaceView> {
    return this.workspaces.view(await this.workspaces.update(id, body, by), true);
  }

  @Post(':id/keys')
  @ApiOperation({ operationId: 'createApiKey', summary: 'Create an API key (the only time the key is returned)' })
  @ApiBody({ type: CreateKeyDto, required: false })
  @ApiResponse({ status: 201, type: CreatedKeyDto })
  @ApiErrorResponses('INVALID_REQUEST', 'WORKSPACE_NOT_FOUND')
  async createKey(@Param('id') id: string, @Body(validOptionalBody) body: CreateKeyDto, @ActingAs('operator') by: AuditOrigin): Promise<CreatedApiKey> {
    return this.workspaces.createKey(id, body.name ?? null, body.mode, by);
  }

  @Get(':id/keys')
  @ApiOperation({ operationId: 'listApiKeys', summary: 'List API keys (without secrets)' })
  @ApiOkResponse({ schema: { type: 'object', properties: { keys: { type: 'array', items: { $ref: getSchemaPath(KeyDto) } } } } })
  @ApiErrorResponses('WORKSPACE_NOT_FOUND')
  async listKeys(@Param('id') id: string): Promise<{ keys: ApiKeyView[] }> {
    return { keys: await this.workspaces.listKeys(id) };
  }

  @Delete(':id/keys/:keyId')
  @HttpCode(204)
  @ApiOperation({ operationId: 'revokeApiKey', summary: 'Deactivate an API key, at once' })
  @ApiResponse({ status: 204, description: 'Deactivated' })
  @ApiErrorResponses('API_KEY_NOT_FOUND')
  async revokeKey(@Param('id') id: string, @Param('keyId') keyId: string, @ActingAs('operator') by: AuditOrigin): Promise<void> {
    await this.workspaces.revokeKey(id, keyId, by);
  }

  @Post(':id/webhook-secret')
  @HttpCode(200)
  @ApiOperation({ operationId: 'rotateWebhookSecret', summary: 'Rotate the webhook signing secret' })
  @ApiOkResponse({ type: WebhookSecretDto })
  @ApiErrorResponses('WORKSPACE_NOT_FOUND')
  async rotateWebhookSecret(@Param('id') id: string, @ActingAs('operator') by: AuditOrigin): Promise<{ secret: string }> {
    return { secret: await this.workspaces.rotateWebhookSecret(id, by) };
  }
}
