import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { BATCH_STATUSES } from '../batch.entity';

export class BatchAcceptedDto {
  @ApiProperty({ example: true }) success: true;
  @ApiProperty({ example: '6d0a3c1e-2b4f-4e8a-9c7d-1f2e3a4b5c6d' }) batchId: string;
  @ApiProperty({ type: 'integer', description: 'How many items were queued', example: 3 }) items: number;
}

export class BatchItemDto {
  @ApiProperty({ type: 'integer', description: "The item's place in the request, from 0", example: 0 }) index: number;
  @ApiProperty({ enum: ['queued', 'running', 'succeeded', 'failed'], example: 'succeeded' }) status: string;
  @ApiPropertyOptional({ example: 'http://localhost:3000/files/Jc9...pdf' }) pdfUrl?: string;
  @ApiPropertyOptional({ description: 'Why the item failed (the details of a 500 PDF generation failed)' }) error?: string;
}

export class BatchDto {
  @ApiProperty({ example: true }) success: true;
  @ApiProperty() id: string;
  @ApiProperty({ enum: BATCH_STATUSES, example: 'succeeded' }) status: string;
  @ApiProperty({ type: [BatchItemDto] }) items: BatchItemDto[];
  @ApiPropertyOptional({ description: 'With merge: true, once the batch has ended and at least one item succeeded' }) mergedPdfUrl?: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiPropertyOptional({ format: 'date-time' }) finishedAt?: string;
}
