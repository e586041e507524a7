import { LEAD_MSG } from '@ar/core';
import { describe, expect, it } from 'vitest';
import { notFoundForOthers, useTestApp, withoutSession } from '../../../test/harness.ts';

const app = useTestApp();
const call = app.call;
const as = app.signIns({ ana: 'usuario@demo.local', bob: 'gerente@demo.local' });

const full = {
  lea_nome: 'Maria',
  lea_email: 'maria@example.com',
  lea_sobrenome: 'Souza',
  lea_cpf: '123.456.789-01',
  lea_telefone: '(11) 3333-4444',
  lea_celular: '(11) 98888-7777',
  lea_endereco: 'Rua A, 1',
  lea_cidade: 'São Paulo',
  lea_estado: 'SP',
  lea_cep: '01001-000',
  lea_nascimento: '07/03/1990',
  lea_profissao: 'Advogada',
  lea_estado_civil: 'Casado(a)',
  lea_cnpj: '11.222.333/0001-81',
  lea_fantasia: 'Souza Adv',
  lea_razao_social: 'Souza Advocacia Ltda',
  lea_inscricao_estadual: 'ISENTO',
  lea_sexo: 'Feminino',
  lea_custom_field: { data: [{ id: 'cf_PROCESSO', value: '123', description: 'Processo', href: '*|PROCESSO|*' }] },
};

describe('/v2/leads', () => {
  it('answers 401 without a session', async () => {
    const calls = ['GET /leads', 'GET /leads/1', 'POST /leads', 'PUT /leads/1', 'DELETE /leads/1', 'POST /leads/import'];
    expect(await withoutSession(app, [...calls, 'GET /leads/custom-fields', 'PUT /leads/custom-fields'])).toEqual([]);
  });

  it('stores every field with digits only and answers it back', async () => {
    const res = await call('POST', '/leads', as.ana, full);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(LEAD_MSG.created);
    const id = res.json().lead.lea_codigo;
    expect((await call('GET', `/leads/${id}`, as.ana)).json()).toEqual({
      ...full,
      lea_codigo: id,
      lea_cpf: '12345678901',
      lea_telefone: '1133334444',
      lea_celular: '11988887777',
      lea_cep: '01001000',
      lea_cnpj: '11222333000181',
      lea_nascimento: '1990-03-07',
    });
    const upd = await call('PUT', `/leads/${id}`, as.ana, { lea_nome: 'Maria S.', lea_email: 'maria@example.com', lea_cpf: '' });
    expect(upd.json()).toMatchObject({
      message: LEAD_MSG.updated,
      lead: { lea_nome: 'Maria S.', lea_cpf: null, lea_custom_field: { data: [] } },
    });
    expect((await call('DELETE', `/leads/${id}`, as.ana)).json()).toEqual({ message: LEAD_MSG.removed });
    expect((await call('GET', `/leads/${id}`, as.ana)).statusCode).toBe(404);
  });

  it('answers 400 with a clear message for each broken rule', async () => {
    const cases: [object, string][] = [
      [{ lea_email: 'a@example.com' }, LEAD_MSG.nameRequired],
      [{ lea_nome: 'A', lea_email: 'x' }, LEAD_MSG.emailInvalid],
      [{ lea_nome: 'A'.repeat(81), lea_email: 'a@example.com' }, LEAD_MSG.nameTooLong],
      [{ lea_nome: 'A', lea_email: 'a@example.com', lea_cpf: '123' }, LEAD_MSG.cpf],
      [{ lea_nome: 'A', lea_email: 'a@example.com', lea_telefone: '1234567' }, LEAD_MSG.telefone],
      [{ lea_nome: 'A', lea_email: 'a@example.com', lea_celular: '119999' }, LEAD_MSG.celular],
      [{ lea_nome: 'A', lea_email: 'a@example.com', lea_cep: '123' }, LEAD_MSG.cep],
      [{ lea_nome: 'A', lea_email: 'a@example.com', lea_cnpj: '123' }, LEAD_MSG.cnpj],
      [{ lea_nome: 'A', lea_email: 'a@example.com', lea_estado: 'XX' }, LEAD_MSG.estado],
      [{ lea_nome: 'A', lea_email: 'a@example.com', lea_nascimento: '31/02/2000' }, LEAD_MSG.nascimento],
      [{ lea_nome: 'A', lea_email: 'a@example.com', lea_endereco: 'x'.repeat(201) }, 'O endereço deve ter no máximo 200 caracteres.'],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/leads', as.ana, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await call('GET', '/leads', as.ana)).json().pagination.rowCount).toBe(0);
  });

  it("answers 404 for another user's recipient and never lists it", async () => {
    const id = (await call('POST', '/leads', as.bob, { lea_nome: 'Do Bob', lea_email: 'bob@example.com' })).json().lead.lea_codigo;
    expect((await call('GET', `/leads/${id}`, as.ana)).statusCode).toBe(404);
    expect((await call('PUT', `/leads/${id}`, as.ana, { lea_nome: 'X', lea_email: 'x@example.com' })).statusCode).toBe(404);
    expect((await call('DELETE', `/leads/${id}`, as.ana)).statusCode).toBe(404);
    expect((await call('GET', '/leads?searchTerm=bob', as.ana)).json().leads).toEqual([]);
    expect((await call('GET', `/leads/${id}`, as.bob)).json().lea_nome).toBe('Do Bob');
  });

  // How long the import takes is bench/leads-import.mjs's figure, not a wall clock here.
  it('imports 5,000 rows in one call, then pages and searches them', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      lea_nome: `Pessoa ${i}`,
      lea_email: `p${i}@example.com`,
      lea_cidade: 'Recife',
    }));
    const res = await call('POST', '/leads/import', as.ana, rows);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: LEAD_MSG.imported, count: 5000 });
    const page = (await call('GET', '/leads?limit=10&offset=10', as.ana)).json();
    expect(page.pagination).toEqual({ offset: 10, limit: 10, rowCount: 5000, pageCount: 500 });
    expect(page.leads[0].lea_nome).toBe('Pessoa 4989');
    const found = (await call('GET', '/leads?searchTerm=p4242@', as.ana)).json();
    expect(found.leads.map((l: { lea_email: string }) => l.lea_email)).toEqual(['p4242@example.com']);
    const byName = (await call('GET', '/leads?column=lea_nome&order=ASC&limit=1', as.ana)).json();
    expect(byName.leads[0].lea_nome).toBe('Pessoa 0');
  });

  it('refuses an import with an invalid row or no row, storing nothing', async () => {
    const before = (await call('GET', '/leads', as.bob)).json().pagination.rowCount;
    const bad = await call('POST', '/leads/import', as.bob, [
      { lea_nome: 'Ok', lea_email: 'ok@example.com' },
      { lea_nome: 'Ruim', lea_email: 'ruim' },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(LEAD_MSG.emailInvalid);
    expect((await call('POST', '/leads/import', as.bob, [])).json().message).toBe(LEAD_MSG.noValidRow);
    expect((await call('POST', '/leads/import', as.bob, { nope: 1 })).statusCode).toBe(400);
    expect((await call('GET', '/leads', as.bob)).json().pagination.rowCount).toBe(before);
  });

  it('answers 404 on every id route to everyone but the owner, its manager and administrator included; their writes change nothing', async () => {
    const lead = (await call('POST', '/leads', as.ana, { ...full, lea_nome: 'Só da Ana', lea_email: 'so-da-ana@example.com' })).json().lead;
    const id = lead.lea_codigo;
    for (const login of ['gerente@demo.local', 'admin@demo.local', 'pos@demo.local']) {
      const other = await app.as(login);
      const leaks = await notFoundForOthers(app, other, [
        ['GET', `/leads/${id}`],
        ['PUT', `/leads/${id}`, { lea_nome: 'Roubado', lea_email: 'roubado@example.com' }],
        ['DELETE', `/leads/${id}`],
      ]);
      expect(leaks, login).toEqual([]);
      expect((await call('GET', '/leads?searchTerm=so-da-ana&limit=1000', other)).json().leads, login).toEqual([]);
      expect((await call('GET', `/leads?searchTerm=${id}`, other)).json().pagination.rowCount, login).toBe(0);
    }
    expect((await call('GET', `/leads/${id}`, as.ana)).json()).toEqual(lead);
  });
});

