import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminTokenGuard } from '../auth/admin-token.guard';
import { ApiErrorResponses } from '../common/openapi/api-error-responses.decorator';
import { DtoValidationPipe } from '../common/validation/dto-validation.pipe';
import { decodeCursor } from '../history/history-cursor';
import type { AuditAction } from './audit-entry';
import { AuditLog, AuditPage } from './audit-log.service';
import { AUDIT_PAGE, AuditQueryDto } from './dto/audit-query.dto';
import { AuditPageDto } from './dto/audit-entry.dto';

/** The operator's reading of the audit log (DECISIONS section 16). */
@ApiTags('operator')
@ApiBearerAuth('admin')
@ApiErrorResponses('INVALID_ADMIN_TOKEN', 'NOT_FOUND')
@UseGuards(AdminTokenGuard)
@Controller('admin/v1/audit')
export class AuditAdminController {
  constructor(private readonly audit: AuditLog) {}

  @Get()
  @ApiOperation({ operationId: 'listAuditEntries', summary: 'The audit log, newest first: key, member, template, secret, plan and erasure changes, and sign-ins (kept AUDIT_DAYS days)' })
  @ApiOkResponse({ type: AuditPageDto })
  @ApiErrorResponses('INVALID_REQUEST')
  async list(@Query(new DtoValidationPipe()) query: AuditQueryDto): Promise<{ success: true } & AuditPage> {
    const page = await this.audit.list({
      limit: query.limit === undefined ? AUDIT_PAGE.default : Number(query.limit),
      after: query.cursor === undefined ? undefined : decodeCursor(query.cursor)!,
      workspaceId: query.workspaceId,
      action: query.action as AuditAction | undefined,
    });
    return { success: true, ...page };
  }
}
