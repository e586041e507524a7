import { MSG, USERS_MSG } from '@ar/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/harness.ts';
import { createTenants, type Tenants } from '../tenancy/test-tenants.ts';

let t: TestApp;
let ids: Tenants;
const as: Record<'admin' | 'gerente' | 'usuario' | 'otherAdmin', Record<string, string>> = {} as never;

beforeAll(async () => {
  t = await createTestApp();
  ids = await createTenants(t.ctx.db);
  as.admin = bearer(await t.login('admin@demo.local'));
  as.gerente = bearer(await t.login('gerente@demo.local'));
  as.usuario = bearer(await t.login('usuario@demo.local'));
  as.otherAdmin = bearer(await t.login('admin@outra.local'));
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/v2${url}`, headers, payload });

const newUser = (over: Record<string, unknown> = {}) => ({
  usu_nome: 'Novo Usuário',
  usu_login: `novo.${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`,
  usu_anexo_obrigatorio: 'N',
  usu_nivel: 1,
  ...over,
});

const inviteTokenIn = (text: string | null) => /\/confirm-registration\/([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1];

describe('authentication', () => {
  it('answers 401 to every users call without a session', async () => {
    for (const [method, url] of [
      ['GET', '/usuarios'],
      ['GET', '/usuarios/1'],
      ['POST', '/usuarios'],
      ['PUT', '/usuarios/1'],
      ['DELETE', '/usuarios/1'],
      ['PUT', '/usuarios/resend-invite/1'],
    ] as const) {
      const res = await call(method, url, {}, method === 'POST' || method === 'PUT' ? newUser() : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().message).toBe(MSG.sessionExpired);
    }
  });
});

describe('GET /v2/usuarios', () => {
  it('lists the administration of an administrator, 10 a page by usu_codigo ascending', async () => {
    const res = await call('GET', '/usuarios', as.admin);
    expect(res.statusCode).toBe(200);
    const { usuarios, pagination } = res.json();
    const logins = usuarios.map((u: { usu_login: string }) => u.usu_login);
    expect(logins).toEqual(expect.arrayContaining(['admin@demo.local', 'gerente@demo.local', 'usuario@demo.local', 'pos@demo.local']));
    expect(logins.some((l: string) => l.endsWith('@outra.local'))).toBe(false);
    expect(pagination).toMatchObject({ offset: 0, limit: 10 });
    const codes = usuarios.map((u: { usu_codigo: number }) => u.usu_codigo);
    expect(codes).toEqual([...codes].sort((a, b) => a - b));
    expect(usuarios[0]).not.toHaveProperty('usu_senha');
  });

  it("shows a manager its entity's users up to level 2, and a level 1 user only itself", async () => {
    const gerente = (await call('GET', '/usuarios', as.gerente)).json().usuarios.map((u: { usu_login: string }) => u.usu_login);
    expect(gerente).toContain('usuario@demo.local');
    expect(gerente).not.toContain('admin@demo.local');
    expect(gerente).not.toContain('pos@demo.local');
    const usuario = (await call('GET', '/usuarios', as.usuario)).json();
    expect(usuario.usuarios.map((u: { usu_login: string }) => u.usu_login)).toEqual(['usuario@demo.local']);
    expect(usuario.pagination.rowCount).toBe(1);
  });

  it('searches by name or login and sorts by an allowed column only', async () => {
    const found = (await call('GET', '/usuarios?searchTerm=gerente', as.admin)).json().usuarios;
    expect(found.map((u: { usu_login: string }) => u.usu_login)).toEqual(['gerente@demo.local']);
    const desc = (await call('GET', '/usuarios?column=usu_codigo&order=DESC', as.admin)).json().usuarios;
    expect(desc[0].usu_codigo).toBeGreaterThan(desc[desc.length - 1].usu_codigo);
    expect((await call('GET', '/usuarios?column=usu_senha', as.admin)).statusCode).toBe(400);
  });
});

describe('GET /v2/usuarios/{id}', () => {
  it('answers the user of the modal, without the password hash', async () => {
    const res = await call('GET', `/usuarios/${ids.demo.usuario}`, as.gerente);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      usu_login: 'usuario@demo.local',
      usu_nivel: 1,
      ent_nome_fantasia: 'Demo Pré-pago',
      emp_nome_fantasia: 'Demo Empresa',
    });
    expect(res.json()).not.toHaveProperty('usu_senha');
    expect(res.json()).not.toHaveProperty('has_password');
  });

  it('answers 404 for a user of another tenant, at every level', async () => {
    const cases: [keyof typeof as, number][] = [
      ['admin', ids.other.admin],
      ['admin', ids.other.usuario],
      ['otherAdmin', ids.demo.usuario],
      ['gerente', ids.demo.admin],
      ['gerente', ids.demo.posUser],
      ['gerente', ids.other.gerente],
      ['usuario', ids.demo.gerente],
      ['usuario', ids.other.usuario],
    ];
    for (const [who, id] of cases) {
      const res = await call('GET', `/usuarios/${id}`, as[who]);
      expect(res.statusCode, `${who} → ${id}`).toBe(404);
      expect(res.json().message).toBe(MSG.notFound);
    }
  });
});

describe('POST /v2/usuarios', () => {
  it('answers 400 with the message of each invalid field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ usu_nome: '' }, USERS_MSG.nameRequired],
      [{ usu_nome: 'x'.repeat(81) }, USERS_MSG.nameTooLong],
      [{ usu_login: 'sem-arroba' }, MSG.emailInvalid],
      [{ usu_login: `${'a'.repeat(145)}@b.com` }, MSG.emailTooLong],
      [{ usu_anexo_obrigatorio: 'X' }, USERS_MSG.attachmentRequired],
      [{ usu_nivel: undefined }, USERS_MSG.levelRequired],
      [{ usu_nivel: 4 }, USERS_MSG.levelRequired],
      [{ usu_accounts_aremail: { accounts: [{ name: 'Conta', email: 'ruim' }] } }, USERS_MSG.accountEmailInvalid],
      [{ usu_nivel: 3 }, USERS_MSG.levelNotAllowed],
      [{ usu_login: 'usuario@demo.local' }, USERS_MSG.emailExists],
      [{ usu_login: 'USUARIO@DEMO.LOCAL' }, USERS_MSG.emailExists],
    ];
    for (const [over, message] of cases) {
      const res = await call('POST', '/usuarios', as.gerente, newUser(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('asks an administrator for company and entity, and refuses an entity of another company', async () => {
    let res = await call('POST', '/usuarios', as.admin, newUser({ cod_ger_entidade: ids.demo.pre }));
    expect(res.json().message).toBe(USERS_MSG.companyRequired);
    res = await call('POST', '/usuarios', as.admin, newUser({ cod_ger_empresa: ids.demo.empresa }));
    expect(res.json().message).toBe(USERS_MSG.entityRequired);
    const second = await t.ctx.db
      .insertInto('empresas')
      .values({ emp_nome_fantasia: 'Segunda Empresa', cod_ger_adm: ids.demo.admin })
      .returning('emp_codigo')
      .executeTakeFirstOrThrow();
    res = await call('POST', '/usuarios', as.admin, newUser({ cod_ger_empresa: second.emp_codigo, cod_ger_entidade: ids.demo.pre }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(USERS_MSG.entityNotInCompany);
  });

  it("answers 404 when an administrator picks another administration's company or entity, and creates nothing", async () => {
    const login = 'intruso@exemplo.com.br';
    for (const over of [
      { cod_ger_empresa: ids.other.empresa, cod_ger_entidade: ids.other.entidade },
      { cod_ger_empresa: ids.demo.empresa, cod_ger_entidade: ids.other.entidade },
      { cod_ger_empresa: ids.other.empresa, cod_ger_entidade: ids.demo.pre },
    ]) {
      const res = await call('POST', '/usuarios', as.admin, newUser({ ...over, usu_login: login }));
      expect(res.statusCode).toBe(404);
    }
    expect(await t.ctx.db.selectFrom('usuarios').select('usu_codigo').where('usu_login', '=', login).executeTakeFirst()).toBeUndefined();
  });

  it('refuses level 1 (403)', async () => {
    const res = await call('POST', '/usuarios', as.usuario, newUser());
    expect(res.statusCode).toBe(403);
  });

  it("places a manager's new user in the manager's entity whatever cod_ger_* the body says, and e-mails the invitation", async () => {
    const login = 'convidado.gerente@exemplo.com.br';
    const res = await call(
      'POST',
      '/usuarios',
      as.gerente,
      newUser({
        usu_login: login,
        cod_ger_adm: ids.other.admin,
        cod_ger_empresa: ids.other.empresa,
        cod_ger_entidade: ids.other.entidade,
        usu_accounts_aremail: {
          accounts: [
            { name: 'Jurídico', email: 'juridico@exemplo.com.br', main: false },
            { name: 'Cobrança', email: 'cobranca@exemplo.com.br', main: false },
            { name: 'Repetida', email: 'JURIDICO@exemplo.com.br', main: true },
          ],
        },
      }),
    );
    expect(res.statusCode).toBe(201);
    // A prepaid user gets its own plan at creation (empty until credits are bought).
    const own = await t.ctx.db
      .selectFrom('planos')
      .select(['pla_tipo_plano', 'pla_total_credito'])
      .where('pla_nivel', '=', 1)
      .where('pla_codigo_usu_ent', '=', res.json().usuario.usu_codigo)
      .executeTakeFirst();
    expect(own).toMatchObject({ pla_tipo_plano: '1', pla_total_credito: 0 });
    expect(res.json().message).toBe(USERS_MSG.created);
    expect(res.json().usuario).toMatchObject({
      usu_login: login,
      usu_status: 'A',
      usu_nivel: 1,
      usu_tipo_plano: '1',
      cod_ger_adm: ids.demo.admin,
      cod_ger_empresa: ids.demo.empresa,
      cod_ger_entidade: ids.demo.pre,
      usu_accounts_aremail: {
        accounts: [
          { name: 'Jurídico', email: 'juridico@exemplo.com.br', main: true },
          { name: 'Cobrança', email: 'cobranca@exemplo.com.br', main: false },
        ],
      },
    });
    const [mail] = await t.mailbox();
    expect(mail.cai_to).toBe(login);
    expect(mail.cai_subject).toBe('Convite para acessar o AR Online');
    expect(mail.cai_text).toContain('http://localhost:3999/confirm-registration/');
    // Awaiting acceptance: no password, no sign-in yet.
    expect((await call('POST', '/login', {}, { username: login, password: DEMO_PASSWORD })).statusCode).toBe(401);
  });

  it("lets an administrator choose the entity, whose plan type the user follows; no accounts means the login's", async () => {
    const res = await call(
      'POST',
      '/usuarios',
      as.admin,
      newUser({ usu_nivel: 3, cod_ger_empresa: ids.demo.empresa, cod_ger_entidade: ids.demo.pos, usu_accounts_aremail: { accounts: [] } }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().usuario).toMatchObject({
      usu_nivel: 3,
      usu_tipo_plano: '2',
      cod_ger_entidade: ids.demo.pos,
      usu_accounts_aremail: null,
    });
  });
});

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
    const names = await t.ctx.db.selectFrom('usuarios').select('usu_nome').where('usu_nome', '=', 'Invadido').execute();
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
    const target = bearer(await t.login('pos@demo.local'));
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
    await t.ctx.db.updateTable('empresas').set({ cod_ger_adm: boss.usu_codigo }).where('emp_codigo', '=', ids.other.empresa).execute();
    const refused = await call('DELETE', `/usuarios/${boss.usu_codigo}`, as.gerente);
    await t.ctx.db.updateTable('empresas').set({ cod_ger_adm: ids.other.admin }).where('emp_codigo', '=', ids.other.empresa).execute();
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
    const first = inviteTokenIn((await t.mailbox())[0].cai_text);
    const res = await call('PUT', `/usuarios/resend-invite/${created.usu_codigo}`, as.gerente);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(USERS_MSG.inviteResent);
    const [mail] = await t.mailbox();
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
