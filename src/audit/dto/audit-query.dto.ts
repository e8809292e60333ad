import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, Matches, ValidateBy } from '../../common/validation/class-validator';
import { ValidateIfPresent } from '../../common/validation/validate-if-present';
import { decodeCursor } from '../../history/history-cursor';
import { AUDIT_ACTIONS } from '../audit-entry';

/** Pages as long as the generation history's (DECISIONS section 11). */
export const AUDIT_PAGE = { default: 50, max: 100 } as const;

const MESSAGES = {
  workspaceId: 'workspaceId must be a workspace id (a UUID)',
  action: `action must be one of: ${AUDIT_ACTIONS.join(', ')}`,
  limit: `limit must be a whole number from 1 to ${AUDIT_PAGE.max}`,
  cursor: 'cursor must be the nextCursor of an earlier page',
};

/** Checks run in the order given: a repeated parameter (an array) fails as a string first. */
const textMatching = (pattern: RegExp, message: string) => applyDecorators(ValidateIfPresent(), IsString({ message }), Matches(pattern, { message }));

/** The query of GET /admin/v1/audit: every parameter a string, as a URL gives it. */
export class AuditQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: "Only this workspace's entries" })
  @textMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, MESSAGES.workspaceId)
  workspaceId?: string;

  @ApiPropertyOptional({ enum: AUDIT_ACTIONS })
  @ValidateIfPresent()
  @IsIn(AUDIT_ACTIONS, { message: MESSAGES.action })
  action?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: AUDIT_PAGE.max, default: AUDIT_PAGE.default })
  @textMatching(/^(?:[1-9]\d?|100)$/, MESSAGES.limit)
  limit?: string;

  @ApiPropertyOptional({ description: 'The nextCursor of the previous page' })
  @ValidateIfPresent()
  @ValidateBy({ name: 'auditCursor', validator: { validate: (value) => typeof value === 'string' && decodeCursor(value) !== null } }, { message: MESSAGES.cursor })
  cursor?: string;
}
