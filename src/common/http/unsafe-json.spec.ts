import { findUnsafeJson, MAX_JSON_DEPTH } from './unsafe-json';

describe('findUnsafeJson', () => {
  it('accepts ordinary JSON, including a key named constructor that holds data', () => {
    expect(findUnsafeJson(JSON.parse('{"a":[1,{"b":null}],"constructor":"Acme"}'))).toBeNull();
  });

  it('refuses __proto__ at any depth', () => {
    expect(findUnsafeJson(JSON.parse('{"data":{"items":[{"__proto__":{"x":1}}]}}'))).toBe("Key '__proto__' is not accepted");
  });

  it('refuses constructor.prototype', () => {
    expect(findUnsafeJson(JSON.parse('{"constructor":{"prototype":{"x":1}}}'))).toBe("Key 'constructor' is not accepted");
  });

  it('refuses nesting deeper than the limit without recursing', () => {
    const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000));
    expect(findUnsafeJson(deep)).toBe(`JSON nesting deeper than ${MAX_JSON_DEPTH} levels is not accepted`);
    const ok = JSON.parse('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH));
    expect(findUnsafeJson(ok)).toBeNull();
  });
});
