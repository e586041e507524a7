/** The users API's changes: edit, block, remove, re-invite, and another tenant's ids. Reads and creation: users.test.ts. */
import { MSG, USERS_MSG } from '@ar/core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, notFoundForOthers, useTestApp } from '../../../test/harness.ts';
import { newUser, useTenants } from '../../../test/tenants.ts';
import * as q from './users.queries.ts';

const app = useTestApp();
const { ids, as } = useTenants(app);

const call = app.call;

const inviteTokenIn = (text: string | null) => /\/confirm-registration\/([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1];

describe('PUT /v2/usuarios/{id}', () => {
  const editOf = async (id: number, over: Record<string, unknown> = {}) => {
    const u = (await call('GET', `/usuarios/${id}`, as.admin)).json();
    return { ...newUser(), usu_nome: u.usu_nome, usu_login: u.usu_login, usu_nivel: u.usu_nivel, ...over };
  };

  it('answers 404 for a user of another tenant, at every level, and changes nothing', async () => {
    const body = newUser({ usu_nome: 'Invadido' });
    for (const [who, id] of [
      ['admin', ids.other.usuario],
      ['gerente', ids.demo.admin],
      ['gerente', ids.demo.posUser],
      ['usuario', ids.demo.gerente],
    ] as const) {
      expect((await call('PUT', `/usuarios/${id}`, as[who], body)).statusCode, `${who} → ${id}`).toBe(404);
    }
    const names = await app.t.ctx.db.selectFrom('usuarios').select('usu_nome').where('usu_nome', '=', 'Invadido').execute();
    expect(names).toEqual([]);
  });

  it('refuses level 1 even on itself (403): My Account is its way', async () => {
    const res = await call('PUT', `/usuarios/${ids.demo.usuario}`, as.usuario, newUser({ usu_login: 'usuario@demo.local' }));
    expect(res.statusCode).toBe(403);
  });

  it('updates a user, whose plan type follows the new entity; the e-mail must stay unique', async () => {
    const created = (await call('POST', '/usuarios', as.gerente, newUser())).json().usuario;
    let res = await call(
      'PUT',
      `/usuarios/${created.usu_codigo}`,
      as.gerente,
      await editOf(created.usu_codigo, { usu_login: 'gerente@demo.local' }),
    );
    expect(res.json().message).toBe(USERS_MSG.emailExists);
    res = await call('PUT', `/usuarios/${created.usu_codigo}`, as.gerente, await editOf(created.usu_codigo, { usu_nivel: 3 }));
    expect(res.json().message).toBe(USERS_MSG.levelNotAllowed);
    res = await call(
      'PUT',
      `/usuarios/${created.usu_codigo}`,
      as.admin,
      await editOf(created.usu_codigo, {
        usu_nome: 'Nome Novo',
        usu_anexo_obrigatorio: 'S',
        cod_ger_empresa: ids.demo.empresa,
        cod_ger_entidade: ids.demo.pos,
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(USERS_MSG.updated);
    expect(res.json().usuario).toMatchObject({
      usu_nome: 'Nome Novo',
      usu_anexo_obrigatorio: 'S',
      usu_tipo_plano: '2',
      cod_ger_entidade: ids.demo.pos,
    });
    // Moved out of the manager's entity: out of the manager's reach.
    expect((await call('GET', `/usuarios/${created.usu_codigo}`, as.gerente)).statusCode).toBe(404);
  });

  it('blocks a user (status B: signed out and refused at sign-in) and unblocks it back to L', async () => {
    const target = await app.as('pos@demo.local');
    const body = await editOf(ids.demo.posUser, { cod_ger_empresa: ids.demo.empresa, cod_ger_entidade: ids.demo.pos });
    let res = await call('PUT', `/usuarios/${ids.demo.posUser}`, as.admin, { ...body, usu_status: 'B' });
    expect(res.json().usuario.usu_status).toBe('B');
    expect((await call('GET', '/me', target)).statusCode).toBe(401);
    const login = await call('POST', '/login', {}, { username: 'pos@demo.local', password: DEMO_PASSWORD });
    expect(login.json().message).toBe(MSG.blockedUser);
    res = await call('PUT', `/usuarios/${ids.demo.posUser}`, as.admin, { ...body, usu_status: 'L' });
    expect(res.json().usuario.usu_status).toBe('L');
    expect((await call('POST', '/login', {}, { username: 'pos@demo.local', password: DEMO_PASSWORD })).statusCode).toBe(200);
  });

  it('does not let a manager block itself', async () => {
    const body = { ...newUser({ usu_login: 'gerente@demo.local', usu_nivel: 2, usu_nome: 'Gerente Demo' }), usu_status: 'B' };
    const res = await call('PUT', `/usuarios/${ids.demo.gerente}`, as.gerente, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(USERS_MSG.cannotBlockSelf);
  });
});

describe('DELETE /v2/usuarios/{id}', () => {
  it('answers 404 across tenants, 403 for level 1, 400 for oneself', async () => {
    for (const [who, id] of [
      ['admin', ids.other.usuario],
      ['gerente', ids.demo.posUser],
      ['usuario', ids.demo.gerente],
    ] as const) {
      expect((await call('DELETE', `/usuarios/${id}`, as[who])).statusCode, `${who} → ${id}`).toBe(404);
    }
    expect((await call('DELETE', `/usuarios/${ids.demo.usuario}`, as.usuario)).statusCode).toBe(403);
    const self = await call('DELETE', `/usuarios/${ids.demo.gerente}`, as.gerente);
    expect(self.json().message).toBe(USERS_MSG.cannotRemoveSelf);
    expect((await call('GET', `/usuarios/${ids.other.usuario}`, as.otherAdmin)).statusCode).toBe(200);
  });

  it('removes a user; one that others depend on is refused with 409', async () => {
    const created = (await call('POST', '/usuarios', as.gerente, newUser())).json().usuario;
    const res = await call('DELETE', `/usuarios/${created.usu_codigo}`, as.gerente);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(USERS_MSG.removed);
    expect((await call('GET', `/usuarios/${created.usu_codigo}`, as.gerente)).statusCode).toBe(404);

    const boss = (await call('POST', '/usuarios', as.gerente, newUser())).json().usuario;
    await app.t.ctx.db.updateTable('empresas').set({ cod_ger_adm: boss.usu_codigo }).where('emp_codigo', '=', ids.other.empresa).execute();
    const refused = await call('DELETE', `/usuarios/${boss.usu_codigo}`, as.gerente);
    await app.t.ctx.db.updateTable('empresas').set({ cod_ger_adm: ids.other.admin }).where('emp_codigo', '=', ids.other.empresa).execute();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(USERS_MSG.hasRecords);
  });
});

describe('PUT /v2/usuarios/resend-invite/{usu_codigo}', () => {
  it('answers 404 across tenants and 400 for a user already released', async () => {
    for (const [who, id] of [
      ['admin', ids.other.usuario],
      ['gerente', ids.demo.posUser],
      ['usuario', ids.demo.gerente],
    ] as const) {
      expect((await call('PUT', `/usuarios/resend-invite/${id}`, as[who])).statusCode, `${who} → ${id}`).toBe(404);
    }
    const res = await call('PUT', `/usuarios/resend-invite/${ids.demo.usuario}`, as.gerente);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(USERS_MSG.alreadyConfirmed);
  });

  it('sends a new link that replaces the previous one', async () => {
    const created = (await call('POST', '/usuarios', as.gerente, newUser())).json().usuario;
    const first = inviteTokenIn((await app.t.mailbox())[0].cai_text);
    const res = await call('PUT', `/usuarios/resend-invite/${created.usu_codigo}`, as.gerente);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(USERS_MSG.inviteResent);
    const [mail] = await app.t.mailbox();
    expect(mail.cai_to).toBe(created.usu_login);
    const second = inviteTokenIn(mail.cai_text);
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect((await call('GET', `/usuarios/confirm-registration/${first}`, {})).statusCode).toBe(404);
    expect((await call('GET', `/usuarios/confirm-registration/${second}`, {})).json()).toEqual({
      usu_codigo: created.usu_codigo,
      usu_nome: created.usu_nome,
    });
  });
});

/** The scope of a user as a session would give it (tenant-scope.ts), for the writes' own where. */

describe("another tenant's users", () => {
  const demoUsers = () =>
    app.t.ctx.db.selectFrom('usuarios').selectAll().where('cod_ger_adm', '=', ids.demo.admin).orderBy('usu_codigo').execute();
  const sessionsOf = (usu_codigo: number) =>
    app.t.ctx.db.selectFrom('sessoes').select('ses_token_hash').where('cod_usu', '=', usu_codigo).execute();

  it("answers 404 on every id route to another administration's administrator and manager, and changes nothing", async () => {
    const before = await demoUsers();
    const sessions = await sessionsOf(ids.demo.usuario);
    const mails = (await app.t.mailbox()).length;
    for (const who of ['otherAdmin', 'otherGerente'] as const) {
      const leaks = await notFoundForOthers(app, as[who], [
        ['GET', `/usuarios/${ids.demo.usuario}`],
        ['GET', `/usuarios/${ids.demo.admin}`],
        [
          'PUT',
          `/usuarios/${ids.demo.usuario}`,
          newUser({ usu_nome: 'Tomado', usu_status: 'B', cod_ger_empresa: ids.other.empresa, cod_ger_entidade: ids.other.entidade }),
        ],
        ['DELETE', `/usuarios/${ids.demo.gerente}`],
        ['PUT', `/usuarios/resend-invite/${ids.demo.posUser}`],
      ]);
      expect(leaks, who).toEqual([]);
    }
    expect(await demoUsers()).toEqual(before);
    expect(await sessionsOf(ids.demo.usuario)).toEqual(sessions);
    expect((await app.t.mailbox()).length).toBe(mails);
  });

  it('the writes by id carry the scope in their where: out of reach they match no row', async () => {
    const db = app.t.ctx.db;
    const before = await demoUsers();
    const changes = {
      usu_nome: 'Tomado',
      usu_login: 'tomado@exemplo.com.br',
      usu_nivel: 1,
      usu_anexo_obrigatorio: 'N',
      usu_accounts_aremail: null,
      usu_status: 'B',
      usu_tipo_plano: '2',
      cod_ger_adm: ids.other.admin,
      cod_ger_empresa: ids.other.empresa,
      cod_ger_entidade: ids.other.entidade,
      usu_sso_obrigatorio: false,
    } as const;
    const otherAdmin = await app.scopeOf('admin@outra.local');
    expect(await q.updateUser(db, otherAdmin, ids.demo.usuario, changes)).toBe(false);
    expect(await q.deleteUser(db, otherAdmin, ids.demo.usuario)).toBe(false);
    await q.endSessionsOf(db, otherAdmin, ids.demo.usuario);
    const newcomer = {
      usu_nome: 'Intruso',
      usu_login: 'intruso.q@exemplo.com.br',
      usu_nivel: 1,
      usu_anexo_obrigatorio: 'N',
      usu_accounts_aremail: null,
      usu_sso_obrigatorio: false,
    } as const;
    expect(await q.insertUser(db, otherAdmin, ids.demo.pre, newcomer)).toBeUndefined();
    // A manager reaches its entity's users up to level 2, not the administrator; a level 1 user changes no one, not even itself.
    const gerente = await app.scopeOf('gerente@demo.local');
    expect(
      await q.updateUser(db, gerente, ids.demo.admin, {
        ...changes,
        cod_ger_adm: ids.demo.admin,
        cod_ger_empresa: ids.demo.empresa,
        cod_ger_entidade: ids.demo.pre,
      }),
    ).toBe(false);
    // Nor does it place a user in another entity of the administration.
    expect(await q.insertUser(db, gerente, ids.demo.pos, newcomer)).toBeUndefined();
    const usuario = await app.scopeOf('usuario@demo.local');
    expect(await q.deleteUser(db, usuario, ids.demo.usuario)).toBe(false);
    expect(await demoUsers()).toEqual(before);
    expect(await sessionsOf(ids.demo.usuario)).not.toEqual([]);
  });
});
