import { MSG } from '@ar/core';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../test/harness.ts';
import { INVALID_JSON, installErrorHandling } from './errors.ts';

const t = useTestApp();
let auth: Record<string, string>;
beforeAll(async () => {
  auth = bearer(await t.login('usuario@demo.local'));
});

const labels = async () => (await t.ctx.db.selectFrom('etiquetas').select('eti_nome').execute()).map((r) => r.eti_nome);

describe('input checked at the boundary', () => {
  it('a NUL byte in the body, the query or the path is a 400 in Portuguese, and nothing is written', async () => {
    const before = await labels();
    const body = await t.app.inject({
      method: 'POST',
      url: '/v2/etiquetas',
      headers: auth,
      payload: { eti_nome: 'Ur\u0000gente', eti_cor: '#ff0000' },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({ message: MSG.invalidCharacters });
    expect(await labels()).toEqual(before);

    const query = await t.app.inject({ method: 'GET', url: '/v2/emails/send?searchTerm=a%00b', headers: auth });
    expect([query.statusCode, query.json().message]).toEqual([400, MSG.invalidCharacters]);
    const key = await t.app.inject({ method: 'PUT', url: '/v2/etiquetas/1', headers: auth, payload: { 'a\u0000': 1 } });
    expect([key.statusCode, key.json().message]).toEqual([400, MSG.invalidCharacters]);
    const path = await t.app.inject({ method: 'GET', url: '/v2/emails/info/public/ab%00cd' });
    expect([path.statusCode, path.json().message]).toEqual([400, MSG.invalidCharacters]);
  });

  it('a number beyond int4 in a filter or a body is a 400 in Portuguese', async () => {
    const tags = await t.app.inject({ method: 'GET', url: '/v2/emails/send?searchTags=2147483648', headers: auth });
    expect([tags.statusCode, tags.json().message]).toEqual([400, MSG.numberOutOfRange]);
    const offset = await t.app.inject({ method: 'GET', url: '/v2/etiquetas?offset=99999999999999999999', headers: auth });
    expect([offset.statusCode, offset.json().message]).toEqual([400, MSG.numberOutOfRange]);
    const send = await t.send(auth.authorization.slice(7), {
      destinataires: [{ to: 'ana@exemplo.com.br', nameTo: 'Ana', leadSelected: 2147483648 }],
      nameFrom: 'Cobranca Demo',
      subject: 'Aviso',
      content: '<p>oi</p>',
    });
    expect([send.statusCode, send.json().message]).toEqual([400, MSG.numberOutOfRange]);
  });

  it('malformed JSON is a 400 that says so', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/etiquetas',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '{"eti_nome":',
    });
    expect([res.statusCode, res.json().message]).toEqual([400, INVALID_JSON]);
  });

  it('a value the database refuses is a 400, not a 500, when a check was forgotten (last line of defence)', async () => {
    const app = Fastify();
    installErrorHandling(app);
    app.get('/int', async () => sql`select ${'2147483648'}::int4`.execute(t.ctx.db));
    app.get('/text', async () => sql`select ${'abc'}::int4`.execute(t.ctx.db));
    for (const url of ['/int', '/text']) {
      const res = await app.inject({ method: 'GET', url });
      expect([res.statusCode, res.json().message]).toEqual([400, MSG.invalidRequest]);
    }
    await app.close();
  });
});
