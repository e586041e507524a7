import { describe, expect, it } from 'vitest';
import { mustRedefinePassword } from '../session-rules.ts';
import { addAccount, effectiveAccounts, normalizeAccounts, removeAccount, selectableLevels, userBody } from './users-admin.ts';

const acc = (email: string, main = false, name = '') => ({ name, email, main });

describe('AR-Email sender accounts', () => {
  it('makes the first added account the main one and drops a repeated e-mail (any case)', () => {
    let list = addAccount([], { name: 'Jurídico', email: 'juridico@x.com.br' });
    list = addAccount(list, { name: 'Cobrança', email: 'cobranca@x.com.br' });
    list = addAccount(list, { name: 'De novo', email: 'JURIDICO@x.com.br' });
    expect(list).toEqual([acc('juridico@x.com.br', true, 'Jurídico'), acc('cobranca@x.com.br', false, 'Cobrança')]);
  });

  it('promotes the first remaining account when the main one is removed', () => {
    const list = [acc('a@x.com', true), acc('b@x.com'), acc('c@x.com')];
    expect(removeAccount(list, 'A@X.COM')).toEqual([acc('b@x.com', true), acc('c@x.com')]);
    expect(removeAccount(list, 'b@x.com')).toEqual([acc('a@x.com', true), acc('c@x.com')]);
  });

  it('keeps exactly one main account, the one marked', () => {
    expect(normalizeAccounts([acc('a@x.com', true), acc('b@x.com', true)]).filter((a) => a.main)).toEqual([acc('a@x.com', true)]);
    expect(normalizeAccounts([acc('a@x.com'), acc('b@x.com', true)])).toEqual([acc('a@x.com'), acc('b@x.com', true)]);
  });

  it('uses the login e-mail when the user has no account', () => {
    const user = { usu_nome: 'Ana', usu_login: 'ana@x.com', usu_accounts_aremail: null };
    expect(effectiveAccounts(user)).toEqual([acc('ana@x.com', true, 'Ana')]);
    expect(effectiveAccounts({ ...user, usu_accounts_aremail: { accounts: [acc('b@x.com')] } })).toEqual([acc('b@x.com', true)]);
  });

  it('stores an empty list as null and a list normalized', () => {
    const base = { usu_nome: 'Ana', usu_login: 'ana@x.com', usu_anexo_obrigatorio: 'N', usu_nivel: 1 };
    expect(userBody.parse({ ...base, usu_accounts_aremail: { accounts: [] } }).usu_accounts_aremail).toBeNull();
    expect(
      userBody.parse({ ...base, usu_accounts_aremail: { accounts: [acc('b@x.com'), acc('B@x.com', true)] } }).usu_accounts_aremail,
    ).toEqual({
      accounts: [acc('b@x.com', true)],
    });
  });
});

describe('user types and the unconverted user', () => {
  it('offers the levels at or below the actor’s own', () => {
    expect(selectableLevels(1)).toEqual([1]);
    expect(selectableLevels(2)).toEqual([1, 2]);
    expect(selectableLevels(3)).toEqual([1, 2, 3]);
  });

  it('asks a store user (usu_wooc_id) without usu_integracao to redefine the password', () => {
    expect(mustRedefinePassword({ usu_integracao: false, usu_wooc_id: 123 })).toBe(true);
    expect(mustRedefinePassword({ usu_integracao: true, usu_wooc_id: 123 })).toBe(false);
    expect(mustRedefinePassword({ usu_integracao: false, usu_wooc_id: null })).toBe(false);
  });
});
