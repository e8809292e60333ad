import type { Request } from 'express';
import { isCrossSite } from './csrf';
import { safeNext } from './dashboard-paths';
import { formField, parseForm } from './form-body.middleware';

describe('safeNext', () => {
  it.each([
    ['/dashboard/keys', '/dashboard/keys'],
    ['/dashboard/generations?status=failed', '/dashboard/generations?status=failed'],
    ['/dashboard', '/dashboard'],
    ['//evil.example/dashboard', '/dashboard/overview'],
    ['/\\evil.example', '/dashboard/overview'],
    ['/dashboard/..//evil', '/dashboard/overview'],
    ['/dashboard/../api/v1/templates', '/dashboard/overview'],
    ['https://evil.example/dashboard', '/dashboard/overview'],
    ['/dashboardx', '/dashboard/overview'],
    ['/dashboard/sign-in?next=//evil', '/dashboard/overview'],
    ['/dashboard/\u0000', '/dashboard/overview'],
    [undefined, '/dashboard/overview'],
    [['/dashboard/keys'], '/dashboard/overview'],
  ])('%j -> %s', (next, expected) => {
    expect(safeNext(next)).toBe(expected);
  });
});

describe('parseForm and formField', () => {
  it('reads fields into an object without a prototype, repeated names as arrays, NULs dropped', () => {
    const body = parseForm('a=1&b=x%00y&a=2&__proto__=p&constructor=c&empty=');
    expect(Object.getPrototypeOf(body)).toBeNull();
    expect(body.a).toEqual(['1', '2']);
    expect(formField(body, 'a')).toBe('1');
    expect(formField(body, 'b')).toBe('xy');
    expect(formField(body, '__proto__')).toBe('p');
    expect(formField(body, 'empty')).toBe('');
    expect(formField(body, 'missing')).toBe('');
    expect(formField(undefined, 'a')).toBe('');
    expect(formField({}, 'toString')).toBe('');
  });
});

describe('isCrossSite', () => {
  const req = (headers: Record<string, string>) => ({ headers: { host: '127.0.0.1:3000', ...headers } }) as unknown as Request;
  const publicOrigin = 'https://pdf.example.com';

  it('accepts no Origin, the public origin, and the Host the request was sent to', () => {
    expect(isCrossSite(req({}), publicOrigin)).toBe(false);
    expect(isCrossSite(req({ origin: 'https://pdf.example.com' }), publicOrigin)).toBe(false);
    expect(isCrossSite(req({ origin: 'http://127.0.0.1:3000' }), publicOrigin)).toBe(false);
    expect(isCrossSite(req({ origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-origin' }), publicOrigin)).toBe(false);
  });

  it('refuses another origin, Origin: null and Sec-Fetch-Site: cross-site', () => {
    expect(isCrossSite(req({ origin: 'https://evil.example' }), publicOrigin)).toBe(true);
    expect(isCrossSite(req({ origin: 'http://127.0.0.1:3001' }), publicOrigin)).toBe(true);
    expect(isCrossSite(req({ origin: 'null' }), publicOrigin)).toBe(true);
    expect(isCrossSite(req({ 'sec-fetch-site': 'cross-site' }), publicOrigin)).toBe(true);
  });
});
