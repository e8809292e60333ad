import { AsciiBytes } from './ascii-bytes';

describe('AsciiBytes', () => {
  it('writes text, integers and references as PDF syntax', () => {
    const out = new AsciiBytes().text('<</K ').ref(12).text(' /N ').int(0).text(' ').int(1234567890).text('>>');
    expect(out.view().toString('latin1')).toBe('<</K 12 0 R /N 0 1234567890>>');
  });

  it('grows past its first buffer without losing what was written', () => {
    const out = new AsciiBytes();
    const expected: string[] = [];
    for (let i = 0; i < 5000; i++) {
      out.int(i).text(' ');
      expected.push(`${i} `);
    }
    expect(out.view().toString('latin1')).toBe(expected.join(''));
    expect(out.length).toBe(expected.join('').length);
  });
});
