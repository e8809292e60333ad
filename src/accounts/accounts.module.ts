import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { AccountsService } from './accounts.service';
import { Clock, SystemClock } from './clock';
import { ForgotPasswordService } from './forgot-password.service';
import { InviteEmailsService } from './invite-emails.service';
import { MembersAdminController } from './members-admin.controller';
import { PasswordResetsService } from './password-resets.service';
import { SessionsService } from './sessions.service';

/** Users, memberships, invites, dashboard sessions (DECISIONS section 10), password resets and their emails (section 16). */
@Module({
  imports: [WorkspacesModule, MailModule],
  controllers: [MembersAdminController],
  providers: [AccountsService, PasswordResetsService, SessionsService, ForgotPasswordService, InviteEmailsService, { provide: Clock, useClass: SystemClock }],
  exports: [AccountsService, PasswordResetsService, SessionsService, ForgotPasswordService, InviteEmailsService],
})
export class AccountsModule {}
