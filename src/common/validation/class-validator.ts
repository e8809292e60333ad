import type * as ClassValidator from 'class-validator';
import type { ValidationError, ValidatorOptions } from 'class-validator';

/**
 * The class-validator pieces our DTOs use, each loaded from its own module. The package's index
 * also loads validator.js whole and the libphonenumber-js metadata: measured after GC, 7.1-7.6 MB
 * more RSS on the HTTP thread against 0.1-0.3 MB for these modules, and the HTTP bench's peak RSS
 * went from 198-200 MB to 210-211 MB with the index.
 */
type Api = typeof ClassValidator;
function piece<K extends keyof Api>(path: string, name: K): Api[K] {
  return require(`class-validator/cjs/${path}`)[name] as Api[K];
}

export const IsArray = piece('decorator/typechecker/IsArray', 'IsArray');
export const IsBoolean = piece('decorator/typechecker/IsBoolean', 'IsBoolean');
export const IsInt = piece('decorator/typechecker/IsInt', 'IsInt');
export const IsString = piece('decorator/typechecker/IsString', 'IsString');
export const IsIn = piece('decorator/common/IsIn', 'IsIn');
export const IsOptional = piece('decorator/common/IsOptional', 'IsOptional');
export const ValidateBy = piece('decorator/common/ValidateBy', 'ValidateBy');
export const ValidateIf = piece('decorator/common/ValidateIf', 'ValidateIf');
export const Max = piece('decorator/number/Max', 'Max');
export const Min = piece('decorator/number/Min', 'Min');
export const Matches = piece('decorator/string/Matches', 'Matches');

const Validator = piece('validation/Validator', 'Validator');
const getFromContainer = piece('container', 'getFromContainer');

/** class-validator's own `validate`, through the same container the decorators registered with. */
export function validate(object: object, options?: ValidatorOptions): Promise<ValidationError[]> {
  return getFromContainer(Validator).validate(object, options);
}

export type { ValidationError, ValidationOptions } from 'class-validator';
