import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from '../../common/validation/class-validator';
import { PLAN_IDS, PlanId } from '../plans';
import { MONTHLY_LIMIT_MAX, NAME_MAX_LENGTH } from '../workspace-bounds';
import { FIELD_MESSAGES } from './field-messages';
import { IsMonthlyLimit, IsWorkspaceName } from './field-validators';

export class CreateWorkspaceDto {
  @ApiProperty({ example: 'Acme', maxLength: NAME_MAX_LENGTH, description: 'Trimmed; no control characters' })
  @IsWorkspaceName()
  name: string;

  @ApiProperty({ enum: PLAN_IDS, example: 'pro' })
  @IsIn(PLAN_IDS, { message: FIELD_MESSAGES.plan })
  plan: PlanId;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: MONTHLY_LIMIT_MAX, nullable: true, description: "Overrides the plan's monthly limit", example: 5000 })
  @IsOptional()
  @IsMonthlyLimit()
  monthlyLimit?: number | null;
}
