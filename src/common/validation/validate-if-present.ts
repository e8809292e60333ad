import { ValidateIf } from './class-validator';

/**
 * Skips a property's checks only when it is absent. Unlike IsOptional, null is checked (and so
 * refused) like any other value: in a patch, null is not "leave unchanged".
 */
export function ValidateIfPresent(): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined);
}
