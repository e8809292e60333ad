import { Global, Module } from '@nestjs/common';
import { AuditAdminController } from './audit-admin.controller';
import { AuditLog } from './audit-log.service';

/** The audit log (DECISIONS section 16). Global: keys, members, templates, files and sign-ins all write to it. */
@Global()
@Module({ controllers: [AuditAdminController], providers: [AuditLog], exports: [AuditLog] })
export class AuditModule {}
