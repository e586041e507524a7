import { MSG, USERS_MSG } from '@ar/core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, useTestApp, withoutSession } from '../../../test/harness.ts';
import { newUser, useTenants } from '../../../test/tenants.ts';

const app = useTestApp();
const { ids, as } = useTenants(app);

const call = app.call;

describe('authentication', () => {
  it('answers 401 to every users call without a session', async () => {
    const calls = [
      'GET /usuarios',
      'GET /usuarios/1',
      'POST /usuarios',
      'PUT /usuarios/1',
      'DELETE /usuarios/1',
      'PUT /usuarios/resend-invite/1',
    ];
    expect(await withoutSession(app, calls, newUser())).toEqual([]);
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
    const second = await app.t.ctx.db
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
    expect(
      await app.t.ctx.db.selectFrom('usuarios').select('usu_codigo').where('usu_login', '=', login).executeTakeFirst(),
    ).toBeUndefined();
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
    const own = await app.t.ctx.db
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
    const [mail] = await app.t.mailbox();
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
