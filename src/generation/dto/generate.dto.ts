import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { TEMPLATE_IDS } from '../../engine/templates/template.types';
import { TEMPLATE_SAMPLES } from '../../templates/samples';
import { templateDataSchemaName } from '../../engine/templates/built-in-templates';
import { OUTPUT_FORMATS } from '../generate-request';
import { ORIENTATIONS, PAGE_FORMATS } from '../../engine/page/pdf-options';

export class MarginOptionsDto {
  @ApiPropertyOptional({ example: '0.75in', description: 'CSS length: in, mm, cm, pt, px (96 px = 1 in) or a bare number (px)' }) top?: string;
  @ApiPropertyOptional({ example: '0.75in' }) right?: string;
  @ApiPropertyOptional({ example: '0.75in' }) bottom?: string;
  @ApiPropertyOptional({ example: '0.75in' }) left?: string;
}

export class PdfOptionsDto {
  @ApiPropertyOptional({ enum: PAGE_FORMATS, default: 'Letter' }) format?: string;
  @ApiPropertyOptional({ enum: ORIENTATIONS, default: 'portrait' }) orientation?: string;
  @ApiPropertyOptional({ type: MarginOptionsDto, description: "Overrides the template's margins side by side" }) margin?: MarginOptionsDto;
  @ApiPropertyOptional({ default: false, description: 'Draw headerTemplate / footerTemplate (default footer: Page N of M)' })
  displayHeaderFooter?: boolean;
  @ApiPropertyOptional({
    maxLength: 20000,
    example: '<div style="font-size:9px;text-align:right">Acme Corp — <span class="title"></span></div>',
    description:
      'HTML subset: text, b strong i em u br span div p img (data:image/png|jpeg only); inline style font-size, font-weight, font-style, color, text-align, margin, padding, width; placeholder classes pageNumber, totalPages, date, title, url',
  })
  headerTemplate?: string;
  @ApiPropertyOptional({ maxLength: 20000, example: '<div style="text-align:center">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>' })
  footerTemplate?: string;
}

export class WebhookDto {
  @ApiProperty({ example: 'https://hooks.example.com/pdf-ready', maxLength: 2048, description: 'http(s), public addresses only' }) url: string;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string', maxLength: 1024 },
    example: { 'X-Correlation-Id': 'order-1042' },
    description: 'At most 20; reserved names (host, content-type, cookie, webhook-*, proxy-*, sec-*, ...) are refused',
  })
  headers?: Record<string, string>;
}

export class GenerateRequestDto {
  @ApiProperty({ enum: TEMPLATE_IDS, example: 'invoice-basic' }) templateId: string;
  @ApiProperty({
    oneOf: TEMPLATE_IDS.map((id) => ({ $ref: `#/components/schemas/${templateDataSchemaName(id)}` })),
    example: TEMPLATE_SAMPLES['invoice-basic'],
    description: "Must satisfy the template's schema, with its bounds (also at GET /api/v1/templates/{id}/schema)",
  })
  data: Record<string, unknown>;
  @ApiPropertyOptional({ type: PdfOptionsDto }) options?: PdfOptionsDto;
  @ApiPropertyOptional({ enum: OUTPUT_FORMATS, default: 'url' }) outputFormat?: string;
  @ApiPropertyOptional({ type: WebhookDto, description: 'Pro plan and above: answer 202 at once and POST the result here' }) webhook?: WebhookDto;
}

export class GenerateResponseDto {
  @ApiProperty({ example: true }) success: boolean;
  @ApiPropertyOptional({ example: 'http://localhost:3000/files/q1w2e3r4t5y6u7i8o9p0a1s2.pdf', description: 'outputFormat url' }) pdfUrl?: string;
  @ApiPropertyOptional({ example: 'JVBERi0xLjMK...', description: 'outputFormat base64' }) base64?: string;
  @ApiProperty({ example: 'invoice-basic' }) templateId: string;
  @ApiProperty({ example: '2026-11-21T09:30:00.000Z', format: 'date-time' }) generatedAt: string;
}

export class JobAcceptedDto {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ example: 'job_5f0c6f0e7c1b4d7e9a1b2c3d' }) jobId: string;
  @ApiProperty({ example: 'queued' }) status: string;
  @ApiProperty({ example: 'invoice-basic' }) templateId: string;
}
