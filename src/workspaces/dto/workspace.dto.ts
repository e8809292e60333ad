import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { TEMPLATE_IDS } from '../../engine/templates/template.types';
import { PLAN_IDS } from '../plans';

/* What the operator API answers. The request bodies have a DTO file each, with their validation. */

export class UsageDto {
  @ApiProperty({ example: '2026-11' }) period: string;
  @ApiProperty({ type: 'integer', example: 42 }) used: number;
  @ApiProperty({ type: 'integer', example: 1000 }) limit: number;
  @ApiProperty({ type: 'integer', example: 958 }) remaining: number;
  @ApiProperty({ type: 'integer', example: 3, description: "Test keys' generations this month (their own limit: the plan's)" }) testUsed: number;
}

export class WorkspaceDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Acme' }) name: string;
  @ApiProperty({ enum: PLAN_IDS }) plan: string;
  @ApiProperty({ type: 'integer', nullable: true, description: "The workspace's override, or null when the plan's limit applies" })
  monthlyLimit: number | null;
  @ApiProperty() suspended: boolean;
  @ApiProperty({ enum: TEMPLATE_IDS, isArray: true }) enabledTemplates: string[];
  @ApiProperty({ example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }) webhookSecret: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiPropertyOptional({ type: UsageDto, description: 'On GET of one workspace' }) usage?: UsageDto;
}

export class CreatedKeyDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'pdfg_3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f', description: 'Shown only in this response' }) key: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ enum: ['live', 'test'] }) mode: string;
}

export class KeyDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ enum: ['live', 'test'] }) mode: string;
  @ApiProperty({ example: 'pdfg_3f1c2d4e', description: 'First characters of the key' }) prefix: string;
  @ApiProperty() active: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) revokedAt: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'When a request last presented the key, to the minute; null if never' }) lastUsedAt: string | null;
}

export class WebhookSecretDto {
  @ApiProperty({ example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }) secret: string;
}
