import { TEMPLATE_MSG } from '@ar/core';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { notFoundForOthers, useTestApp, withoutSession } from '../../../test/harness.ts';

const app = useTestApp();
const call = app.call;
const as = app.signIns({ ana: 'usuario@demo.local', bob: 'gerente@demo.local' });
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('/v2/modelos', () => {
  it('answers 401 without a session', async () => {
    expect(await withoutSession(app, ['GET /modelos', 'GET /modelos/1', 'POST /modelos', 'PUT /modelos/1', 'DELETE /modelos/1'])).toEqual(
      [],
    );
  });

  it('keeps images and formatting but never scripts or event handlers', async () => {
    const html = `<p style="text-align: center">Olá <strong>*|NOME|*</strong></p><img src="${PNG}" alt="logo"><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)" onclick="x()">link</a><img src="data:image/svg+xml;base64,PHN2Zz4=">`;
    const res = await call('POST', '/modelos', as.ana, { mod_name: 'Cobrança', mod_subject: 'Aviso *|NOME|*', mod_content: html });
    expect(res.statusCode).toBe(201);
    const saved = (await call('GET', `/modelos/${res.json().modelo.mod_codigo}`, as.ana)).json();
    expect(saved).toMatchObject({ mod_name: 'Cobrança', mod_subject: 'Aviso *|NOME|*', mod_enable: true });
    expect(saved.mod_content).toContain(`<img src="${PNG}" alt="logo" />`);
    expect(saved.mod_content).toContain('<p style="text-align:center">Olá <strong>*|NOME|*</strong></p>');
    expect(saved.mod_content).not.toMatch(/script|onerror|onclick|javascript:|svg/i);
  });

  it('validates name and subject, enables and disables when editing', async () => {
    expect((await call('POST', '/modelos', as.ana, { mod_subject: 'x' })).json().message).toBe(TEMPLATE_MSG.nameRequired);
    expect((await call('POST', '/modelos', as.ana, { mod_name: 'x', mod_subject: '' })).json().message).toBe(TEMPLATE_MSG.subjectRequired);
    const long = await call('POST', '/modelos', as.ana, { mod_name: 'x', mod_subject: 's'.repeat(181) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(TEMPLATE_MSG.subjectTooLong(180));
    const id = (await call('POST', '/modelos', as.ana, { mod_name: 'Aviso', mod_subject: 's'.repeat(180) })).json().modelo.mod_codigo;
    const off = await call('PUT', `/modelos/${id}`, as.ana, {
      mod_name: 'Aviso',
      mod_subject: 'Novo',
      mod_content: '<p>a</p>',
      mod_enable: false,
    });
    expect(off.json()).toMatchObject({ message: TEMPLATE_MSG.updated, modelo: { mod_enable: false, mod_subject: 'Novo' } });
    const enabled = (await call('GET', '/modelos?mod_enable=true&limit=1000&column=mod_name&order=ASC', as.ana)).json().modelos;
    expect(enabled.map((m: { mod_codigo: number }) => m.mod_codigo)).not.toContain(id);
    expect(
      (await call('GET', '/modelos?searchTerm=desativ', as.ana)).json().modelos.map((m: { mod_codigo: number }) => m.mod_codigo),
    ).toEqual([id]);
  });

  it('answers 413 for a body over 12 MB', async () => {
    const huge = `<img src="data:image/png;base64,${'A'.repeat(12 * 1024 * 1024)}">`;
    const res = await call('POST', '/modelos', as.ana, { mod_name: 'Grande', mod_subject: 'x', mod_content: huge });
    expect(res.statusCode).toBe(413);
  });

  it('lists with the default order and searches by date as shown', async () => {
    const list = (await call('GET', '/modelos', as.ana)).json();
    const ids = list.modelos.map((m: { mod_codigo: number }) => m.mod_codigo);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect(list.modelos[0]).not.toHaveProperty('mod_content');
    const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    expect((await call('GET', `/modelos?searchTerm=${encodeURIComponent(today)}`, as.ana)).json().pagination.rowCount).toBe(
      list.pagination.rowCount,
    );
  });

  it("answers 404 for another user's template", async () => {
    const id = (await call('POST', '/modelos', as.bob, { mod_name: 'Do Bob', mod_subject: 'x' })).json().modelo.mod_codigo;
    expect((await call('GET', `/modelos/${id}`, as.ana)).statusCode).toBe(404);
    expect((await call('PUT', `/modelos/${id}`, as.ana, { mod_name: 'x', mod_subject: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/modelos/${id}`, as.ana)).statusCode).toBe(404);
    expect((await call('GET', `/modelos/${id}`, as.bob)).statusCode).toBe(200);
  });

  it('refuses to delete a template a sent message references (foreign key), with the spec message', async () => {
    // Stands in for the sent-messages table of the sending issue: same FK, ON DELETE RESTRICT.
    await sql`CREATE TABLE envios_teste (id serial PRIMARY KEY, cod_ger_modelo integer REFERENCES modelos(mod_codigo) ON DELETE RESTRICT)`.execute(
      app.t.ctx.db,
    );
    const used = (await call('POST', '/modelos', as.ana, { mod_name: 'Usado', mod_subject: 'x' })).json().modelo.mod_codigo;
    const unused = (await call('POST', '/modelos', as.ana, { mod_name: 'Livre', mod_subject: 'x' })).json().modelo.mod_codigo;
    await sql`INSERT INTO envios_teste (cod_ger_modelo) VALUES (${used})`.execute(app.t.ctx.db);
    const refused = await call('DELETE', `/modelos/${used}`, as.ana);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(TEMPLATE_MSG.inUse);
    expect((await call('GET', `/modelos/${used}`, as.ana)).statusCode).toBe(200);
    expect((await call('DELETE', `/modelos/${unused}`, as.ana)).json()).toEqual({ message: TEMPLATE_MSG.removed });
    await sql`DROP TABLE envios_teste`.execute(app.t.ctx.db);
  });

  it('answers 404 on every id route to everyone but the owner, its manager and administrator included; their writes change nothing', async () => {
    const own = { mod_name: 'Só da Ana', mod_subject: 'Assunto da Ana', mod_content: '<p>corpo</p>' };
    const modelo = (await call('POST', '/modelos', as.ana, own)).json().modelo;
    const id = modelo.mod_codigo;
    for (const login of ['gerente@demo.local', 'admin@demo.local', 'pos@demo.local']) {
      const other = await app.as(login);
      const leaks = await notFoundForOthers(app, other, [
        ['GET', `/modelos/${id}`],
        ['PUT', `/modelos/${id}`, { mod_name: 'Roubado', mod_subject: 'x', mod_content: '', mod_enable: false }],
        ['DELETE', `/modelos/${id}`],
      ]);
      expect(leaks, login).toEqual([]);
      for (const url of ['/modelos?limit=1000', '/modelos?mod_enable=true&limit=1000']) {
        const ids = (await call('GET', url, other)).json().modelos.map((m: { mod_codigo: number }) => m.mod_codigo);
        expect(ids, `${login} ${url}`).not.toContain(id);
      }
    }
    expect((await call('GET', `/modelos/${id}`, as.ana)).json()).toEqual(modelo);
  });
});
