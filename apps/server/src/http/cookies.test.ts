import { describe, expect, it } from 'vitest';
import { cookiePairs, cookieValue, strictCookie } from './cookies.ts';

describe('cookies', () => {
  it('reads a Cookie header as browsers send it: pairs in order, trimmed, a name more than once', () => {
    const header = ' ar_dev = abc ;outro=1;=semnome; semvalor; ar_dev=def; vazio=';
    expect(cookiePairs(header)).toEqual([
      ['ar_dev', 'abc'],
      ['outro', '1'],
      ['ar_dev', 'def'],
      ['vazio', ''],
    ]);
    // The first one sent: the cookie of the most specific path.
    expect(cookieValue(header, 'ar_dev')).toBe('abc');
    expect(cookieValue(header, 'AR_DEV')).toBeNull();
    expect(cookieValue(header, 'ar_de')).toBeNull();
    expect(cookieValue(undefined, 'ar_dev')).toBeNull();
    expect(cookiePairs('')).toEqual([]);
  });

  it('writes cookies the page cannot read, sent by the product’s own pages only, Secure over https', () => {
    expect(strictCookie('ar_dev', 't', { path: '/dev', publicUrl: 'http://localhost:3000' })).toBe(
      'ar_dev=t; Path=/dev; HttpOnly; SameSite=Strict',
    );
    expect(strictCookie('ar_resposta_x', 't', { path: '/v2/email/public', maxAge: 1800, publicUrl: 'https://ar.exemplo.com.br' })).toBe(
      'ar_resposta_x=t; Max-Age=1800; Path=/v2/email/public; HttpOnly; SameSite=Strict; Secure',
    );
  });
});
