import { SENDER_MSG } from '@ar/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';

const app = useTestApp();
let ana: Record<string, string>;
let bob: Record<string, string>;
beforeAll(async () => {
  ana = await app.as('usuario@demo.local');
  bob = await app.as('gerente@demo.local');
});

const post = (headers: Record<string, string>, payload: object) => app.call('POST', '/sender', headers, payload);
const list = (headers: Record<string, string>) => app.call('GET', '/sender?limit=1000', headers);

describe('/v2/sender', () => {
  it('answers 401 without a session', async () => {
    expect((await list({})).statusCode).toBe(401);
    expect((await post({}, { sen_nome: 'X' })).statusCode).toBe(401);
  });

  it('saves a sender for the signed-in user, once per name, and lists by name', async () => {
    const me = (await app.call('GET', '/me', ana)).json();
    const created = await post(ana, { sen_nome: 'Escritório  Silva', cod_usu_usuario: 999999 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ sen_nome: 'Escritório Silva', cod_usu_usuario: me.usu_codigo });
    const again = await post(ana, { sen_nome: 'escritório silva' });
    expect(again.statusCode).toBe(200);
    expect(again.json().sen_codigo).toBe(created.json().sen_codigo);
    await post(ana, { sen_nome: 'Agência 2' });
    const body = (await list(ana)).json();
    expect(body.senders.map((s: { sen_nome: string }) => s.sen_nome)).toEqual(['Agência 2', 'Escritório Silva']);
    expect(body.pagination.limit).toBe(1000);
    expect((await list(bob)).json().senders).toEqual([]);
  });

  it('answers 400 with the spec messages for special characters, an invalid e-mail-like name and a long name', async () => {
    expect((await post(ana, { sen_nome: 'Silva & Filhos' })).json().message).toBe(SENDER_MSG.specialChars);
    expect((await post(ana, { sen_nome: 'fulano@' })).json().message).toBe(SENDER_MSG.emailLooksInvalid);
    const long = await post(ana, { sen_nome: 'a'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(SENDER_MSG.tooLong);
    expect((await post(ana, { sen_nome: '  ' })).json().message).toBe(SENDER_MSG.required);
  });

  // Senders have no id route: another user's never appear in the list or the compose picker, and
  // saving the same name (even with the owner's cod_usu_usuario) makes a sender of one's own.
  it("never lists another user's senders, not even to its manager or administrator, and never answers one of them", async () => {
    const mine = (await post(ana, { sen_nome: 'Remetente da Ana' })).json();
    for (const login of ['gerente@demo.local', 'admin@demo.local', 'pos@demo.local']) {
      const other = await app.as(login);
      const me = (await app.call('GET', '/me', other)).json();
      const names = (await list(other)).json().senders.map((s: { sen_nome: string }) => s.sen_nome);
      expect(names, login).not.toContain('Remetente da Ana');
      const searched = await app.call('GET', '/sender?searchTerm=Remetente%20da%20Ana', other);
      expect(searched.json().pagination.rowCount, login).toBe(0);
      const own = await post(other, { sen_nome: 'Remetente da Ana', cod_usu_usuario: mine.cod_usu_usuario });
      expect(own.statusCode, login).toBe(201);
      expect(own.json().cod_usu_usuario, login).toBe(me.usu_codigo);
      expect(own.json().sen_codigo, login).not.toBe(mine.sen_codigo);
      const again = await post(other, { sen_nome: 'remetente da ana' });
      expect(again.statusCode, login).toBe(200);
      expect(again.json(), login).toEqual(own.json());
    }
    const anas = (await list(ana)).json().senders.filter((s: { sen_nome: string }) => s.sen_nome === 'Remetente da Ana');
    expect(anas).toEqual([mine]);
  });
});
