import { ENTITY_MSG } from '@ar/core';
import { describe, expect, it } from 'vitest';
import { notFoundForOthers, useTestApp, withoutSession } from '../../../test/harness.ts';
import { useTenants } from '../../../test/tenants.ts';
import * as q from './entities.queries.ts';

const app = useTestApp();
const { ids, as } = useTenants(app);

const call = app.call;

const entity = (over: Record<string, unknown> = {}) => ({
  ent_nome_fantasia: 'Filial Campinas',
  ent_descricao: 'Escritório de Campinas',
  ent_cnpj: '12.ABC.345/01DE-35',
  ent_inscricao_estadual: '123456',
  ent_telefone: '(19) 3232-1000',
  ent_celular: '(19) 99876-5432',
  cod_ger_empresa: ids.demo.empresa,
  plano: { pla_tipo_plano: '1' },
  ...over,
});

const names = (rows: { ent_nome_fantasia: string }[]) => rows.map((r) => r.ent_nome_fantasia);

describe('authentication', () => {
  it('answers 401 to every signed-in entity call without a session', async () => {
    const calls = ['GET /entidades-tables', 'POST /entidade', 'PUT /entidade', 'GET /empresas', 'GET /empresas/1/entidades'];
    expect(await withoutSession(app, calls, entity())).toEqual([]);
  });
});

describe('GET /v2/entidades-tables', () => {
  it("lists an administrator's entities, 25 a page by ent_codigo ascending, with the plan type and the sign-up uuid", async () => {
    const res = await call('GET', '/entidades-tables', as.admin);
    expect(res.statusCode).toBe(200);
    const { entidades, pagination } = res.json();
    expect(names(entidades)).toEqual(['Demo Pré-pago', 'Demo Pós-pago']);
    expect(pagination).toEqual({ offset: 0, limit: 25, rowCount: 2, pageCount: 1 });
    expect(entidades[1]).toMatchObject({ ent_tipo_plano: '2', plano: { pla_tipo_plano: '2' }, emp_nome_fantasia: 'Demo Empresa' });
    expect(entidades[0].ent_uuid).toBe(ids.demo.preUuid);
    expect(names((await call('GET', '/entidades-tables', as.otherAdmin)).json().entidades)).toEqual(['Outra Entidade']);
  });

  it('shows a manager its own entity and a level 1 user none', async () => {
    expect(names((await call('GET', '/entidades-tables', as.gerente)).json().entidades)).toEqual(['Demo Pré-pago']);
    expect((await call('GET', '/entidades-tables', as.usuario)).json().entidades).toEqual([]);
  });

  it('searches by name and sorts by allowed columns only', async () => {
    expect(names((await call('GET', '/entidades-tables?searchTerm=pós', as.admin)).json().entidades)).toEqual(['Demo Pós-pago']);
    expect(names((await call('GET', '/entidades-tables?column=ent_codigo&order=DESC', as.admin)).json().entidades)).toEqual([
      'Demo Pós-pago',
      'Demo Pré-pago',
    ]);
    expect((await call('GET', '/entidades-tables?column=cod_ger_empresa', as.admin)).statusCode).toBe(400);
  });
});

