import { ValidateBy, ValidationOptions } from './class-validator';

/**
 * A string of at most `max` UTF-16 code units, as String.length counts them. class-validator's
 * MaxLength does not count variation selectors, so a string it accepts can outgrow its column.
 */
export function MaxUtf16Length(max: number, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'maxUtf16Length',
      constraints: [max],
      validator: {
        validate: (value: unknown) => typeof value === 'string' && value.length <= max,
        defaultMessage: () => '$property must be a string of at most $constraint1 characters',
      },
    },
    options,
  );
}
