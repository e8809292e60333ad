import { parseByteRange } from './byte-range';

describe('parseByteRange', () => {
  it('serves the whole file without a usable header', () => {
    expect(parseByteRange(undefined, 100)).toBeUndefined();
    expect(parseByteRange('items=0-1', 100)).toBeUndefined();
    expect(parseByteRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(parseByteRange('bytes=-', 100)).toBeUndefined();
  });

  it('reads first-last, open-ended and suffix ranges', () => {
    expect(parseByteRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseByteRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseByteRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseByteRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange('bytes=95-500', 100)).toEqual({ start: 95, end: 99 });
  });

  it('reports unsatisfiable ranges', () => {
    expect(parseByteRange('bytes=100-', 100)).toBeNull();
    expect(parseByteRange('bytes=5-2', 100)).toBeNull();
    expect(parseByteRange('bytes=-0', 100)).toBeNull();
  });
});
