import { validTraceparent } from './traceparent';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT = '00f067aa0ba902b7';

describe('validTraceparent', () => {
  it('keeps a version 00 header as it is, sampled or not', () => {
    expect(validTraceparent(`00-${TRACE}-${PARENT}-01`)).toBe(`00-${TRACE}-${PARENT}-01`);
    expect(validTraceparent(`00-${TRACE}-${PARENT}-00`)).toBe(`00-${TRACE}-${PARENT}-00`);
  });

  it('reads the four fields of a later version and passes them on as version 00', () => {
    expect(validTraceparent(`cc-${TRACE}-${PARENT}-01-what-the-future-holds`)).toBe(`00-${TRACE}-${PARENT}-01`);
  });

  it.each([
    ['missing', undefined],
    ['repeated', [`00-${TRACE}-${PARENT}-01`, `00-${TRACE}-${PARENT}-01`]],
    ['upper-case hex', `00-${TRACE.toUpperCase()}-${PARENT}-01`],
    ['an all-zero trace id', `00-${'0'.repeat(32)}-${PARENT}-01`],
    ['an all-zero parent id', `00-${TRACE}-${'0'.repeat(16)}-01`],
    ['version ff', `ff-${TRACE}-${PARENT}-01`],
    ['version 00 with more fields', `00-${TRACE}-${PARENT}-01-extra`],
    ['a short trace id', `00-${TRACE.slice(1)}-${PARENT}-01`],
    ['garbage', 'hello'],
  ])('refuses %s', (_, header) => {
    expect(validTraceparent(header)).toBeUndefined();
  });
});
