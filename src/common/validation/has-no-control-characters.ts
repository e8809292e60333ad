import { ValidateBy, ValidationOptions } from './class-validator';

/** C0, DEL and C1: invisible in every listing, and PostgreSQL refuses NUL in text outright. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** A string without control characters. */
export function HasNoControlCharacters(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'hasNoControlCharacters',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && !CONTROL_CHARACTER.test(value),
        defaultMessage: () => '$property must not contain control characters (U+0000-U+001F, U+007F-U+009F)',
      },
    },
    options,
  );
}
