import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class GenerateResponseDto {
  @ApiProperty({ example: true }) success: boolean;
  @ApiPropertyOptional({ example: 'http://localhost:3000/files/q1w2e3r4t5y6u7i8o9p0a1s2.pdf', description: 'outputFormat url' }) pdfUrl?: string;
  @ApiPropertyOptional({ example: 'JVBERi0xLjMK...', description: 'outputFormat base64' }) base64?: string;
  @ApiProperty({ example: 'invoice-basic' }) templateId: string;
  @ApiProperty({ example: '1.0.0', description: 'The version rendered (built-in templates: 1.0.0)' }) templateVersion: string;
  @ApiProperty({ example: '2026-11-21T09:30:00.000Z', format: 'date-time' }) generatedAt: string;
}
