import { ApiPropertyOptional } from '@nestjs/swagger';
import { KEY_MODES, KeyMode } from '../../auth/key-mode';
import { IsIn, IsOptional } from '../../common/validation/class-validator';
import { ValidateIfPresent } from '../../common/validation/validate-if-present';
import { FIELD_MESSAGES } from './field-messages';
import { NAME_MAX_LENGTH } from '../workspace-bounds';
import { IsKeyName } from './field-validators';

export class CreateKeyDto {
  @ApiPropertyOptional({ type: String, nullable: true, example: 'zapier', maxLength: NAME_MAX_LENGTH, description: 'No control characters' })
  @IsOptional()
  @IsKeyName()
  name?: string | null;

  @ApiPropertyOptional({ enum: KEY_MODES, description: 'Default: live. test: generations carry a TEST watermark and X-Test-Mode, and are counted apart (usage.testUsed)' })
  @ValidateIfPresent()
  @IsIn(KEY_MODES, { message: FIELD_MESSAGES.keyMode })
  mode?: KeyMode;
}
