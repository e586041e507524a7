import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, notFoundForOthers, useTestApp } from '../../../test/harness.ts';
import { createTenants } from '../../../test/tenants.ts';
import { seedDemo } from '../../seed/demo.ts';
import { movementsOf } from '../credits/credits.queries.ts';
import { setPlanActive } from './plans.queries.ts';

/** Plan source, the credits object and who reaches which plan. Credit changes, the ledger and the list: plans-credits.test.ts. */
const app = useTestApp();
const tokens: Record<string, string> = {};
beforeAll(async () => {
  for (const who of ['admin', 'gerente', 'usuario', 'pos']) tokens[who] = await app.t.login(`${who}@demo.local`);
});

const get = (who: string, url: string) => app.t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]) });
const put = (who: string, url: string, payload: object) => app.t.app.inject({ method: 'PUT', url, payload, headers: bearer(tokens[who]) });

async function userId(login: string) {
  const row = await app.t.ctx.db
    .selectFrom('usuarios')
    .select(['usu_codigo', 'cod_ger_entidade'])
    .where('usu_login', '=', login)
    .executeTakeFirstOrThrow();
  return row;
}

/** A second administration (company, entity, admin and a user) that the demo one must not reach. */
let otherOnce: ReturnType<typeof makeOtherTenant> | undefined;
function otherTenant() {
  otherOnce ??= makeOtherTenant();
  return otherOnce;
}

async function makeOtherTenant() {
  const db = app.t.ctx.db;
  const emp = await db.insertInto('empresas').values({ emp_nome_fantasia: 'Outra' }).returning('emp_codigo').executeTakeFirstOrThrow();
  const ent = await db
    .insertInto('entidades')
    .values({ cod_ger_empresa: emp.emp_codigo, ent_nome_fantasia: 'Outra Entidade', ent_tipo_plano: '2' })
    .returning('ent_codigo')
    .executeTakeFirstOrThrow();
  const u = await db
    .insertInto('usuarios')
    .values({
      usu_nome: 'Fulano',
      usu_login: 'fulano@outra.local',
      usu_nivel: 1,
      cod_ger_empresa: emp.emp_codigo,
      cod_ger_entidade: ent.ent_codigo,
      usu_tipo_plano: '1',
    })
    .returning('usu_codigo')
    .executeTakeFirstOrThrow();
  const plan = await db
    .insertInto('planos')
    .values({ pla_nivel: 1, pla_codigo_usu_ent: u.usu_codigo, pla_tipo_plano: '1', pla_total_credito: 5 })
    .returning('pla_codigo')
    .executeTakeFirstOrThrow();
  const entPlan = await db
    .insertInto('planos')
    .values({ pla_nivel: 2, pla_codigo_usu_ent: ent.ent_codigo, pla_tipo_plano: '2' })
    .returning('pla_codigo')
    .executeTakeFirstOrThrow();
  return { usu_codigo: u.usu_codigo, ent_codigo: ent.ent_codigo, pla_codigo: plan.pla_codigo, entPlan: entPlan.pla_codigo };
}

