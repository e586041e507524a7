import type { SessionUser } from '@ar/core';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATH, unconvertedRedirect } from './unconverted.ts';

const user = (over: Partial<SessionUser>) => ({ usu_integracao: true, usu_wooc_id: null, ...over }) as SessionUser;

describe('unconvertedRedirect (spec 000 §4)', () => {
  it('keeps a store user who never redefined the password on My Account', () => {
    const store = user({ usu_integracao: false, usu_wooc_id: 42 });
    expect(unconvertedRedirect(store, '/emails/enviados')).toBe(ACCOUNT_PATH);
    expect(unconvertedRedirect(store, '/cadastros/usuarios')).toBe(ACCOUNT_PATH);
    expect(unconvertedRedirect(store, ACCOUNT_PATH)).toBeNull();
    expect(unconvertedRedirect(store, '/logout')).toBeNull();
  });

  it('lets everyone else through', () => {
    expect(unconvertedRedirect(user({ usu_integracao: true, usu_wooc_id: 42 }), '/emails/enviados')).toBeNull();
    expect(unconvertedRedirect(user({ usu_integracao: false, usu_wooc_id: null }), '/emails/enviados')).toBeNull();
  });
});
