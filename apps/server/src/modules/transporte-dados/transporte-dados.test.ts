import { TRANSPORTE_MSG, TRANSPORTES_MAX } from '@ar/core';
import { describe, expect, it } from 'vitest';
import { notFoundForOthers, useTestApp, withoutSession } from '../../../test/harness.ts';
import { useTenants } from '../../../test/tenants.ts';

const app = useTestApp();
const call = app.call;
const as = app.signIns({ ana: 'usuario@demo.local', bob: 'gerente@demo.local' });
const tenants = useTenants(app);

const campos = {
  remessa: ['ID', 'NOME_DESTINATARIO', 'VALOR 1 até 3'],
  remessaOrigin: ['ID', 'NOME_DESTINATARIO', 'VALOR1', 'VALOR2', 'VALOR3'],
  planilha: ['CPF', 'NOME', 'VALOR 1 até 3'],
  planilhaOrigin: ['CPF', 'NOME', 'VALOR1', 'VALOR2', 'VALOR3'],
  campoAgrupamento: 'CPF',
  tiposDadosSelected: ['VALOR 1 até 3'],
};
const body = (nome: string, over: Partial<typeof campos> = {}) => ({ rem_trans_nome: nome, rem_trans_campos: { ...campos, ...over } });
type Row = { rem_trans_codigo: number; rem_trans_nome: string };
const names = async (headers: Record<string, string>) =>
  (await call('GET', '/transporte-dados', headers)).json().transportes.map((t: Row) => t.rem_trans_nome) as string[];

describe('/v2/transporte-dados', () => {
  it('answers 401 without a session', async () => {
    expect(
      await withoutSession(app, [
        'GET /transporte-dados',
        'POST /transporte-dados',
        'PUT /transporte-dados/1',
        'DELETE /transporte-dados/1',
      ]),
    ).toEqual([]);
  });

  it('saves, lists (newest first), updates and removes a transport of its own', async () => {
    const created = await call('POST', '/transporte-dados', as.ana, body(' Cobrança mensal '));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      message: TRANSPORTE_MSG.created,
      transporte: { rem_trans_nome: 'Cobrança mensal', rem_trans_campos: { ...campos, valoresFixos: {} } },
    });
    const id = created.json().transporte.rem_trans_codigo;
    const second = (await call('POST', '/transporte-dados', as.ana, body('Outro', { campoAgrupamento: '' }))).json().transporte;
    const list = (await call('GET', '/transporte-dados', as.ana)).json().transportes;
    expect(list.map((t: Row) => t.rem_trans_codigo)).toEqual([second.rem_trans_codigo, id]);
    expect(list[1].rem_trans_campos).toEqual({ ...campos, valoresFixos: {} });
    expect(Number.isNaN(Date.parse(list[1].rem_trans_data_criacao))).toBe(false);

    // A fixed value for every line (issue 43): kept with the transport and answered back.
    const fixed = { ...body('Cobrança trimestral', { tiposDadosSelected: [] }) };
    const withFixed = { ...fixed, rem_trans_campos: { ...fixed.rem_trans_campos, valoresFixos: { NOME_DESTINATARIO: 'Cliente' } } };
    const updated = await call('PUT', `/transporte-dados/${id}`, as.ana, withFixed);
    expect(updated.json()).toMatchObject({
      message: TRANSPORTE_MSG.updated,
      transporte: {
        rem_trans_codigo: id,
        rem_trans_nome: 'Cobrança trimestral',
        rem_trans_campos: { tiposDadosSelected: [], valoresFixos: { NOME_DESTINATARIO: 'Cliente' } },
      },
    });
    const listed = (await call('GET', '/transporte-dados', as.ana)).json().transportes;
    expect(listed.find((t: Row) => t.rem_trans_codigo === id).rem_trans_campos.valoresFixos).toEqual({ NOME_DESTINATARIO: 'Cliente' });
    expect((await call('DELETE', `/transporte-dados/${id}`, as.ana)).json()).toEqual({ message: TRANSPORTE_MSG.removed });
    expect(await names(as.ana)).toEqual(['Outro']);
    expect((await call('DELETE', `/transporte-dados/${id}`, as.ana)).statusCode).toBe(404);
    await call('DELETE', `/transporte-dados/${second.rem_trans_codigo}`, as.ana);
  });

  it('answers 400 with the contract messages, saving nothing', async () => {
    const cases: [unknown, string][] = [
      [body(''), TRANSPORTE_MSG.nameRequired],
      [body('x'.repeat(101)), TRANSPORTE_MSG.nameTooLong],
      [{ rem_trans_nome: 'Sem campos' }, TRANSPORTE_MSG.camposRequired],
      [body('Vazio', { remessa: [], planilha: [] }), TRANSPORTE_MSG.camposRequired],
      [body('Número', { planilhaOrigin: [1 as unknown as string] }), TRANSPORTE_MSG.fieldNotString],
      [body('Grande', { planilhaOrigin: Array.from({ length: 501 }, (_, i) => `C${i}`) }), TRANSPORTE_MSG.tooManyFields],
      [body('Longo', { remessaOrigin: ['x'.repeat(201)] }), TRANSPORTE_MSG.fieldTooLong],
      [body('Paralelo', { planilha: ['CPF'] }), TRANSPORTE_MSG.planilhaLength],
      [body('Monetário', { tiposDadosSelected: ['TOTAL'] }), TRANSPORTE_MSG.monetaryUnknown],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/transporte-dados', as.ana, payload);
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    expect(await names(as.ana)).toEqual([]);
  });

  it(`keeps at most ${TRANSPORTES_MAX} transports per user`, async () => {
    const { db } = app.t.ctx;
    const owner = (
      await db.selectFrom('usuarios').select('usu_codigo').where('usu_login', '=', 'usuario@demo.local').executeTakeFirstOrThrow()
    ).usu_codigo;
    await db
      .insertInto('remessa_transportes')
      .values(
        Array.from({ length: TRANSPORTES_MAX }, (_, i) => ({
          cod_usu: owner,
          rem_trans_nome: `T${i}`,
          rem_trans_campos: JSON.stringify(campos),
        })),
      )
      .execute();
    const res = await call('POST', '/transporte-dados', as.ana, body('Mais um'));
    expect([res.statusCode, res.json().message]).toEqual([400, TRANSPORTE_MSG.tooMany]);
    expect((await call('POST', '/transporte-dados', as.bob, body('Do Bob'))).statusCode).toBe(201);
    await db.deleteFrom('remessa_transportes').where('cod_usu', '=', owner).execute();
  });

  it("answers 404 for another user's transport — a colleague's or another tenant's — and changes nothing", async () => {
    const id = (await call('POST', '/transporte-dados', as.ana, body('Da Ana'))).json().transporte.rem_trans_codigo;
    for (const other of [as.bob, tenants.as.otherAdmin]) {
      const leaks = await notFoundForOthers(app, other, [
        ['PUT', `/transporte-dados/${id}`, body('Roubado')],
        ['DELETE', `/transporte-dados/${id}`],
      ]);
      expect(leaks).toEqual([]);
      expect(await names(other)).not.toContain('Da Ana');
    }
    expect(await names(as.ana)).toContain('Da Ana');
    const kept = (await call('GET', '/transporte-dados', as.ana)).json().transportes.find((t: Row) => t.rem_trans_codigo === id);
    expect(kept.rem_trans_campos).toEqual({ ...campos, valoresFixos: {} });
    expect((await call('PUT', '/transporte-dados/abc', as.ana, body('x'))).statusCode).toBe(404);
  });
});
