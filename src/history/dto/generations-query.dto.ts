import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, Matches, ValidateBy } from '../../common/validation/class-validator';
import { ValidateIfPresent } from '../../common/validation/validate-if-present';
import { TEMPLATE_IDS } from '../../engine';
import { TEMPLATE_ID_PATTERN } from '../../templates/custom/definition/template-definition.schema';
import { GENERATION_STATUSES } from '../generation-record';
import { decodeCursor } from '../history-cursor';

export const HISTORY_PAGE = { default: 50, max: 100 } as const;

const MESSAGES = {
  limit: `limit must be a whole number from 1 to ${HISTORY_PAGE.max}`,
  cursor: 'cursor must be the nextCursor of an earlier page',
  templateId: (customIds: readonly string[] = []) => `templateId must be one of: ${[...TEMPLATE_IDS, ...customIds].join(', ')}`,
  status: `status must be one of: ${GENERATION_STATUSES.join(', ')}`,
};

/** The message of an unknown templateId, naming the built-ins and the workspace's custom templates. */
export const unknownTemplateMessage = (customIds: readonly string[]) => MESSAGES.templateId(customIds);

/** Checks run in the order given: a repeated parameter (an array) fails as a string first. */
const textMatching = (pattern: RegExp, message: string) => applyDecorators(ValidateIfPresent(), IsString({ message }), Matches(pattern, { message }));

/** The query of GET /api/v1/generations: every parameter a string, as a URL gives it. */
export class GenerationsQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: HISTORY_PAGE.max, default: HISTORY_PAGE.default })
  @textMatching(/^(?:[1-9]\d?|100)$/, MESSAGES.limit)
  limit?: string;

  @ApiPropertyOptional({ description: 'The nextCursor of the previous page' })
  @ValidateIfPresent()
  @ValidateBy({ name: 'historyCursor', validator: { validate: (value) => typeof value === 'string' && decodeCursor(value) !== null } }, { message: MESSAGES.cursor })
  cursor?: string;

  // A built-in's id or one of the workspace's custom templates (GenerationsController checks which).
  @ApiPropertyOptional({ pattern: TEMPLATE_ID_PATTERN, description: `A built-in template (${TEMPLATE_IDS.join(', ')}) or one of the workspace's custom templates`, example: 'invoice-basic' })
  @textMatching(new RegExp(TEMPLATE_ID_PATTERN), MESSAGES.templateId())
  templateId?: string;

  @ApiPropertyOptional({ enum: GENERATION_STATUSES })
  @ValidateIfPresent()
  @IsIn(GENERATION_STATUSES, { message: MESSAGES.status })
  status?: string;
}
