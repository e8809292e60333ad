import { ArgumentMetadata } from '@nestjs/common';
import { IsInt, IsOptional, IsString, Max, Min } from './class-validator';
import { ApiError } from '../errors/api-error';
import { DtoValidationPipe } from './dto-validation.pipe';

class SampleDto {
  @IsString({ message: 'title must be a string' })
  title: string;

  @IsOptional()
  @IsInt({ message: 'count must be a whole number from 1 to 9' })
  @Min(1, { message: 'count must be a whole number from 1 to 9' })
  @Max(9, { message: 'count must be a whole number from 1 to 9' })
  count?: number;
}

const asBody = (metatype: ArgumentMetadata['metatype']): ArgumentMetadata => ({ type: 'body', metatype });

async function refusal(pipe: DtoValidationPipe, body: unknown): Promise<ApiError> {
  const error: unknown = await pipe.transform(body, asBody(SampleDto)).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('DtoValidationPipe', () => {
  const pipe = new DtoValidationPipe();

  it('answers the contract error: 400 Invalid request with validationErrors', async () => {
    const error = await refusal(pipe, { title: 1 });
    expect(error).toMatchObject({ status: 400, code: 'INVALID_REQUEST', message: 'Invalid request' });
    expect(error.extra).toEqual({ validationErrors: ['title must be a string'] });
  });

  it.each([
    ['an array', [{ title: 'x' }]],
    ['a string', 'title'],
    ['a number', 7],
    ['null', null],
    ['no body', undefined],
  ])('refuses %s as the body', async (_, body) => {
    expect((await refusal(pipe, body)).extra.validationErrors).toEqual(['body must be a JSON object']);
  });

  it('names every bad field once, in the order the class declares them', async () => {
    const error = await refusal(pipe, { count: 'ten', title: null });
    expect(error.extra.validationErrors).toEqual(['title must be a string', 'count must be a whole number from 1 to 9']);
  });

  it('gives a field failing several checks only its first message', async () => {
    expect((await refusal(pipe, { title: 'x', count: 99.5 })).extra.validationErrors).toEqual(['count must be a whole number from 1 to 9']);
  });

  it('returns an instance of the class, without the fields it does not declare', async () => {
    const dto = await pipe.transform({ title: 'x', count: 2, role: 'admin' }, asBody(SampleDto));
    expect(dto).toBeInstanceOf(SampleDto);
    expect(dto).toEqual({ title: 'x', count: 2 });
    expect(dto).not.toHaveProperty('role');
  });

  it('lets an absent body stand for {} when the body is optional, and still refuses other non-objects', async () => {
    const optional = new DtoValidationPipe({ optionalBody: true });
    expect((await refusal(optional, undefined)).extra.validationErrors).toEqual(['title must be a string']);
    expect((await refusal(optional, [])).extra.validationErrors).toEqual(['body must be a JSON object']);
  });

  it('is a programming error on a parameter without a DTO class', () => {
    expect(() => pipe.transform({}, asBody(undefined))).toThrow('DtoValidationPipe needs a parameter typed with a DTO class');
    expect(() => pipe.transform({}, asBody(Object))).toThrow('DtoValidationPipe needs a parameter typed with a DTO class');
  });
});
