import { Module } from '@nestjs/common';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { AccountsService } from './accounts.service';
import { Clock, SystemClock } from './clock';
import { MembersAdminController } from './members-admin.controller';
import { PasswordResetsService } from './password-resets.service';
import { SessionsService } from './sessions.service';

/** Users, memberships, invites, dashboard sessions (DECISIONS section 10) and password resets (section 16). */
@Module({
  imports: [WorkspacesModule],
  controllers: [MembersAdminController],
  providers: [AccountsService, PasswordResetsService, SessionsService, { provide: Clock, useClass: SystemClock }],
  exports: [AccountsService, PasswordResetsService, SessionsService],
})
export class AccountsModule {}
