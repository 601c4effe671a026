import { describe, expect, it } from 'vitest';
import { returnPathFor, returnPathFrom, safeReturnPath, withReturnPath } from './return-path.ts';

describe('safeReturnPath', () => {
  it('keeps a path of the app with its query and hash', () => {
    expect(safeReturnPath('/viewoffer/12')).toBe('/viewoffer/12');
    expect(safeReturnPath('/shops/3?tab=offers#map')).toBe('/shops/3?tab=offers#map');
    expect(safeReturnPath('/')).toBe('/');
  });

  it.each([
    ['another host without a scheme', '//evil.example'],
    ['another host behind a backslash', '/\\evil.example'],
    ['a backslash later on', '/viewoffer/1\\..\\'],
    ['an absolute URL', 'https://evil.example/viewoffer/1'],
    ['an absolute URL of no usual scheme', 'javascript:alert(1)'],
    ['a relative path', 'viewoffer/1'],
    ['a tab that the URL parser would drop', '/\t/evil.example'],
    ['a newline', '/viewoffer/1\n'],
    ['a path that resolves to another host', '/.//evil.example'],
    ['the login page (a loop)', '/login?next=/viewoffer/1'],
    ['the sign-up page', '/signup'],
    ['nothing', ''],
  ])('refuses %s', (_, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('refuses a missing value', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });
});

describe('returnPathFrom', () => {
  it('reads the sanitised next parameter of a query', () => {
    expect(returnPathFrom('?next=%2Fviewoffer%2F7')).toBe('/viewoffer/7');
    expect(returnPathFrom('?next=%2F%2Fevil.example')).toBeNull();
    expect(returnPathFrom('?next=https%3A%2F%2Fevil.example')).toBeNull();
    expect(returnPathFrom('')).toBeNull();
  });
});

describe('returnPathFor', () => {
  const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

  it('names the shared pages: an offer and a shop', () => {
    expect(returnPathFor(at('/viewoffer/7'))).toBe('/viewoffer/7');
    expect(returnPathFor(at('/shops/3', '?x=1'))).toBe('/shops/3?x=1');
  });

  it('names no other page', () => {
    expect(returnPathFor(at('/'))).toBeNull();
    expect(returnPathFor(at('/profile'))).toBeNull();
    expect(returnPathFor(at('/insights'))).toBeNull();
  });
});

describe('withReturnPath', () => {
  it('adds the target as an encoded next parameter, or nothing', () => {
    expect(withReturnPath('/login', '/viewoffer/7?a=1&b=2')).toBe('/login?next=%2Fviewoffer%2F7%3Fa%3D1%26b%3D2');
    expect(withReturnPath('/signup', null)).toBe('/signup');
  });
});
