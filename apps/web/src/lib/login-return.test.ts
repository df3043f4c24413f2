import { describe, expect, it } from 'vitest';
import { loginPath, registerPath, returnPathFrom, safeReturnPath } from './login-return';

describe('safeReturnPath', () => {
  it.each(['/post/abc', '/quicky/x1?from=feed', '/valeria_rios#top', '/messages?to=luna'])('keeps the same-site path %s', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it.each([
    '//evil.example',
    '//evil.example/post',
    'https://evil.example/',
    'http:/evil.example',
    'javascript:alert(1)',
    '/\\evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/..//evil.example',
    '/.//evil.example',
    '/%2e%2e//evil.example',
    '/a/../..//evil.example',
    'post/abc',
    '',
    null,
    undefined,
    '/login',
    '/login?next=/x',
    '/register',
  ])('refuses %j', (path) => {
    expect(safeReturnPath(path)).toBeNull();
  });

  it('normalises dot segments without leaving the site', () => {
    expect(safeReturnPath('/a/../../post/x')).toBe('/post/x');
  });
});

describe('loginPath and registerPath', () => {
  it('carry a safe page in ?next=, and nothing for the home page or an unsafe one', () => {
    expect(loginPath('/post/abc?x=1')).toBe('/login?next=%2Fpost%2Fabc%3Fx%3D1');
    expect(registerPath('/post/abc')).toBe('/register?next=%2Fpost%2Fabc');
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('//evil.example')).toBe('/login');
    expect(loginPath(undefined)).toBe('/login');
  });

  it('read back what they wrote', () => {
    expect(returnPathFrom(loginPath('/post/abc?x=1').split('?').slice(1).join('?'))).toBe('/post/abc?x=1');
    expect(returnPathFrom('?next=https%3A%2F%2Fevil.example')).toBeNull();
    expect(returnPathFrom('?next=%2F%5Cevil.example')).toBeNull();
  });
});