describe('plan source and the credits object', () => {
  it('a prepaid user draws on its own plan: 1,000 demo credits bought in the store', async () => {
    const res = await get('usuario', '/v2/plano-usuario');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const me = await userId('usuario@demo.local');
    expect(body.plano).toMatchObject({
      pla_tipo_plano: '1',
      pla_nivel: 1,
      pla_codigo_usu_ent: me.usu_codigo,
      pla_total_credito: 1000,
      pla_ativo: 1,
    });
    expect(body.creditos).toEqual({ pla_codigo: body.plano.pla_codigo, ativo: true, tipoPlano: '1', total: 1000, titlePlano: 'Pré pago' });
    expect(body.ultimaAquisicao).toBeTruthy();
    const ledger = await movementsOf(app.t.ctx.db, body.plano.pla_codigo);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ mov_tipo: 'compra', mov_creditos: 1000, mov_saldo_apos: 1000 });
    const plano = await get('usuario', '/v2/plano');
    expect(plano.json()).toMatchObject({ tipoPlano: '1', total: 1000, titlePlano: 'Pré pago', ativo: true });
  });

  it('the demo seed is idempotent: running it again changes no plan, ledger or order', async () => {
    const snapshot = async () => ({
      planos: await app.t.ctx.db.selectFrom('planos').select(['pla_codigo', 'pla_total_credito']).orderBy('pla_codigo').execute(),
      movimentos: await app.t.ctx.db
        .selectFrom('plano_movimentos')
        .select(['mov_codigo', 'mov_saldo_apos'])
        .orderBy('mov_codigo')
        .execute(),
      logs: await app.t.ctx.db
        .selectFrom('log_creditos')
        .select(['log_codigo', 'log_creditos', 'log_status'])
        .orderBy('log_codigo')
        .execute(),
    });
    const before = await snapshot();
    expect(before.logs.map((l) => l.log_status).sort()).toEqual(['completed', 'completed', 'completed', 'on-hold']);
    await seedDemo(app.t.ctx.db);
    await seedDemo(app.t.ctx.db);
    expect(await snapshot()).toEqual(before);
  });

  it('a postpaid user draws on its entity plan and sees the credits used', async () => {
    const me = await userId('pos@demo.local');
    const res = await get('pos', '/v2/plano-usuario');
    expect(res.statusCode).toBe(200);
    expect(res.json().plano).toMatchObject({
      pla_tipo_plano: '2',
      pla_nivel: 2,
      pla_codigo_usu_ent: me.cod_ger_entidade,
      usuario: { nome: 'Demo Pós-pago' },
    });
    expect(res.json().creditos).toMatchObject({ tipoPlano: '2', total: 0, titlePlano: 'Pós Pago' });
    const byEntity = await get('pos', `/v2/plano?codigo=${me.cod_ger_entidade}&tipo=2`);
    expect(byEntity.json()).toMatchObject({ tipoPlano: '2', titlePlano: 'Pós Pago' });
  });

  it('a user without a plan gets one on first use (created before ensurePlan existed)', async () => {
    const db = app.t.ctx.db;
    const admin = await userId('admin@demo.local');
    await db
      .insertInto('usuarios')
      .values({
        usu_nome: 'Novo',
        usu_login: 'novo@demo.local',
        usu_nivel: 1,
        cod_ger_entidade: admin.cod_ger_entidade,
        usu_tipo_plano: '1',
      })
      .execute();
    const novo = await userId('novo@demo.local');
    const res = await get('admin', `/v2/plano-entidade-user?usu_codigo=${novo.usu_codigo}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().plano).toMatchObject({ pla_nivel: 1, pla_codigo_usu_ent: novo.usu_codigo, pla_total_credito: 0, gerenciavel: true });
    expect(res.json().ultimaAquisicao).toBeNull();
  });
});

describe('tenants', () => {
  it("another tenant's plan, user or history answers 404; the list leaves it out", async () => {
    const other = await otherTenant();
    for (const who of ['admin', 'gerente', 'usuario']) {
      expect((await get(who, `/v2/plano?codigo=${other.usu_codigo}&tipo=1`)).statusCode).toBe(404);
      expect((await get(who, `/v2/plano?codigo=${other.ent_codigo}&tipo=2`)).statusCode).toBe(404);
      expect((await get(who, `/v2/plano-entidade-user?usu_codigo=${other.usu_codigo}`)).statusCode).toBe(404);
      expect((await get(who, `/v2/historico-plano/${other.pla_codigo}`)).statusCode).toBe(404);
      const list = await get(who, '/v2/planos?limit=100');
      expect(list.json().planos.map((p: { pla_codigo: number }) => p.pla_codigo)).not.toContain(other.pla_codigo);
    }
    expect((await put('admin', '/v2/plano', { pla_codigo: other.pla_codigo, pla_total_credito: 10 })).statusCode).toBe(404);
    expect((await put('admin', `/v2/planos/${other.entPlan}/status`, { pla_ativo: 0 })).statusCode).toBe(404);
    const untouched = await app.t.ctx.db
      .selectFrom('planos')
      .select(['pla_total_credito', 'pla_ativo'])
      .where('pla_codigo', '=', other.pla_codigo)
      .executeTakeFirstOrThrow();
    expect(untouched).toEqual({ pla_total_credito: 5, pla_ativo: 1 });
  });

  it('level 1 sees only its own plan; level 2 its entity; level 3 its administration', async () => {
    const names = async (who: string) =>
      ((await get(who, '/v2/planos?limit=100')).json().planos as { usuario: { nome: string } }[]).map((p) => p.usuario.nome).sort();
    expect(await names('usuario')).toEqual(['Usuário Demo']);
    expect(await names('pos')).toEqual(['Demo Pós-pago']);
    expect(await names('gerente')).toEqual(expect.arrayContaining(['Gerente Demo', 'Usuário Demo']));
    expect(await names('gerente')).not.toContain('Administrador Demo');
    expect(await names('gerente')).not.toContain('Demo Pós-pago');
    expect(await names('admin')).toEqual(expect.arrayContaining(['Administrador Demo', 'Demo Pós-pago', 'Gerente Demo', 'Usuário Demo']));
    const usuario = await userId('usuario@demo.local');
    expect((await get('usuario', `/v2/plano-entidade-user?usu_codigo=${(await userId('gerente@demo.local')).usu_codigo}`)).statusCode).toBe(
      404,
    );
    expect((await get('gerente', `/v2/plano-entidade-user?usu_codigo=${usuario.usu_codigo}`)).statusCode).toBe(200);
  });
});

describe("who may touch an administrator's plan (issue 14)", () => {
  const planOf = async (login: string) => {
    const u = await userId(login);
    return (
      await app.t.ctx.db
        .selectFrom('planos')
        .select(['pla_codigo', 'pla_total_credito', 'pla_ativo'])
        .where('pla_nivel', '=', 1)
        .where('pla_codigo_usu_ent', '=', u.usu_codigo)
        .executeTakeFirstOrThrow()
    ).pla_codigo;
  };
  const state = (pla: number) =>
    app.t.ctx.db.selectFrom('planos').select(['pla_total_credito', 'pla_ativo']).where('pla_codigo', '=', pla).executeTakeFirstOrThrow();

  it("a manager neither reads nor changes the administrator's plan: 404 on every plan call, nothing changes", async () => {
    const admin = await userId('admin@demo.local');
    const pla = await planOf('admin@demo.local');
    const before = await state(pla);
    expect((await get('gerente', `/v2/plano?codigo=${admin.usu_codigo}&tipo=1`)).statusCode).toBe(404);
    expect((await get('gerente', `/v2/plano-entidade-user?usu_codigo=${admin.usu_codigo}`)).statusCode).toBe(404);
    expect((await get('gerente', `/v2/historico-plano/${pla}`)).statusCode).toBe(404);
    expect((await get('gerente', `/v2/planos/${pla}/movimentos`)).statusCode).toBe(404);
    const list = (await get('gerente', '/v2/planos?limit=100')).json().planos as { pla_codigo: number }[];
    expect(list.map((p) => p.pla_codigo)).not.toContain(pla);
    expect((await put('gerente', '/v2/plano', { pla_codigo: pla, pla_total_credito: 10 })).statusCode).toBe(404);
    expect((await put('gerente', '/v2/plano', { pla_codigo: pla, pla_total_credito: -10 })).statusCode).toBe(404);
    expect((await put('gerente', `/v2/planos/${pla}/status`, { pla_ativo: 0 })).statusCode).toBe(404);
    expect(await state(pla)).toEqual(before);
  });

  it("a manager reads and changes its entity's level-1 user; reads its entity's plan but does not change it", async () => {
    const usuario = await userId('usuario@demo.local');
    const pla = await planOf('usuario@demo.local');
    expect((await get('gerente', `/v2/plano?codigo=${usuario.usu_codigo}&tipo=1`)).statusCode).toBe(200);
    expect((await get('gerente', `/v2/historico-plano/${pla}`)).statusCode).toBe(200);
    expect((await get('gerente', `/v2/planos/${pla}/movimentos`)).statusCode).toBe(200);
    const added = await put('gerente', '/v2/plano', { pla_codigo: pla, pla_total_credito: 5 });
    expect(added.statusCode).toBe(200);
    expect((await put('gerente', '/v2/plano', { pla_codigo: pla, pla_total_credito: -5 })).statusCode).toBe(200);
    expect((await put('gerente', `/v2/planos/${pla}/status`, { pla_ativo: 0 })).statusCode).toBe(200);
    expect((await put('gerente', `/v2/planos/${pla}/status`, { pla_ativo: 1 })).statusCode).toBe(200);
    // The prepaid demo entity has no plan of its own; give it one to see the manager reach it.
    const entityPlan = await app.t.ctx.db
      .insertInto('planos')
      .values({ pla_nivel: 2, pla_codigo_usu_ent: usuario.cod_ger_entidade as number, pla_tipo_plano: '2' })
      .returning('pla_codigo')
      .executeTakeFirstOrThrow();
    expect((await get('gerente', `/v2/planos/${entityPlan.pla_codigo}/movimentos`)).statusCode).toBe(200);
    expect((await put('gerente', `/v2/planos/${entityPlan.pla_codigo}/status`, { pla_ativo: 0 })).statusCode).toBe(403);
    await app.t.ctx.db.deleteFrom('planos').where('pla_codigo', '=', entityPlan.pla_codigo).execute();
  });

  it('an administrator reaches its company only; a level-1 user only reads its own', async () => {
    const other = await otherTenant();
    const gerentePlan = await planOf('gerente@demo.local');
    expect((await put('admin', '/v2/plano', { pla_codigo: gerentePlan, pla_total_credito: 1 })).statusCode).toBe(200);
    expect((await put('admin', '/v2/plano', { pla_codigo: gerentePlan, pla_total_credito: -1 })).statusCode).toBe(200);
    expect((await get('admin', `/v2/planos/${other.pla_codigo}/movimentos`)).statusCode).toBe(404);
    expect((await get('gerente', `/v2/planos/${other.pla_codigo}/movimentos`)).statusCode).toBe(404);
    const own = await planOf('usuario@demo.local');
    expect((await get('usuario', `/v2/historico-plano/${own}`)).statusCode).toBe(200);
    expect((await put('usuario', `/v2/planos/${own}/status`, { pla_ativo: 0 })).statusCode).toBe(403);
    for (const pla of [gerentePlan, await planOf('admin@demo.local')]) {
      expect((await get('usuario', `/v2/historico-plano/${pla}`)).statusCode).toBe(404);
      expect((await put('usuario', `/v2/planos/${pla}/status`, { pla_ativo: 0 })).statusCode).toBe(404);
    }
  });

  it('the write by id carries the scope in its where: a manager deactivating the admin plan matches no row', async () => {
    const scope = await app.scopeOf('gerente@demo.local');
    const adminPlan = await planOf('admin@demo.local');
    expect(await setPlanActive(app.t.ctx.db, scope, adminPlan, 0)).toBe(false);
    expect((await state(adminPlan)).pla_ativo).toBe(1);
    const userPlan = await planOf('usuario@demo.local');
    expect(await setPlanActive(app.t.ctx.db, scope, userPlan, 1)).toBe(true);
  });
});

describe("another administration's administrator and manager", () => {
  it('get 404 for every plan id of this one, and nothing changes', async () => {
    const ids = await createTenants(app.t.ctx.db);
    const db = app.t.ctx.db;
    const plan = async (nivel: 1 | 2, owner: number) =>
      (
        await db
          .selectFrom('planos')
          .select('pla_codigo')
          .where('pla_nivel', '=', nivel)
          .where('pla_codigo_usu_ent', '=', owner)
          .executeTakeFirstOrThrow()
      ).pla_codigo;
    const usuarioPlan = await plan(1, ids.demo.usuario);
    const posPlan = await plan(2, ids.demo.pos);
    const snapshot = async () => ({
      planos: await db.selectFrom('planos').selectAll().where('pla_codigo', 'in', [usuarioPlan, posPlan]).orderBy('pla_codigo').execute(),
      movimentos: (await movementsOf(db, usuarioPlan)).length,
    });
    const before = await snapshot();
    for (const login of ['admin@outra.local', 'gerente@outra.local']) {
      const leaks = await notFoundForOthers(app, bearer(await app.t.login(login)), [
        ['GET', `/plano?codigo=${ids.demo.usuario}&tipo=1`],
        ['GET', `/plano?codigo=${ids.demo.pos}&tipo=2`],
        ['GET', `/plano-entidade-user?usu_codigo=${ids.demo.usuario}`],
        ['GET', `/historico-plano/${usuarioPlan}`],
        ['GET', `/planos/${usuarioPlan}/movimentos`],
        ['PUT', '/plano', { pla_codigo: usuarioPlan, pla_total_credito: 10 }],
        ['PUT', `/planos/${usuarioPlan}/status`, { pla_ativo: 0 }],
        ['PUT', `/planos/${posPlan}/status`, { pla_ativo: 0 }],
      ]);
      expect(leaks, login).toEqual([]);
    }
    expect(await snapshot()).toEqual(before);
  });
});
