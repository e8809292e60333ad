import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ACTOR_TYPES, AUDIT_ACTIONS, SIGN_IN_METHODS, TARGET_TYPES } from '../audit-entry';

export class AuditActorDto {
  @ApiProperty({ enum: ACTOR_TYPES, description: 'user: a person signed in to the dashboard; key: an API key; operator: the admin token or the CLI' }) type: string;
  @ApiPropertyOptional({ description: "The user's or key's id; absent for the operator, and for a failed sign-in" }) id?: string;
}

export class AuditTargetDto {
  @ApiProperty({ enum: TARGET_TYPES }) type: string;
  @ApiProperty({ type: String, nullable: true, description: "The key's, member's, template's, workspace's, file's or user's id; null for a failed sign-in with an unknown email" }) id: string | null;
}

export class AuditEntryDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'null for a failed sign-in that names no account' }) workspaceId: string | null;
  @ApiProperty({ enum: AUDIT_ACTIONS }) action: string;
  @ApiProperty({ type: AuditActorDto }) actor: AuditActorDto;
  @ApiProperty({ type: AuditTargetDto }) target: AuditTargetDto;
  @ApiProperty({ type: String, nullable: true, description: "The client's IP address; null for the CLI", example: '203.0.113.7' }) ip: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'X-Request-Id of the request; null for the CLI' }) requestId: string | null;
  @ApiPropertyOptional({ enum: SIGN_IN_METHODS, description: 'Sign-ins only: with a password (an invite, a reset link or sign-up included) or by single sign-on' }) method?: string;
}

export class AuditPageDto {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: [AuditEntryDto], description: 'Newest first' }) entries: AuditEntryDto[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as cursor for the next page; null on the last page' }) nextCursor: string | null;
}
