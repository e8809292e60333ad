import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { JOB_STATUSES } from '../job.entity';

export class JobAcceptedDto {
  @ApiProperty({ example: true }) success: true;
  @ApiProperty({ example: '0b6f4a52-8c1e-4d2f-9a7b-3e5c6d7f8a9b' }) jobId: string;
  @ApiProperty({ example: 'queued', enum: ['queued'] }) status: 'queued';
  @ApiProperty({ example: 'invoice-basic' }) templateId: string;
}

export class JobDto {
  @ApiProperty({ example: true }) success: true;
  @ApiProperty() jobId: string;
  @ApiProperty({ enum: JOB_STATUSES, example: 'delivered' }) status: string;
  @ApiProperty({ example: 'invoice-basic' }) templateId: string;
  @ApiPropertyOptional({ description: 'Once the PDF is made', example: 'http://localhost:3000/files/Jc9...pdf' }) pdfUrl?: string;
  @ApiProperty({ type: 'integer', description: 'Attempts of the current delivery', example: 1 }) attempts: number;
  @ApiPropertyOptional({ description: 'Why the last attempt or the rendering failed', example: 'Receiver answered 503' }) lastError?: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export class AttemptDto {
  @ApiProperty({ type: 'integer', example: 1 }) number: number;
  @ApiProperty({ format: 'date-time' }) attemptedAt: string;
  @ApiProperty({ type: 'integer', nullable: true, example: 503 }) statusCode: number | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'Time-out or connection error' }) error: string | null;
  @ApiProperty({ type: 'integer', example: 84 }) durationMs: number;
}

export class DeliveryDto {
  @ApiProperty({ description: 'The webhook-id header of every attempt', example: 'msg_5f0c2b1e9d8a7c6b5a4f3e2d1c0b9a8f' }) id: string;
  @ApiProperty() jobId: string;
  @ApiProperty({ enum: ['pending', 'delivered', 'failed'] }) status: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiProperty({ type: [AttemptDto] }) attempts: AttemptDto[];
}

export class DeliveriesDto {
  @ApiProperty({ type: [DeliveryDto] }) deliveries: DeliveryDto[];
}
