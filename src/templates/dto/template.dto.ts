import { ApiProperty } from '@nestjs/swagger';
import { PAGE_FORMATS, ORIENTATIONS, TEMPLATE_CATEGORIES, TEMPLATE_IDS } from '../../engine';

export class TemplateDto {
  @ApiProperty({ enum: TEMPLATE_IDS, example: 'invoice-basic' }) id: string;
  @ApiProperty({ example: 'Basic Invoice' }) name: string;
  @ApiProperty() description: string;
  @ApiProperty({ enum: TEMPLATE_CATEGORIES, example: 'invoice' }) category: string;
  @ApiProperty({ example: '1.0.0' }) version: string;
}

export class TemplateListDto {
  @ApiProperty({ type: TemplateDto, isArray: true }) templates: TemplateDto[];
  @ApiProperty({ example: 4 }) total: number;
  @ApiProperty({ enum: TEMPLATE_CATEGORIES, isArray: true, example: TEMPLATE_CATEGORIES }) categories: string[];
}

export class MarginDto {
  @ApiProperty({ example: '0.75in' }) top: string;
  @ApiProperty({ example: '0.75in' }) right: string;
  @ApiProperty({ example: '0.75in' }) bottom: string;
  @ApiProperty({ example: '0.75in' }) left: string;
}

export class DefaultOptionsDto {
  @ApiProperty({ enum: PAGE_FORMATS }) format: string;
  @ApiProperty({ enum: ORIENTATIONS }) orientation: string;
  @ApiProperty({ type: MarginDto }) margin: MarginDto;
}

export class TemplateSchemaDto {
  @ApiProperty({ enum: TEMPLATE_IDS }) templateId: string;
  @ApiProperty({ example: 'Basic Invoice' }) templateName: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'JSON Schema (draft-07) of `data`: the very schema generate validates with' })
  schema: Record<string, unknown>;
  @ApiProperty({ type: DefaultOptionsDto }) defaultOptions: DefaultOptionsDto;
}
