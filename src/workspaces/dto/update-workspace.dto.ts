import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional } from '../../common/validation/class-validator';
import { ValidateIfPresent } from '../../common/validation/validate-if-present';
import { TEMPLATE_IDS, TemplateId } from '../../engine/templates/template.types';
import { PLAN_IDS, PlanId } from '../plans';
import { MONTHLY_LIMIT_MAX, NAME_MAX_LENGTH } from '../workspace-bounds';
import { FIELD_MESSAGES } from './field-messages';
import { IsMonthlyLimit, IsTemplateIdList, IsWorkspaceName } from './field-validators';

/** A patch: an absent field is left as it is. Whether the templates belong to the plan is checked against the stored workspace. */
export class UpdateWorkspaceDto {
  @ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH, description: 'Trimmed; no control characters' })
  @ValidateIfPresent()
  @IsWorkspaceName()
  name?: string;

  @ApiPropertyOptional({ enum: PLAN_IDS })
  @ValidateIfPresent()
  @IsIn(PLAN_IDS, { message: FIELD_MESSAGES.plan })
  plan?: PlanId;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: MONTHLY_LIMIT_MAX, nullable: true, description: "null returns to the plan's limit" })
  @IsOptional()
  @IsMonthlyLimit()
  monthlyLimit?: number | null;

  @ApiPropertyOptional()
  @ValidateIfPresent()
  @IsBoolean({ message: FIELD_MESSAGES.suspended })
  suspended?: boolean;

  @ApiPropertyOptional({ enum: TEMPLATE_IDS, isArray: true, description: 'Only templates of the plan (the new one when the patch changes it)' })
  @ValidateIfPresent()
  @IsTemplateIdList()
  enabledTemplates?: TemplateId[];
}
