import { Module } from '@nestjs/common';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { AccountsService } from './accounts.service';
import { Clock, SystemClock } from './clock';
import { MembersAdminController } from './members-admin.controller';
import { SessionsService } from './sessions.service';

/** Users, memberships, invites and dashboard sessions (DECISIONS section 10). */
@Module({
  imports: [WorkspacesModule],
  controllers: [MembersAdminController],
  providers: [AccountsService, SessionsService, { provide: Clock, useClass: SystemClock }],
  exports: [AccountsService, SessionsService],
})
export class AccountsModule {}
