import { plainToInstance } from 'class-transformer';
import { validate } from '../../common/validation/class-validator';
import type { DtoClass } from '../../common/validation/validate-dto';

/** A form checked against the API's DTO: the instance, or the DTO's one message per refused field. */
export type CheckedForm<T> = { ok: true; value: T } | { ok: false; fields: Record<string, string> };

/**
 * Checks a dashboard form with the same DTO class (the same rules and messages) as the operator
 * API, keeping each message at its field so the form can show it there. The rules are the DTO's;
 * only the shape of the answer differs from validateDto's `invalidRequest`.
 */
export async function checkForm<T extends object>(type: DtoClass<T>, fields: Record<string, unknown>): Promise<CheckedForm<T>> {
  const dto = plainToInstance(type, fields);
  const errors = await validate(dto, { whitelist: true, stopAtFirstError: true });
  if (errors.length === 0) return { ok: true, value: dto };
  return { ok: false, fields: Object.fromEntries(errors.map((error) => [error.property, Object.values(error.constraints ?? {})[0] ?? 'Invalid value'])) };
}
