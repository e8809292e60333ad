import { ArgumentMetadata, PipeTransform } from '@nestjs/common';
import { DtoClass, validateDto } from './validate-dto';

export interface DtoValidationOptions {
  /** A request without a body stands for `{}` (a body that is not an object is still refused). */
  optionalBody?: boolean;
}

/**
 * Validates a body against its parameter's DTO class: `@Body(pipe) body: SomeDto`. Used per route,
 * never globally: other routes check their envelope in a contract-specific order of their own.
 */
export class DtoValidationPipe implements PipeTransform<unknown, Promise<object>> {
  constructor(private readonly options: DtoValidationOptions = {}) {}

  transform(value: unknown, { metatype }: ArgumentMetadata): Promise<object> {
    if (!metatype || metatype === Object) throw new Error('DtoValidationPipe needs a parameter typed with a DTO class');
    const body = value === undefined && this.options.optionalBody ? {} : value;
    return validateDto(metatype as DtoClass, body);
  }
}
