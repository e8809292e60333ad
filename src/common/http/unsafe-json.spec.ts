import { findUnsafeJson } from './unsafe-json';

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

});
