import { Body, Get, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { requireRole } from '../../accounts/account-fields';
import { AccountsService, InvitedMember, MemberView } from '../../accounts/accounts.service';
import { AddMemberDto } from '../../accounts/dto/add-member.dto';
import { InviteEmailOutcome, InviteEmailsService } from '../../accounts/invite-emails.service';
import { PasswordResetsService, ResetLink } from '../../accounts/password-resets.service';
import { ActingAs } from '../../audit/acting-as';
import type { AuditOrigin } from '../../audit/audit-entry';
import { ApiError } from '../../common/errors/api-error';
import { FormErrors, NO_FORM_ERRORS, toFormErrors } from '../auth/form-errors';
import { HOME_PATH, SIGN_IN_PATH } from '../http/dashboard-paths';
import { FormBody, formField } from '../http/form-body.middleware';
import { Dashboard, DashboardContext } from '../session/dashboard-context';
import { DashboardPage } from '../session/dashboard-page.decorator';
import { OwnerOnly } from '../session/owner-only.guard';
import { ViewRenderer } from '../view-renderer';
import { isConfirmed, renderConfirmStep } from './confirm-step';
import { checkForm } from './form-dto';

const MEMBERS_PATH = '/dashboard/members';

interface InviteForm {
  email: string;
  role: string;
}

const EMPTY_FORM: InviteForm = { email: '', role: 'member' };

/**
 * Members (DECISIONS section 10), for owners only: who can sign in to the workspace, invites (the
 * link shown once, and emailed with SMTP_URL), password reset links (shown once too), roles,
 * removal. The last owner can be neither removed nor made a member (LAST_OWNER, kept by AccountsService).
 */
@DashboardPage('members')
export class MembersPageController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly resets: PasswordResetsService,
    private readonly inviteEmails: InviteEmailsService,
    private readonly views: ViewRenderer,
  ) {}

  @Get()
  @OwnerOnly()
  async page(@Dashboard() ctx: DashboardContext, @Query('removed') removed: unknown, @Query('role') role: unknown, @Res() res: Response): Promise<void> {
    await this.render(res, ctx, { removed: removed === '1', roleChanged: role === 'changed' });
  }

  @Post()
  @OwnerOnly()
  async invite(@Dashboard() ctx: DashboardContext, @Body() body: FormBody, @ActingAs('user') by: AuditOrigin, @Res() res: Response): Promise<void> {
    const form = { email: formField(body, 'email').trim(), role: formField(body, 'role') };
    // The operator API's rules and messages (AddMemberDto), each at its field.
    const checked = await checkForm(AddMemberDto, form);
    if (!checked.ok) return this.render(res, ctx, { form, errors: { status: 400, fields: checked.fields, alert: '' } });
    let invited: InvitedMember;
    try {
      invited = await this.accounts.invite(ctx.workspace.id, checked.value.email, checked.value.role, by);
    } catch (error) {
      return this.render(res, ctx, { form, errors: toFormErrors(error, { MEMBER_EXISTS: 'email', INVALID_REQUEST: 'email' }) });
    }
    const emailed = await this.inviteEmails.send(ctx.workspace.id, invited, ctx.user.email);
    await this.render(res, ctx, { invited: { ...invited, emailed } }, 201);
  }

  /** Makes a member an owner, or an owner a member (`member.role_changed`). */
  @Post(':userId/role')
  @OwnerOnly()
  async changeRole(@Dashboard() ctx: DashboardContext, @Param('userId') userId: string, @Body() body: FormBody, @ActingAs('user') by: AuditOrigin, @Res() res: Response): Promise<void> {
    const role = requireRole(formField(body, 'role'));
    try {
      await this.accounts.changeRole(ctx.workspace.id, userId, role, by);
    } catch (error) {
      return this.render(res, ctx, { errors: lastOwnerRefusal(error) });
    }
    // An owner who made themselves a member may no longer see this page.
    res.redirect(303, userId === ctx.user.id && role !== 'owner' ? HOME_PATH : `${MEMBERS_PATH}?role=changed`);
  }

  /** A password reset link for a member (DECISIONS section 16), shown once like an invite link. */
  @Post(':userId/reset-link')
  @OwnerOnly()
  async resetLink(@Dashboard() ctx: DashboardContext, @Param('userId') userId: string, @ActingAs('user') by: AuditOrigin, @Res() res: Response): Promise<void> {
    const link = await this.resets.issue(ctx.workspace.id, userId, by);
    const members = await this.accounts.listMembers(ctx.workspace.id);
    const email = members.find((member) => member.id === userId)?.email ?? '';
    await this.render(res, ctx, { resetLink: { ...link, email } }, 201);
  }

  @Post(':userId/remove')
  @OwnerOnly()
  async remove(@Dashboard() ctx: DashboardContext, @Param('userId') userId: string, @Body() body: FormBody, @ActingAs('user') by: AuditOrigin, @Res() res: Response): Promise<void> {
    if (!isConfirmed(body)) {
      const member = (await this.accounts.listMembers(ctx.workspace.id)).find((m) => m.id === userId);
      if (!member) throw new ApiError('NOT_FOUND');
      const you = userId === ctx.user.id;
      return renderConfirmStep(this.views, res, {
        nav: 'members',
        question: you ? `Remove yourself from ${ctx.workspace.name}?` : `Remove ${member.email} from ${ctx.workspace.name}?`,
        detail: you ? 'You lose access at once.' : 'They lose access at once: their sessions in this workspace end and their invite links stop working.',
        action: `${MEMBERS_PATH}/${userId}/remove`,
        label: 'Remove',
        back: MEMBERS_PATH,
      });
    }
    try {
      await this.accounts.removeMember(ctx.workspace.id, userId, by);
    } catch (error) {
      return this.render(res, ctx, { errors: lastOwnerRefusal(error) });
    }
    // Removing oneself ends one's own session here.
    res.redirect(303, userId === ctx.user.id ? SIGN_IN_PATH : `${MEMBERS_PATH}?removed=1`);
  }

  private async render(
    res: Response,
    ctx: DashboardContext,
    state: {
      form?: InviteForm;
      errors?: FormErrors;
      invited?: InvitedMember & { emailed: InviteEmailOutcome };
      resetLink?: ResetLink & { email: string };
      removed?: boolean;
      roleChanged?: boolean;
    },
    status?: number,
  ): Promise<void> {
    const members = await this.accounts.listMembers(ctx.workspace.id);
    const errors = state.errors ?? NO_FORM_ERRORS;
    await this.views.render(
      res,
      'pages/members',
      {
        title: 'Members',
        nav: 'members',
        members: members.map((member) => rowOf(member, ctx, members)),
        form: state.form ?? EMPTY_FORM,
        errors,
        invited: state.invited ?? null,
        resetLink: state.resetLink ?? null,
        removed: state.removed ?? false,
        roleChanged: state.roleChanged ?? false,
        emailInvites: this.inviteEmails.enabled,
      },
      status ?? errors.status,
    );
  }
}

/** A member as the table shows it: whether it is you, and whether removing them is possible at all. */
function rowOf(member: MemberView, ctx: DashboardContext, all: MemberView[]) {
  const owners = all.filter((m) => m.role === 'owner').length;
  return { ...member, isYou: member.id === ctx.user.id, lastOwner: member.role === 'owner' && owners === 1 };
}

/** LAST_OWNER above the table, with what to do about it; any other error is thrown on. */
function lastOwnerRefusal(error: unknown): FormErrors {
  if (!(error instanceof ApiError) || error.code !== 'LAST_OWNER') throw error;
  return { status: error.status, fields: {}, alert: `${error.message}: make someone else an owner first.` };
}
