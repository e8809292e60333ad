import { plainToInstance } from 'class-transformer';
import { validate, ValidationError } from './class-validator';
import { invalidRequest } from './invalid-request';

export type DtoClass<T extends object = object> = new () => T;

/**
 * Turns a parsed JSON body into an instance of `type`, or throws `invalidRequest` with one message
 * per refused field, in the order the class declares them. Unknown fields are dropped, not refused.
 * The operator API's pipe and the CLI both validate through here.
 */
export async function validateDto<T extends object>(type: DtoClass<T>, body: unknown): Promise<T> {
  // plainToInstance would map an array to an array of instances, and pass a string through.
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidRequest(['body must be a JSON object']);
  const dto = plainToInstance(type, body);
  const errors = await validate(dto, { whitelist: true, stopAtFirstError: true });
  if (errors.length > 0) throw invalidRequest(errors.map(firstMessage));
  return dto;
}

/** A field's first failed check: each check carries the field's one message. */
function firstMessage(error: ValidationError): string {
  return Object.values(error.constraints ?? {})[0];
}
