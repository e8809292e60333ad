import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** The shape of every error body (spec "Errors", DECISIONS section 1). */
export class ErrorResponse {
  @ApiProperty({ example: false, enum: [false] })
  success: false;

  @ApiProperty({ example: 'Missing API key', description: 'Human-readable message, exactly as the contract words it' })
  error: string;

  @ApiProperty({ example: 'MISSING_API_KEY', description: 'Stable UPPER_SNAKE identifier to branch on' })
  code: string;

  @ApiProperty({ description: 'Same value as the X-Request-Id response header' })
  requestId: string;

  @ApiPropertyOptional({ type: [String], description: 'Every problem found, each naming its field' })
  validationErrors?: string[];

  @ApiPropertyOptional({ type: [String], description: 'Template ids this workspace may use (TEMPLATE_NOT_FOUND)' })
  availableTemplates?: string[];

  @ApiPropertyOptional({ description: 'QUOTA_EXCEEDED: the limit in force; CUSTOM_TEMPLATE_LIMIT_REACHED: custom templates a workspace may hold' })
  limit?: number;

  @ApiPropertyOptional({ description: 'QUOTA_EXCEEDED: generations counted this month' })
  used?: number;

  @ApiPropertyOptional({ description: 'QUOTA_EXCEEDED: generations left this month' })
  remaining?: number;

  @ApiPropertyOptional({ description: 'A short, safe explanation (never a stack trace)' })
  details?: string;
}
