import { applyDecorators } from '@nestjs/common';
import { IsArray, IsIn, IsInt, IsString, Matches, Max, Min } from '../../common/validation/class-validator';
import { HasNoControlCharacters } from '../../common/validation/has-no-control-characters';
import { MaxUtf16Length } from '../../common/validation/max-utf16-length';
import { TEMPLATE_IDS } from '../../engine/templates/template.types';
import { MONTHLY_LIMIT_MAX, NAME_MAX_LENGTH } from '../workspace-bounds';
import { FIELD_MESSAGES } from './field-messages';

/*
 * Fields with several checks. They run in the order given (applyDecorators keeps it; stacked
 * decorators would run bottom-up), and the first one failed gives the field's one message.
 */

/** Exactly the whitespace String.prototype.trim removes, so "not blank" means "not empty once trimmed". */
const NOT_BLANK = /\S/;

/** Type and size first, so a name both too long and with a control character gets the size message. */
export function IsWorkspaceName(): PropertyDecorator {
  const message = FIELD_MESSAGES.workspaceName;
  return applyDecorators(IsString({ message }), Matches(NOT_BLANK, { message }), MaxUtf16Length(NAME_MAX_LENGTH, { message }), HasNoControlCharacters());
}

/** An API key's label may be blank. */
export function IsKeyName(): PropertyDecorator {
  const message = FIELD_MESSAGES.keyName;
  return applyDecorators(IsString({ message }), MaxUtf16Length(NAME_MAX_LENGTH, { message }), HasNoControlCharacters());
}

export function IsMonthlyLimit(): PropertyDecorator {
  const message = FIELD_MESSAGES.monthlyLimit;
  return applyDecorators(IsInt({ message }), Min(0, { message }), Max(MONTHLY_LIMIT_MAX, { message }));
}

export function IsTemplateIdList(): PropertyDecorator {
  const message = FIELD_MESSAGES.enabledTemplates;
  return applyDecorators(IsArray({ message }), IsIn(TEMPLATE_IDS, { each: true, message }));
}
