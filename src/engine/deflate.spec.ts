import { randomBytes } from 'node:crypto';
import { deflateSync, inflateSync } from 'node:zlib';
import { deflate } from './deflate';

describe('deflate', () => {
  const samples: Array<[string, Buffer]> = [
    ['empty', Buffer.alloc(0)],
    ['one byte', Buffer.from('x')],
    ['page content', Buffer.from('BT /PF2 9 Tf 1 0 0 -1 60 364.04 Tm <00330034000d0007> Tj ET\n'.repeat(400), 'latin1')],
    // Incompressible and larger than the first output buffer: the output grows past it.
    ['random 200 KB', randomBytes(200 * 1024)],
  ];

  it.each(samples)('writes the same stream as deflateSync at level 1 (%s)', (_name, input) => {
    const deflated = deflate(input);
    expect(deflated.equals(deflateSync(input, { level: 1 }))).toBe(true);
    expect(inflateSync(deflated).equals(input)).toBe(true);
  });

  it('deflates parts as one stream, as their concatenation', () => {
    const parts = samples.map(([, input]) => input);
    expect(deflate(...parts).equals(deflateSync(Buffer.concat(parts), { level: 1 }))).toBe(true);
  });

  it('starts each call afresh: calls in any order give the same streams', () => {
    const first = samples.map(([, input]) => deflate(input));
    const again = [...samples].reverse().map(([, input]) => deflate(input)).reverse();
    again.forEach((stream, i) => expect(stream.equals(first[i])).toBe(true));
  });

  it('returns bytes of its own, not a view of a buffer it writes to again', () => {
    const a = deflate(Buffer.from('first'));
    const copy = Buffer.from(a);
    deflate(Buffer.from('second, longer, different'));
    expect(a.equals(copy)).toBe(true);
  });
});
