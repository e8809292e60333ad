import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from '../../common/validation/class-validator';
import { NAME_MAX_LENGTH } from '../workspace-bounds';
import { IsKeyName } from './field-validators';

export class CreateKeyDto {
  @ApiPropertyOptional({ type: String, nullable: true, example: 'zapier', maxLength: NAME_MAX_LENGTH, description: 'No control characters' })
  @IsOptional()
  @IsKeyName()
  name?: string | null;
}
