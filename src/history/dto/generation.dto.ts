import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { GENERATION_STATUSES } from '../generation-record';

export class GenerationDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'invoice-basic' }) templateId: string;
  @ApiProperty({ example: '1.0.0' }) templateVersion: string;
  @ApiProperty({ enum: ['url', 'base64', 'buffer'] }) outputFormat: string;
  @ApiProperty({ enum: GENERATION_STATUSES }) status: string;
  @ApiPropertyOptional({ description: 'outputFormat url, once stored' }) pdfUrl?: string;
  @ApiPropertyOptional({ description: 'Made by a webhook job' }) jobId?: string;
  @ApiPropertyOptional({ type: 'integer', example: 25412 }) sizeBytes?: number;
  @ApiPropertyOptional({ type: 'integer', example: 2 }) pages?: number;
  @ApiProperty({ type: 'integer', example: 42 }) generationTimeMs: number;
  @ApiProperty({ description: 'X-Request-Id of the request that asked for it' }) requestId: string;
  @ApiProperty({ enum: ['live', 'test'] }) mode: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiPropertyOptional({ description: 'A failed generation: the details of its 500 PDF generation failed', example: 'Rendering took longer than 30000 ms' }) error?: string;
}

export class GenerationsPageDto {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: [GenerationDto], description: 'Newest first' }) generations: GenerationDto[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as cursor for the next page; null on the last page' }) nextCursor: string | null;
}