describe('/v2/leads/custom-fields', () => {
  it('saves only settings.customField, formatted by the naming rule', async () => {
    await app.t.ctx.db
      .updateTable('usuarios')
      .set({ usu_settings: JSON.stringify({ theme: 'dark' }) })
      .where('usu_login', '=', 'usuario@demo.local')
      .execute();
    expect((await call('GET', '/leads/custom-fields', as.ana)).json()).toEqual({ customField: { data: [] } });
    const res = await call('PUT', '/leads/custom-fields', as.ana, {
      customField: { data: [{ id: 'x', description: 'Número do Processo', value: 'x' }] },
    });
    expect(res.statusCode).toBe(200);
    const expected = [{ id: 'cf_NUMERO_DO_PROCESSO', description: 'Número do Processo', value: '*|NUMERO_DO_PROCESSO|*' }];
    expect(res.json().customField.data).toEqual(expected);
    expect((await call('GET', '/leads/custom-fields', as.ana)).json().customField.data).toEqual(expected);
    const row = await app.t.ctx.db
      .selectFrom('usuarios')
      .select('usu_settings')
      .where('usu_login', '=', 'usuario@demo.local')
      .executeTakeFirstOrThrow();
    expect(row.usu_settings).toEqual({ theme: 'dark', customField: { data: expected } });
    expect((await call('GET', '/leads/custom-fields', as.bob)).json().customField.data).toEqual([]);
  });

  it("refuses empty, built-in and repeated names with the spec's messages", async () => {
    const put = (data: object[]) => call('PUT', '/leads/custom-fields', as.ana, { customField: { data } });
    expect((await put([{ id: '', description: '***', value: '' }])).json().message).toBe(LEAD_MSG.variableEmpty);
    expect((await put([{ id: '', description: 'Nome', value: '' }])).json().message).toBe(LEAD_MSG.variableExists);
    const dup = await put([
      { id: '', description: 'Vara', value: '' },
      { id: '', description: 'vara', value: '' },
    ]);
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe(LEAD_MSG.variableExists);
    expect((await call('GET', '/leads/custom-fields', as.ana)).json().customField.data).toHaveLength(1);
  });
});
