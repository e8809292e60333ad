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

  it('appends bytes as they are, growing a small first buffer', () => {
    const binary = Buffer.from([0, 0xff, 0x80, 0x0a]);
    const out = new AsciiBytes(4).text('%PDF').append(binary).text(' obj');
    expect([...out.view()]).toEqual([...Buffer.from('%PDF', 'latin1'), 0, 0xff, 0x80, 0x0a, ...Buffer.from(' obj', 'latin1')]);
  });

  it('writes points as rounding to 2 decimals and toString() would', () => {
    const values = [0, -0, 0.004, -0.004, 0.005, -0.005, 1, -1, 12.5, -12.5, 0.1, 0.07, 841.89, 595.2756, 100, 1234.565, -72.019, 0.995, 99.999, 1e9 + 0.25];
    for (let i = 0; i < 2000; i++) values.push((i - 1000) * 0.0137, i * 7.3 - 5000.003);
    const out = new AsciiBytes();
    for (const value of values) out.points(value).text(' ');
    expect(out.view().toString('latin1')).toBe(values.map((value) => `${(Math.round(value * 100) / 100).toString()} `).join(''));
  });

  it('writes negative integers, hex codes and inserts a character before what was written', () => {
    const out = new AsciiBytes().text('<').hex4(0).hex4(0x1a2b).text('>').int(-120).byte(0x20);
    out.insert(0, 0x5b);
    expect(out.view().toString('latin1')).toBe('[<00001a2b>-120 ');
  });

  it('hands a released buffer to the next writer, which writes over it, and is empty after the release', () => {
    const first = new AsciiBytes().text('first document');
    const memory = first.view().buffer;
    const copied = Buffer.from(first.view());
    first.release();
    expect(first.view().length).toBe(0);
    const second = new AsciiBytes().text('second');
    expect(second.view().buffer).toBe(memory);
    expect(second.view().toString('latin1')).toBe('second');
    expect(copied.toString('latin1')).toBe('first document');
    // Written to again by mistake, a released writer takes a buffer of its own.
    first.text('late');
    expect(first.view().buffer).not.toBe(memory);
    expect(second.view().toString('latin1')).toBe('second');
    second.release();
  });

  it('keeps small writers on Node\'s shared pool, never taking a spare buffer for them', () => {
    const big = new AsciiBytes();
    const memory = big.view().buffer;
    big.release();
    expect(new AsciiBytes(512).view().buffer).not.toBe(memory);
    const next = new AsciiBytes();
    expect(next.view().buffer).toBe(memory);
    next.release();
  });
});
