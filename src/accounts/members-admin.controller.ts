import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiExtraModels, ApiOkResponse, ApiOperation, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { ActingAs } from '../audit/acting-as';
import type { AuditOrigin } from '../audit/audit-entry';
import { AdminTokenGuard } from '../auth/admin-token.guard';
import { ApiErrorResponses } from '../common/openapi/api-error-responses.decorator';
import { DtoValidationPipe } from '../common/validation/dto-validation.pipe';
import { AccountsService, InvitedMember, MemberView } from './accounts.service';
import { AddMemberDto, ChangeRoleDto, InvitedMemberDto, MemberDto, ResetLinkDto } from './dto/add-member.dto';
import { InviteEmailsService } from './invite-emails.service';
import { PasswordResetsService, ResetLink } from './password-resets.service';

const validBody = new DtoValidationPipe();

/** The operator API's members (DECISIONS section 10): how the first users of a workspace come to exist. */
@ApiTags('operator')
@ApiExtraModels(MemberDto)
@ApiBearerAuth('admin')
@ApiErrorResponses('INVALID_ADMIN_TOKEN', 'NOT_FOUND')
@UseGuards(AdminTokenGuard)
@Controller('admin/v1/workspaces/:id/members')
export class MembersAdminController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly resets: PasswordResetsService,
    private readonly inviteEmails: InviteEmailsService,
  ) {}

  @Post()
  @ApiOperation({ operationId: 'inviteMember', summary: 'Invite a member: the answer carries their single-use invite URL (valid 7 days), also emailed to them when SMTP_URL is set' })
  @ApiResponse({ status: 201, type: InvitedMemberDto })
  @ApiErrorResponses('INVALID_REQUEST', 'WORKSPACE_NOT_FOUND', 'MEMBER_EXISTS')
  async add(@Param('id') id: string, @Body(validBody) body: AddMemberDto, @ActingAs('operator') by: AuditOrigin): Promise<InvitedMember> {
    const invited = await this.accounts.invite(id, body.email, body.role, by);
    // A mail server's refusal is logged; the operator has the link in this answer either way.
    await this.inviteEmails.send(id, invited, null);
    return invited;
  }

  @Get()
  @ApiOperation({ operationId: 'listMembers', summary: 'List members and invitees' })
  @ApiOkResponse({ schema: { type: 'object', properties: { members: { type: 'array', items: { $ref: getSchemaPath(MemberDto) } } } } })
  @ApiErrorResponses('WORKSPACE_NOT_FOUND')
  async list(@Param('id') id: string): Promise<{ members: MemberView[] }> {
    return { members: await this.accounts.listMembers(id) };
  }

  @Patch(':userId')
  @ApiOperation({ operationId: 'changeMemberRole', summary: "Change a member's role (owner or member)" })
  @ApiOkResponse({ type: MemberDto })
  @ApiErrorResponses('INVALID_REQUEST', 'WORKSPACE_NOT_FOUND', 'MEMBER_NOT_FOUND', 'LAST_OWNER')
  async changeRole(@Param('id') id: string, @Param('userId') userId: string, @Body(validBody) body: ChangeRoleDto, @ActingAs('operator') by: AuditOrigin): Promise<MemberView> {
    return this.accounts.changeRole(id, userId, body.role, by);
  }

  @Delete(':userId')
  @HttpCode(204)
  @ApiOperation({ operationId: 'removeMember', summary: 'Remove a member; their sessions in this workspace end at once' })
  @ApiResponse({ status: 204, description: 'Removed' })
  @ApiErrorResponses('WORKSPACE_NOT_FOUND', 'MEMBER_NOT_FOUND', 'LAST_OWNER')
  async remove(@Param('id') id: string, @Param('userId') userId: string, @ActingAs('operator') by: AuditOrigin): Promise<void> {
    await this.accounts.removeMember(id, userId, by);
  }

  @Post(':userId/reset-link')
  @ApiOperation({ operationId: 'createResetLink', summary: "Make a single-use link (valid 1 hour) that sets a member's password and ends their sessions" })
  @ApiResponse({ status: 201, type: ResetLinkDto })
  @ApiErrorResponses('WORKSPACE_NOT_FOUND', 'MEMBER_NOT_FOUND')
  async resetLink(@Param('id') id: string, @Param('userId') userId: string, @ActingAs('operator') by: AuditOrigin): Promise<ResetLink> {
    return this.resets.issue(id, userId, by);
  }
}
