import { describe, expect, it } from 'vitest';
import { scrubData, scrubPath, scrubText } from './scrub.ts';

describe('what an error report may carry', () => {
  it('replaces addresses, tokens, uuids, credentials and secrets in a text', () => {
    expect(scrubText('duplicate key (usu_login)=(ana.lima+1@cliente.com.br) already exists')).toBe(
      'duplicate key (usu_login)=([e-mail]) already exists',
    );
    expect(scrubText('Authorization: Bearer 3f9a0c7e5b1d2a4f6e8c0b9a7d5e3f1a')).toBe('Authorization: [removido] [token]');
    expect(scrubText('connect postgres://ar:segredo@db:5432/ar failed')).toBe('connect postgres://[removido]@db:5432/ar failed');
    expect(scrubText('mensagem 0b9c2f3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f não encontrada')).toBe('mensagem [uuid] não encontrada');
    expect(scrubText('senha=Demo@2026! recusada')).toBe('senha=[removido] recusada');
    expect(scrubText('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U')).toBe('[token]');
    // What helps to understand a failure stays.
    expect(scrubText('relation "etiquetas" does not exist')).toBe('relation "etiquetas" does not exist');
    expect(scrubText('GET /v2/emails/send/42 → 500')).toBe('GET /v2/emails/send/42 → 500');
  });

  it('keeps a path’s numeric ids and drops its query and its secret segments', () => {
    expect(scrubPath('/emails/enviados/info/42?searchTerm=ana@x.com')).toBe('/emails/enviados/info/42');
    expect(scrubPath('/emails/info/public/0b9c2f3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f')).toBe('/emails/info/public/[uuid]');
    expect(scrubPath('/reset/a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6')).toBe('/reset/[token]');
    expect(scrubPath('/v2/usuarios/check/ana%40x.com')).toBe('/v2/usuarios/check/[e-mail]');
  });

  it('removes the values of secret keys in structured data and scrubs the rest', () => {
    expect(
      scrubData({ password: 'x', token: 'y', to: 'ana@x.com', nested: { note: 'de bia@y.com', count: 2 }, list: ['c@z.com'] }),
    ).toEqual({
      password: '[removido]',
      token: '[removido]',
      to: '[removido]',
      nested: { note: 'de [e-mail]', count: 2 },
      list: ['[e-mail]'],
    });
  });
});
