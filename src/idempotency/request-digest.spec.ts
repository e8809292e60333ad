import { requestDigest } from './request-digest';

describe('requestDigest', () => {
  it('is the same for the same JSON, whatever the key order', () => {
    const a = JSON.parse('{"templateId":"x","data":{"b":[1,{"d":null,"c":"é"}],"a":1.0}}');
    const b = JSON.parse(' { "data" : { "a" : 1 , "b" : [ 1 , { "c" : "\\u00e9" , "d" : null } ] } , "templateId" : "x" } ');
    expect(requestDigest(a)).toBe(requestDigest(b));
    expect(requestDigest(a)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('differs for another value, another array order, or a key moved between objects', () => {
    const base = requestDigest({ data: { a: 1, b: [1, 2] } });
    expect(requestDigest({ data: { a: 2, b: [1, 2] } })).not.toBe(base);
    expect(requestDigest({ data: { a: 1, b: [2, 1] } })).not.toBe(base);
    expect(requestDigest({ data: { b: [1, 2] }, a: 1 })).not.toBe(base);
    expect(requestDigest({ data: { a: '1', b: [1, 2] } })).not.toBe(base);
  });

  it('keeps the digests stored before (keys held for 24 hours outlive a deploy)', () => {
    const body = JSON.parse('{"templateId":"invoice-basic","data":{"items":[{"quantity":2,"description":"é \\u2028 \\"q\\""},[],{}],"total":1e21,"note":null}}');
    expect(requestDigest({ mode: 'live', body })).toBe('5d84c5129d92dbd446a69aedd080ffbc5baede5d23092d77485606fa2acb0e8f');
  });
});
