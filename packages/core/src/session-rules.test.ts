import { describe, expect, it } from 'vitest';
import { loginBody } from './contracts/auth.ts';
import { LOGIN_PASSWORD_MAX, loginFieldsValid } from './session-rules.ts';

describe('loginFieldsValid', () => {
  // The login screen checks with loginFieldsValid and the server with loginBody: the two must agree.
  const cases: [string, string][] = [
    ['admin@demo.local', 'Demo@2026!'],
    ['  admin@demo.local  ', 'x'],
    ['', 'Demo@2026!'],
    ['   ', 'Demo@2026!'],
    ['admin@demo.local', ''],
    ['admin', 'Demo@2026!'],
    ['admin@demo', 'Demo@2026!'],
    ['a b@demo.local', 'Demo@2026!'],
    ['admin@demo.local', 'x'.repeat(LOGIN_PASSWORD_MAX)],
    ['admin@demo.local', 'x'.repeat(LOGIN_PASSWORD_MAX + 1)],
  ];
  it.each(cases)('%j / %j agrees with loginBody', (username, password) => {
    expect(loginFieldsValid(username, password)).toBe(loginBody.safeParse({ username, password }).success);
  });
  it('accepts a filled login and refuses an empty or malformed one', () => {
    expect(loginFieldsValid('admin@demo.local', 'Demo@2026!')).toBe(true);
    expect(loginFieldsValid('', '')).toBe(false);
    expect(loginFieldsValid('admin', 'Demo@2026!')).toBe(false);
  });
});
