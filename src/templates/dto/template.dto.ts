import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PAGE_FORMATS, ORIENTATIONS, TEMPLATE_CATEGORIES } from '../../engine';
import { TEMPLATE_LANGUAGE_COMPONENT } from '../templates.openapi';

export class TemplateDto {
  @ApiProperty({ example: 'invoice-basic', description: 'A built-in id, or one of your custom templates' }) id: string;
  @ApiProperty({ example: 'Basic Invoice' }) name: string;
  @ApiProperty() description: string;
  @ApiProperty({ enum: TEMPLATE_CATEGORIES, example: 'invoice' }) category: string;
  @ApiProperty({ example: '1.0.0', description: 'The newest version' }) version: string;
  @ApiProperty({ example: false, description: "true for your workspace's own templates" }) custom: boolean;
  @ApiPropertyOptional({ format: 'date-time', description: 'Custom templates only' }) createdAt?: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'Custom templates only: when the newest version was made' }) updatedAt?: string;
}

export class TemplateListDto {
  @ApiProperty({ type: TemplateDto, isArray: true }) templates: TemplateDto[];
  @ApiProperty({ type: 'integer', example: 4 }) total: number;
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
  @ApiProperty({ example: 'invoice-basic' }) templateId: string;
  @ApiProperty({ example: 'Basic Invoice' }) templateName: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'JSON Schema (draft-07) of `data`: the very schema generate validates with' })
  schema: Record<string, unknown>;
  @ApiProperty({ type: DefaultOptionsDto }) defaultOptions: DefaultOptionsDto;
}

export class TemplateVersionDto {
  @ApiProperty({ example: '1.0.0' }) version: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class TemplateDefinitionDto {
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'JSON Schema (draft-07) of `data`' }) schema: Record<string, unknown>;
  @ApiProperty({ allOf: [{ $ref: `#/components/schemas/${TEMPLATE_LANGUAGE_COMPONENT}` }], description: 'The document in the template language' })
  layout: Record<string, unknown>;
  @ApiProperty({ type: DefaultOptionsDto, description: "The definition's defaults over Letter, portrait, 0.75in" }) defaultOptions: DefaultOptionsDto;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, description: 'null when the definition has none' })
  sampleData: Record<string, unknown> | null;
}

/** GET /templates/{id}: a built-in has only the template's fields; a custom template also its definition and versions. */
export class TemplateDetailDto extends TemplateDto {
  @ApiPropertyOptional({ type: TemplateDefinitionDto, description: 'Custom templates only: the newest version' }) definition?: TemplateDefinitionDto;
  @ApiPropertyOptional({ type: TemplateVersionDto, isArray: true, description: 'Custom templates only: every version, oldest first' })
  versions?: TemplateVersionDto[];
}
