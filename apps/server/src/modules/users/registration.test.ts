import { MSG, SIGNUP_MSG, USERS_MSG } from '@ar/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { createTenants, type Tenants } from '../../../test/tenants.ts';

const app = useTestApp();
let ids: Tenants;
beforeAll(async () => {
  ids = await createTenants(app.t.ctx.db);
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) =>
  app.call(method, url, headers, payload);

const inviteTokenIn = (text: string | null) => /\/confirm-registration\/([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1] ?? '';

const fisica = (over: Record<string, unknown> = {}, data: Record<string, unknown> = {}) => ({
  usu_pessoa_tipo: 1,
  usu_nome: 'Maria da Silva',
  usu_login: `maria.${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`,
  usu_pessoa_data: {
    cpf: '529.982.247-25',
    dataNascimento: '15/03/1985',
    sexo: 'F',
    endereco: 'Rua A, 1',
    telefone: '(11) 98765-4321',
    ...data,
  },
  ...over,
});
const juridica = (over: Record<string, unknown> = {}, data: Record<string, unknown> = {}) => ({
  usu_pessoa_tipo: 2,
  usu_nome: 'Empresa Exemplo Ltda',
  usu_login: `empresa.${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`,
  usu_pessoa_data: {
    nomeFantasia: 'Exemplo',
    cnpj: '12.ABC.345/01DE-35',
    ie: '123.456.789.110',
    endereco: 'Av. B, 2',
    telefone: '(11) 3333-4444',
    contato: 'João',
    ...data,
  },
  ...over,
});
const judiciario = (over: Record<string, unknown> = {}, data: Record<string, unknown> = {}) => ({
  usu_pessoa_tipo: 3,
  usu_nome: 'Comarca de Campinas',
  usu_login: `vara.${Math.random().toString(36).slice(2, 8)}@exemplo.jus.br`,
  usu_pessoa_data: { vara: '2ª Vara Cível', telefone: '(19) 3232-1000', ...data },
  ...over,
});

describe('GET /v2/usuarios/check-email', () => {
  it('answers true for a login that exists (any case) and false otherwise', async () => {
    expect((await call('GET', '/usuarios/check-email?email=Usuario@Demo.local')).json()).toBe(true);
    expect((await call('GET', '/usuarios/check-email?email=ninguem@exemplo.com.br')).json()).toBe(false);
    const bad = await call('GET', '/usuarios/check-email?email=nada');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.emailInvalid);
  });
});

describe('GET /v2/entidades/{uuid} (the sign-up link)', () => {
  it("answers only the entity's name, and 404 for an unknown or malformed uuid", async () => {
    const res = await call('GET', `/entidades/${ids.demo.preUuid}`);
    expect(res.json()).toEqual({ ent_uuid: ids.demo.preUuid, ent_nome_fantasia: 'Demo Pré-pago' });
    expect((await call('GET', '/entidades/7b0c4a3e-2f6d-4c1e-9a8b-000000000000')).statusCode).toBe(404);
    expect((await call('GET', '/entidades/nao-e-uuid')).statusCode).toBe(404);
  });
});

describe('POST /v2/usuarios/registration/{entityUuid}', () => {
  it('answers 404 for an unknown entity', async () => {
    const res = await call('POST', '/usuarios/registration/7b0c4a3e-2f6d-4c1e-9a8b-000000000000', fisica());
    expect(res.statusCode).toBe(404);
  });

  it('answers 400 with the message of each invalid field of each tab', async () => {
    const cases: [object, string][] = [
      [{ ...fisica(), usu_pessoa_tipo: 9 }, SIGNUP_MSG.personTypeRequired],
      [fisica({ usu_nome: '' }), USERS_MSG.nameRequired],
      [fisica({ usu_nome: 'x'.repeat(81) }), USERS_MSG.nameTooLong],
      [fisica({ usu_login: 'maria' }), MSG.emailInvalid],
      [fisica({}, { cpf: '529.982.247-24' }), SIGNUP_MSG.cpfInvalid],
      [fisica({}, { cpf: '111.111.111-11' }), SIGNUP_MSG.cpfInvalid],
      [fisica({}, { cpf: undefined }), SIGNUP_MSG.cpfInvalid],
      [fisica({}, { dataNascimento: '31/02/1990' }), SIGNUP_MSG.birthDateInvalid],
      [fisica({}, { dataNascimento: '01/01/2999' }), SIGNUP_MSG.birthDateInvalid],
      [fisica({}, { dataNascimento: '' }), SIGNUP_MSG.birthDateInvalid],
      [fisica({}, { sexo: 'X' }), SIGNUP_MSG.sexInvalid],
      [fisica({}, { telefone: '(11) 9876' }), SIGNUP_MSG.phoneInvalid],
      [juridica({ usu_nome: ' ' }), SIGNUP_MSG.corporateNameRequired],
      [juridica({}, { cnpj: '11.222.333/0001-82' }), SIGNUP_MSG.cnpjInvalid],
      [juridica({}, { cnpj: '12.ABC.345/01DE-36' }), SIGNUP_MSG.cnpjInvalid],
      [juridica({}, { ie: '' }), SIGNUP_MSG.stateRegistrationRequired],
      [juridica({}, { endereco: '' }), SIGNUP_MSG.addressRequired],
      [juridica({}, { telefone: '' }), SIGNUP_MSG.phoneRequired],
      [juridica({}, { contato: '' }), SIGNUP_MSG.contactRequired],
      [judiciario({ usu_nome: '' }), SIGNUP_MSG.comarcaRequired],
      [judiciario({}, { vara: '' }), SIGNUP_MSG.varaRequired],
      [judiciario({}, { telefone: undefined }), SIGNUP_MSG.phoneRequired],
      [judiciario({}, { cnpj: '00.000.000/0000-00' }), SIGNUP_MSG.cnpjInvalid],
      [fisica({ usu_login: 'gerente@demo.local' }), USERS_MSG.emailExists],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', `/usuarios/registration/${ids.demo.preUuid}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
  });

  it("creates a level 1 user of the link's entity, awaiting acceptance, whatever cod_ger_* or level the body says", async () => {
    const body = fisica({
      usu_nivel: 3,
      cod_ger_entidade: ids.other.entidade,
      cod_ger_empresa: ids.other.empresa,
      cod_ger_adm: ids.other.admin,
    });
    const res = await call('POST', `/usuarios/registration/${ids.demo.preUuid}`, body);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(SIGNUP_MSG.signedUp);
    const user = await app.t.ctx.db.selectFrom('usuarios').selectAll().where('usu_login', '=', body.usu_login).executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      usu_nivel: 1,
      usu_status: 'A',
      usu_senha: null,
      usu_tipo_plano: '1',
      usu_pessoa_tipo: 1,
      usu_pessoa_data: { cpf: '52998224725', dataNascimento: '1985-03-15', sexo: 'F', endereco: 'Rua A, 1', telefone: '11987654321' },
      cod_ger_adm: ids.demo.admin,
      cod_ger_empresa: ids.demo.empresa,
      cod_ger_entidade: ids.demo.pre,
    });
    const [mail] = await app.t.mailbox();
    expect(mail.cai_to).toBe(body.usu_login);
    expect(mail.cai_subject).toBe('Ative o seu acesso - AR Online');
    expect(inviteTokenIn(mail.cai_text)).not.toBe('');
  });

  it('signs up a company with an alphanumeric CNPJ and a judiciary body, each following its entity', async () => {
    const pos = await app.t.ctx.db
      .selectFrom('entidades')
      .select('ent_uuid')
      .where('ent_codigo', '=', ids.demo.pos)
      .executeTakeFirstOrThrow();
    const company = juridica();
    expect((await call('POST', `/usuarios/registration/${pos.ent_uuid}`, company)).statusCode).toBe(201);
    const judiciary = judiciario({}, { cnpj: '11.222.333/0001-81' });
    expect((await call('POST', `/usuarios/registration/${ids.other.uuid}`, judiciary)).statusCode).toBe(201);
    const rows = await app.t.ctx.db
      .selectFrom('usuarios')
      .select(['usu_login', 'usu_pessoa_tipo', 'usu_pessoa_data', 'usu_tipo_plano', 'cod_ger_entidade', 'cod_ger_adm'])
      .where('usu_login', 'in', [company.usu_login, judiciary.usu_login])
      .orderBy('usu_codigo')
      .execute();
    expect(rows[0]).toMatchObject({
      usu_pessoa_tipo: 2,
      usu_tipo_plano: '2',
      cod_ger_entidade: ids.demo.pos,
      usu_pessoa_data: { cnpj: '12ABC34501DE35' },
    });
    expect(rows[1]).toMatchObject({ usu_pessoa_tipo: 3, cod_ger_entidade: ids.other.entidade, cod_ger_adm: ids.other.admin });
    expect(rows[1].usu_pessoa_data).toMatchObject({ vara: '2ª Vara Cível', cnpj: '11222333000181', telefone: '1932321000' });
  });
});

