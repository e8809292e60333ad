import { checkJsonShape, MAX_JSON_DEPTH, MAX_JSON_OBJECT_KEYS, MAX_JSON_VALUES } from './json-shape';

const shapeOf = (value: unknown) => checkJsonShape(Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)));
const objectWithKeys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));

describe('checkJsonShape', () => {
  it('accepts nesting up to the limit and refuses one level more, without recursing', async () => {
    expect(await shapeOf('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).toBeNull();
    expect(await shapeOf('['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1))).toBe(`JSON nesting deeper than ${MAX_JSON_DEPTH} levels is not accepted`);
    expect(await shapeOf('['.repeat(100_000) + ']'.repeat(100_000))).toMatch(/nesting deeper/);
  });

  it('bounds the keys of one object, not the items of an array', async () => {
    expect(await shapeOf({ data: objectWithKeys(MAX_JSON_OBJECT_KEYS) })).toBeNull();
    expect(await shapeOf({ data: objectWithKeys(MAX_JSON_OBJECT_KEYS + 1) })).toBe(`A JSON object may hold at most ${MAX_JSON_OBJECT_KEYS} keys`);
    expect(await shapeOf({ items: Array.from({ length: 5_000 }, () => objectWithKeys(3)) })).toBeNull();
  });

  it('bounds the values of the whole body', async () => {
    expect(await shapeOf({ series: Array.from({ length: MAX_JSON_VALUES - 10 }, () => 1) })).toBeNull();
    expect(await shapeOf({ series: Array.from({ length: MAX_JSON_VALUES }, () => 1) })).toBe(`A JSON body may hold at most ${MAX_JSON_VALUES} values`);
  });

  it('does not count commas, brackets or escaped quotes inside strings', async () => {
    const text = `a,b,{[\\"],` .repeat(1_000);
    expect(await shapeOf({ note: text.repeat(MAX_JSON_OBJECT_KEYS / 10), deep: '['.repeat(100) })).toBeNull();
  });

  it('keeps a string and its escape open across the slices a large body is scanned in', async () => {
    // The body is scanned 256 KB at a time: the backslash ends the first slice, the quote it escapes starts the next.
    const opening = '{"note":"';
    const filler = 'x'.repeat(256 * 1024 - opening.length - 1);
    const brackets = '['.repeat(MAX_JSON_DEPTH + 1);
    expect(await shapeOf(`${opening}${filler}\\"${brackets}"}`)).toBeNull();
    expect(await shapeOf(`${opening}${filler}\\""${brackets}`)).toMatch(/nesting deeper/);
  });

  it('lets other work run while it scans a large body', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    await shapeOf({ notes: Array.from({ length: 50_000 }, () => 'x'.repeat(80)) });
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
  });
});