describe('POST /v2/entidade', () => {
  it('answers 400 with the message of each invalid field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ent_nome_fantasia: '' }, ENTITY_MSG.nameRequired],
      [{ ent_nome_fantasia: 'x'.repeat(121) }, ENTITY_MSG.nameTooLong],
      [{ ent_descricao: 'x'.repeat(501) }, ENTITY_MSG.descriptionTooLong],
      [{ ent_cnpj: '11.222.333/0001-82' }, ENTITY_MSG.cnpjInvalid],
      [{ ent_cnpj: '12.ABC.345/01DE-3A' }, ENTITY_MSG.cnpjInvalid],
      [{ ent_inscricao_estadual: 'x'.repeat(31) }, ENTITY_MSG.registrationTooLong],
      [{ ent_telefone: '123' }, ENTITY_MSG.phoneInvalid],
      [{ plano: undefined }, ENTITY_MSG.planRequired],
      [{ plano: { pla_tipo_plano: '3' } }, ENTITY_MSG.planRequired],
      [{ cod_ger_empresa: undefined }, ENTITY_MSG.companyRequired],
    ];
    for (const [over, message] of cases) {
      const res = await call('POST', '/entidade', as.admin, entity(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it("answers 404 for another administration's company and 403 below level 3, creating nothing", async () => {
    expect(
      (await call('POST', '/entidade', as.admin, entity({ cod_ger_empresa: ids.other.empresa, ent_nome_fantasia: 'Intrusa' }))).statusCode,
    ).toBe(404);
    expect((await call('POST', '/entidade', as.gerente, entity({ ent_nome_fantasia: 'Intrusa' }))).statusCode).toBe(403);
    expect((await call('POST', '/entidade', as.usuario, entity({ ent_nome_fantasia: 'Intrusa' }))).statusCode).toBe(403);
    const rows = await app.t.ctx.db.selectFrom('entidades').select('ent_codigo').where('ent_nome_fantasia', '=', 'Intrusa').execute();
    expect(rows).toEqual([]);
  });

  it('creates an entity in the chosen company, the CNPJ stored without the mask', async () => {
    const res = await call('POST', '/entidade', as.admin, entity());
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(ENTITY_MSG.created);
    expect(res.json().entidade).toMatchObject({
      ent_nome_fantasia: 'Filial Campinas',
      ent_cnpj: '12ABC34501DE35',
      ent_telefone: '1932321000',
      ent_celular: '19998765432',
      ent_telefone2: null,
      cod_ger_empresa: ids.demo.empresa,
      plano: { pla_tipo_plano: '1' },
    });
    expect(res.json().entidade.ent_uuid).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('PUT /v2/entidade', () => {
  it('answers 404 for an entity out of reach at every level, and 403 for a manager on its own entity', async () => {
    for (const [who, id] of [
      ['admin', ids.other.entidade],
      ['otherAdmin', ids.demo.pre],
      ['gerente', ids.demo.pos],
      ['usuario', ids.demo.pre],
    ] as const) {
      const res = await call('PUT', '/entidade', as[who], entity({ ent_codigo: id, ent_nome_fantasia: 'Invadida' }));
      expect(res.statusCode, `${who} → ${id}`).toBe(404);
    }
    expect(
      (await call('PUT', '/entidade', as.gerente, entity({ ent_codigo: ids.demo.pre, ent_nome_fantasia: 'Invadida' }))).statusCode,
    ).toBe(403);
    expect(await app.t.ctx.db.selectFrom('entidades').select('ent_codigo').where('ent_nome_fantasia', '=', 'Invadida').execute()).toEqual(
      [],
    );
  });

  it("does not move an entity into another administration's company (404)", async () => {
    const res = await call(
      'PUT',
      '/entidade',
      as.admin,
      entity({ ent_codigo: ids.demo.pos, cod_ger_empresa: ids.other.empresa, ent_nome_fantasia: 'Demo Pós-pago' }),
    );
    expect(res.statusCode).toBe(404);
  });

  it("updates an entity; its users' plan type follows", async () => {
    const res = await call(
      'PUT',
      '/entidade',
      as.admin,
      entity({ ent_codigo: ids.demo.pos, ent_nome_fantasia: 'Demo Pós-pago', ent_cnpj: '', plano: { pla_tipo_plano: '1' } }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ENTITY_MSG.updated);
    expect(res.json().entidade).toMatchObject({ ent_codigo: ids.demo.pos, ent_cnpj: null, plano: { pla_tipo_plano: '1' } });
    const pos = await app.t.ctx.db
      .selectFrom('usuarios')
      .select('usu_tipo_plano')
      .where('usu_codigo', '=', ids.demo.posUser)
      .executeTakeFirstOrThrow();
    expect(pos.usu_tipo_plano).toBe('1');
    await call(
      'PUT',
      '/entidade',
      as.admin,
      entity({ ent_codigo: ids.demo.pos, ent_nome_fantasia: 'Demo Pós-pago', plano: { pla_tipo_plano: '2' } }),
    );
  });
});

describe('GET /v2/empresas and /v2/empresas/{id}/entidades', () => {
  it("lists an administrator's companies only", async () => {
    expect((await call('GET', '/empresas', as.admin)).json().empresas).toEqual([
      { emp_codigo: ids.demo.empresa, emp_nome_fantasia: 'Demo Empresa' },
    ]);
    expect((await call('GET', '/empresas', as.otherAdmin)).json().empresas).toEqual([
      { emp_codigo: ids.other.empresa, emp_nome_fantasia: 'Outra Empresa' },
    ]);
    expect((await call('GET', '/empresas', as.usuario)).json().empresas).toEqual([]);
  });

  it("lists a company's entities, and answers 404 for a company out of reach", async () => {
    const res = await call('GET', `/empresas/${ids.demo.empresa}/entidades`, as.admin);
    expect(names(res.json().entidades)).toEqual(expect.arrayContaining(['Demo Pré-pago', 'Demo Pós-pago']));
    expect(names((await call('GET', `/empresas/${ids.demo.empresa}/entidades`, as.gerente)).json().entidades)).toEqual(['Demo Pré-pago']);
    for (const [who, id] of [
      ['admin', ids.other.empresa],
      ['otherAdmin', ids.demo.empresa],
      ['gerente', ids.other.empresa],
      ['usuario', ids.demo.empresa],
    ] as const) {
      expect((await call('GET', `/empresas/${id}/entidades`, as[who])).statusCode, `${who} → ${id}`).toBe(404);
    }
  });
});

/** The scope of a user as a session would give it (tenant-scope.ts), for the writes' own where. */

describe("another administration's entities and companies", () => {
  const demoRows = async () => ({
    entidades: await app.t.ctx.db
      .selectFrom('entidades')
      .selectAll()
      .where('cod_ger_empresa', '=', ids.demo.empresa)
      .orderBy('ent_codigo')
      .execute(),
    usuarios: await app.t.ctx.db
      .selectFrom('usuarios')
      .select(['usu_codigo', 'usu_tipo_plano', 'cod_ger_empresa'])
      .where('cod_ger_adm', '=', ids.demo.admin)
      .orderBy('usu_codigo')
      .execute(),
  });

  it('answer 404 on every id route to its administrator and manager, and nothing changes', async () => {
    const before = await demoRows();
    const take = (ent_codigo: number) =>
      entity({ ent_codigo, ent_nome_fantasia: 'Tomada', cod_ger_empresa: ids.other.empresa, plano: { pla_tipo_plano: '1' } });
    for (const who of ['otherAdmin', 'otherGerente'] as const) {
      const leaks = await notFoundForOthers(app, as[who], [
        ['PUT', '/entidade', take(ids.demo.pos)],
        ['PUT', '/entidade', { ...take(ids.demo.pre), cod_ger_empresa: ids.demo.empresa }],
        ['GET', `/empresas/${ids.demo.empresa}/entidades`],
      ]);
      expect(leaks, who).toEqual([]);
    }
    expect(await notFoundForOthers(app, as.otherAdmin, [['POST', '/entidade', entity({ ent_nome_fantasia: 'Tomada' })]])).toEqual([]);
    expect(await demoRows()).toEqual(before);
  });

  it('the writes carry the scope in their where: out of reach they match no row', async () => {
    const db = app.t.ctx.db;
    const before = await demoRows();
    const values = (cod_ger_empresa: number): q.EntityValues => ({
      ent_nome_fantasia: 'Tomada',
      ent_razao_social: null,
      ent_descricao: null,
      ent_cnpj: null,
      ent_inscricao_estadual: null,
      ent_inscricao_municipal: null,
      ent_telefone: null,
      ent_telefone2: null,
      ent_celular: null,
      ent_tipo_plano: '1',
      cod_ger_empresa,
    });
    const otherAdmin = await app.scopeOf('admin@outra.local');
    expect(await q.updateEntity(db, otherAdmin, ids.demo.pos, values(ids.other.empresa))).toBe(false);
    expect(await q.updateEntity(db, otherAdmin, ids.demo.pos, values(ids.demo.empresa))).toBe(false);
    expect(await q.insertEntity(db, otherAdmin, values(ids.demo.empresa))).toBeUndefined();
    // The administrator does not move its entity into another administration's company.
    expect(await q.updateEntity(db, await app.scopeOf('admin@demo.local'), ids.demo.pos, values(ids.other.empresa))).toBe(false);
    // A manager reads its entity but does not change it.
    expect(await q.updateEntity(db, await app.scopeOf('gerente@demo.local'), ids.demo.pre, values(ids.demo.empresa))).toBe(false);
    expect(await demoRows()).toEqual(before);
  });
});