describe('/v2/usuarios/confirm-registration/{token}', () => {
  async function signedUp() {
    const body = fisica();
    await call('POST', `/usuarios/registration/${ids.demo.preUuid}`, body);
    const token = inviteTokenIn((await app.t.mailbox())[0].cai_text);
    const lookup = (await call('GET', `/usuarios/confirm-registration/${token}`)).json();
    return { body, token, lookup };
  }
  const confirmBody = (usu_codigo: number, over: Record<string, unknown> = {}) => ({
    usu_codigo,
    usu_nome: 'Maria Confirmada',
    newPassword: 'Minha@Senha1',
    confirmPassword: 'Minha@Senha1',
    ...over,
  });

  it("answers 'Esse link não é mais válido' for an unknown token", async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const res = await call(method, '/usuarios/confirm-registration/desconhecido123', method === 'PUT' ? confirmBody(1) : undefined);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MSG.linkInvalid);
    }
  });

  it('answers usu_nome and usu_codigo, and 400 for each invalid field', async () => {
    const { body, token, lookup } = await signedUp();
    expect(lookup).toMatchObject({ usu_nome: body.usu_nome });
    const cases: [Record<string, unknown>, string][] = [
      [{ usu_nome: '' }, USERS_MSG.nameRequired],
      [{ usu_nome: 'x'.repeat(81) }, USERS_MSG.nameTooLong],
      [{ newPassword: 'curta1!', confirmPassword: 'curta1!' }, MSG.password.length],
      [{ newPassword: 'semmaiuscula1!', confirmPassword: 'semmaiuscula1!' }, MSG.password.upper],
      [{ newPassword: 'SEMMINUSCULA1!', confirmPassword: 'SEMMINUSCULA1!' }, MSG.password.lower],
      [{ newPassword: 'SemNumero!!', confirmPassword: 'SemNumero!!' }, MSG.password.digit],
      [{ newPassword: 'SemEspecial1', confirmPassword: 'SemEspecial1' }, MSG.password.special],
      [{ confirmPassword: 'Outra@Senha1' }, MSG.password.mismatch],
    ];
    for (const [over, message] of cases) {
      const res = await call('PUT', `/usuarios/confirm-registration/${token}`, confirmBody(lookup.usu_codigo, over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('releases the user (L), who signs in; the link then is no longer valid', async () => {
    const { body, token, lookup } = await signedUp();
    // Another user's id leaves the link unused.
    const wrong = await call('PUT', `/usuarios/confirm-registration/${token}`, confirmBody(ids.demo.usuario));
    expect(wrong.statusCode).toBe(404);
    const res = await call('PUT', `/usuarios/confirm-registration/${token}`, confirmBody(lookup.usu_codigo));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(SIGNUP_MSG.confirmed);
    const login = await call('POST', '/login', { username: body.usu_login, password: 'Minha@Senha1' });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ usu_nome: 'Maria Confirmada', usu_status: 'L', usu_nivel: 1 });
    const usuario = await app.t.ctx.db
      .selectFrom('usuarios')
      .select('usu_nome')
      .where('usu_codigo', '=', ids.demo.usuario)
      .executeTakeFirstOrThrow();
    expect(usuario.usu_nome).toBe('Usuário Demo');
    for (const method of ['GET', 'PUT'] as const) {
      const again = await call(
        method,
        `/usuarios/confirm-registration/${token}`,
        method === 'PUT' ? confirmBody(lookup.usu_codigo) : undefined,
      );
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe(MSG.linkInvalid);
    }
  });
});

describe('/v2/usuarios-settings (My Account)', () => {
  it('answers 401 without a session', async () => {
    expect((await call('GET', '/usuarios-settings')).statusCode).toBe(401);
    expect((await call('PUT', '/usuarios-settings', { usu_nome: 'x', usu_anexo_obrigatorio: 'N' })).statusCode).toBe(401);
  });

  it("reads and saves the signed-in user's own data only", async () => {
    const token = await app.as('usuario@demo.local');
    const got = await call('GET', '/usuarios-settings', undefined, token);
    expect(got.json()).toMatchObject({ usu_codigo: ids.demo.usuario, usu_nome: 'Usuário Demo', usu_anexo_obrigatorio: 'N' });
    const cases: [Record<string, unknown>, string][] = [
      [{ usu_nome: '' }, USERS_MSG.nameRequired],
      [{ usu_nome: 'x'.repeat(81) }, USERS_MSG.nameTooLong],
      [{ usu_anexo_obrigatorio: undefined }, USERS_MSG.attachmentRequired],
    ];
    for (const [over, message] of cases) {
      const res = await call('PUT', '/usuarios-settings', { usu_nome: 'Ok', usu_anexo_obrigatorio: 'N', ...over }, token);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const res = await call(
      'PUT',
      '/usuarios-settings',
      { usu_codigo: ids.demo.gerente, usu_nome: 'Usuário Renomeado', usu_anexo_obrigatorio: 'S' },
      token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(USERS_MSG.settingsSaved);
    expect(res.json().user).toMatchObject({ usu_codigo: ids.demo.usuario, usu_nome: 'Usuário Renomeado', usu_anexo_obrigatorio: 'S' });
    const gerente = await app.t.ctx.db
      .selectFrom('usuarios')
      .select('usu_nome')
      .where('usu_codigo', '=', ids.demo.gerente)
      .executeTakeFirstOrThrow();
    expect(gerente.usu_nome).toBe('Gerente Demo');
  });
});
