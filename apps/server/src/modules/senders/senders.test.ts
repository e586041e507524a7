import { SENDER_MSG } from '@ar/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let ana: Record<string, string>;
let bob: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  ana = bearer(await t.login('usuario@demo.local'));
  bob = bearer(await t.login('gerente@demo.local'));
});
afterAll(async () => {
  await t?.close();
});

const post = (headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url: '/v2/sender', headers, payload });
const list = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/v2/sender?limit=1000', headers });

describe('/v2/sender', () => {
  it('answers 401 without a session', async () => {
    expect((await list({})).statusCode).toBe(401);
    expect((await post({}, { sen_nome: 'X' })).statusCode).toBe(401);
  });

  it('saves a sender for the signed-in user, once per name, and lists by name', async () => {
    const me = (await t.app.inject({ method: 'GET', url: '/v2/me', headers: ana })).json();
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
});
