import { MSG } from '@ar/core';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bearer, DEMO_PASSWORD, notFoundForOthers, useTestApp } from '../../../test/harness.ts';
import { createTenants } from '../../../test/tenants.ts';
import { MAX_LOGIN_FAILURES } from './login-throttle.ts';

const app = useTestApp();

const post = (url: string, payload: unknown, headers = {}) =>
  app.t.app.inject({ method: 'POST', url, payload: payload as object, headers });

function linkTokenFrom(text: string | null): string {
  const match = /\/reset\/([A-Za-z0-9_-]+)/.exec(text ?? '');
  if (!match) throw new Error('no reset link in the e-mail');
  return match[1];
}

describe('POST /v2/login', () => {
  it('answers token, user and secure for the right password', async () => {
    const res = await post('/v2/login', { username: 'gerente@demo.local', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.secure).toBe(true);
    expect(body.user).toMatchObject({ usu_login: 'gerente@demo.local', usu_nivel: 2, usu_status: 'L', ent_nome_fantasia: 'Demo Pré-pago' });
    expect(body.user).not.toHaveProperty('usu_senha');
    const me = await app.t.app.inject({ method: 'GET', url: '/v2/me', headers: bearer(body.token) });
    expect(me.json().usu_codigo).toBe(body.user.usu_codigo);
  });

  it('refuses a wrong password with 401 and a Portuguese message', async () => {
    const res = await post('/v2/login', { username: 'usuario@demo.local', password: 'errada' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.invalidCredentials);
  });

  it("answers 400 'Informe o Usuário e Senha!' for a missing or non-e-mail username", async () => {
    for (const payload of [{}, { username: '', password: 'x' }, { username: 'fulano', password: 'x' }, { username: 'a@b.co' }, []]) {
      const res = await post('/v2/login', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.loginRequired);
    }
  });

  it('answers 400, never 500, to malformed JSON', async () => {
    const res = await app.t.app.inject({
      method: 'POST',
      url: '/v2/login',
      payload: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });

  it('refuses a blocked user and a user who has not confirmed the invitation', async () => {
    await app.t.ctx.db.updateTable('usuarios').set({ usu_status: 'B' }).where('usu_login', '=', 'pos@demo.local').execute();
    let res = await post('/v2/login', { username: 'pos@demo.local', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.blockedUser);
    await app.t.ctx.db.updateTable('usuarios').set({ usu_status: 'A' }).where('usu_login', '=', 'pos@demo.local').execute();
    res = await post('/v2/login', { username: 'pos@demo.local', password: DEMO_PASSWORD });
    expect(res.json().message).toBe(MSG.pendingUser);
    await app.t.ctx.db.updateTable('usuarios').set({ usu_status: 'L' }).where('usu_login', '=', 'pos@demo.local').execute();
  });

  it('answers secure: false when the password must be changed', async () => {
    await app.t.ctx.db.updateTable('usuarios').set({ usu_secure: false }).where('usu_login', '=', 'pos@demo.local').execute();
    const res = await post('/v2/login', { username: 'pos@demo.local', password: DEMO_PASSWORD });
    expect(res.json().secure).toBe(false);
    const { token, user } = res.json();
    const change = await app.t.app.inject({
      method: 'PUT',
      url: `/v2/usuarios/${user.usu_codigo}/password/reset`,
      headers: bearer(token),
      payload: { newPassword: 'Nova@Senha1', confirmPassword: 'Nova@Senha1' },
    });
    expect(change.statusCode).toBe(200);
    expect(change.json().message).toBe(MSG.passwordChanged);
    const again = await post('/v2/login', { username: 'pos@demo.local', password: 'Nova@Senha1' });
    expect(again.json().secure).toBe(true);
  });
});

describe('sessions', () => {
  it('answers 401 with the session-expired text without a token, with a bad one, and after logout', async () => {
    let res = await app.t.app.inject({ method: 'GET', url: '/v2/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.sessionExpired);
    res = await app.t.app.inject({ method: 'GET', url: '/v2/me', headers: bearer('x'.repeat(43)) });
    expect(res.statusCode).toBe(401);
    const token = await app.t.login('usuario@demo.local');
    expect((await post('/v2/logout', {}, bearer(token))).statusCode).toBe(200);
    res = await app.t.app.inject({ method: 'GET', url: '/v2/me', headers: bearer(token) });
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 once the session has expired', async () => {
    const token = await app.t.login('usuario@demo.local');
    await app.t.ctx.db.updateTable('sessoes').set({ ses_expira: sql<Date>`now() - interval '1 minute'` }).execute();
    const res = await app.t.app.inject({ method: 'GET', url: '/v2/me', headers: bearer(token) });
    expect(res.statusCode).toBe(401);
  });

  it("does not change another user's password (404)", async () => {
    const token = await app.t.login('usuario@demo.local');
    const admin = await app.t.ctx.db
      .selectFrom('usuarios')
      .select('usu_codigo')
      .where('usu_login', '=', 'admin@demo.local')
      .executeTakeFirstOrThrow();
    const res = await app.t.app.inject({
      method: 'PUT',
      url: `/v2/usuarios/${admin.usu_codigo}/password/reset`,
      headers: bearer(token),
      payload: { newPassword: 'Outra@Senha9' },
    });
    expect(res.statusCode).toBe(404);
    expect((await post('/v2/login', { username: 'admin@demo.local', password: DEMO_PASSWORD })).statusCode).toBe(200);
  });

  it('rejects a weak new password with each rule message', async () => {
    const token = await app.t.login('usuario@demo.local');
    const me = (await app.t.app.inject({ method: 'GET', url: '/v2/me', headers: bearer(token) })).json();
    const cases: [string, string][] = [
      ['Aa1!', MSG.password.length],
      ['abcdefg1!', MSG.password.upper],
      ['ABCDEFG1!', MSG.password.lower],
      ['Abcdefgh!', MSG.password.digit],
      ['Abcdefgh1', MSG.password.special],
    ];
    for (const [pw, message] of cases) {
      const res = await app.t.app.inject({
        method: 'PUT',
        url: `/v2/usuarios/${me.usu_codigo}/password/reset`,
        headers: bearer(token),
        payload: { newPassword: pw },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const mismatch = await app.t.app.inject({
      method: 'PUT',
      url: `/v2/usuarios/${me.usu_codigo}/password/reset`,
      headers: bearer(token),
      payload: { newPassword: 'Valida@123', confirmPassword: 'Valida@124' },
    });
    expect(mismatch.json().message).toBe(MSG.password.mismatch);
  });
});

describe('another user, another tenant', () => {
  it("answers 404 to a password change of any id but one's own, and the password stays", async () => {
    const ids = await createTenants(app.t.ctx.db);
    const body = { newPassword: 'Tomada@2026', confirmPassword: 'Tomada@2026' };
    for (const login of ['admin@outra.local', 'gerente@outra.local', 'admin@demo.local']) {
      const leaks = await notFoundForOthers(
        app,
        await app.as(login),
        [ids.demo.usuario, ids.other.usuario, ids.demo.posUser]
          .filter((id) => login !== 'admin@demo.local' || id !== ids.demo.admin)
          .map((id) => ['PUT', `/usuarios/${id}/password/reset`, body] as const),
      );
      expect(leaks, login).toEqual([]);
    }
    for (const login of ['usuario@demo.local', 'usuario@outra.local', 'pos@demo.local']) {
      expect((await post('/v2/login', { username: login, password: 'Tomada@2026' })).statusCode, login).toBe(401);
    }
  });
});

describe('password recovery', () => {
  it('e-mails a single-use link that resets the password', async () => {
    const res = await post('/v2/usuarios/password-recovery', { emailUserRecovery: ' gerente @demo.local ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.recoverySent);
    const [mail] = await app.t.mailbox();
    expect(mail.cai_to).toBe('gerente@demo.local');
    expect(mail.cai_subject).toContain('Recuperação de senha');
    const token = linkTokenFrom(mail.cai_text);
    expect(mail.cai_html).toContain(`http://localhost:3999/reset/${token}`);

    expect((await app.t.app.inject({ method: 'GET', url: `/v2/usuarios/password-recovery/${token}` })).statusCode).toBe(200);
    const sessionBefore = await app.t.login('gerente@demo.local');
    const reset = await post(`/v2/usuarios/reset/${token}`, { newPassword: 'Recuperada@2026' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(MSG.passwordChanged);
    // Old sessions end; the new password works, the old one does not.
    expect((await app.t.app.inject({ method: 'GET', url: '/v2/me', headers: bearer(sessionBefore) })).statusCode).toBe(401);
    expect((await post('/v2/login', { username: 'gerente@demo.local', password: 'Recuperada@2026' })).statusCode).toBe(200);
    expect((await post('/v2/login', { username: 'gerente@demo.local', password: DEMO_PASSWORD })).statusCode).toBe(401);

    // Single use.
    const check = await app.t.app.inject({ method: 'GET', url: `/v2/usuarios/password-recovery/${token}` });
    expect(check.statusCode).toBe(404);
    expect(check.json().message).toBe(MSG.linkInvalid);
    const second = await post(`/v2/usuarios/reset/${token}`, { newPassword: 'Outra@Senha2026' });
    expect(second.statusCode).toBe(404);
    expect(second.json().message).toBe(MSG.linkInvalid);
  });

  it('refuses an expired link', async () => {
    await post('/v2/usuarios/password-recovery', { emailUserRecovery: 'usuario@demo.local' });
    const token = linkTokenFrom((await app.t.mailbox())[0].cai_text);
    await app.t.ctx.db
      .updateTable('tokens_senha')
      .set({ tok_expira: sql<Date>`now() - interval '1 second'` })
      .where('tok_usado', 'is', null)
      .execute();
    expect((await app.t.app.inject({ method: 'GET', url: `/v2/usuarios/password-recovery/${token}` })).statusCode).toBe(404);
    const res = await post(`/v2/usuarios/reset/${token}`, { newPassword: 'Expirada@2026' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.linkInvalid);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = (await app.t.mailbox()).length;
    const res = await post('/v2/usuarios/password-recovery', { emailUserRecovery: 'ninguem@demo.local' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.recoverySent);
    expect((await app.t.mailbox()).length).toBe(before);
  });

  it('validates the recovery e-mail', async () => {
    let res = await post('/v2/usuarios/password-recovery', { emailUserRecovery: 'não é e-mail' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.emailInvalid);
    res = await post('/v2/usuarios/password-recovery', { emailUserRecovery: `${'a'.repeat(145)}@x.com` });
    expect(res.json().message).toBe(MSG.emailTooLong);
  });

  it('rejects a weak password on reset before using the token', async () => {
    await post('/v2/usuarios/password-recovery', { emailUserRecovery: 'admin@demo.local' });
    const token = linkTokenFrom((await app.t.mailbox())[0].cai_text);
    const res = await post(`/v2/usuarios/reset/${token}`, { newPassword: 'fraca' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.password.length);
    expect((await app.t.app.inject({ method: 'GET', url: `/v2/usuarios/password-recovery/${token}` })).statusCode).toBe(200);
  });
});

describe('login throttling', () => {
  it(`refuses a login after ${MAX_LOGIN_FAILURES} failures with 429, even with the right password`, async () => {
    for (let i = 0; i < MAX_LOGIN_FAILURES; i++) {
      const res = await post('/v2/login', { username: 'admin@demo.local', password: `errada${i}` });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post('/v2/login', { username: 'admin@demo.local', password: DEMO_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Muitas tentativas de acesso\. Tente novamente em \d+ minutos?\.$/);
    // Another login from another address is unaffected.
    const other = await app.t.app.inject({
      method: 'POST',
      url: '/v2/login',
      payload: { username: 'usuario@demo.local', password: DEMO_PASSWORD },
      remoteAddress: '10.0.0.9',
    });
    expect(other.statusCode).toBe(200);
    // Once the window has passed, the login works again.
    await app.t.ctx.db.updateTable('limites').set({ lim_janela: sql<Date>`lim_janela - interval '31 minutes'` }).execute();
    expect((await post('/v2/login', { username: 'admin@demo.local', password: DEMO_PASSWORD })).statusCode).toBe(200);
  });
});

describe('system routes', () => {
  it('answers the connectivity check and the OpenAPI document', async () => {
    expect((await app.t.app.inject({ method: 'GET', url: '/v2/status-connectivity' })).json().status).toBe('ok');
    const docs = (await app.t.app.inject({ method: 'GET', url: '/v2/docs' })).json();
    expect(docs.openapi).toBe('3.1.0');
    expect(docs.paths['/v2/login'].post.requestBody).toBeTruthy();
    expect(docs.paths['/v2/usuarios/reset/{token}'].post).toBeTruthy();
  });

  it('answers an unknown API path with 404 and a message', async () => {
    const res = await app.t.app.inject({ method: 'GET', url: '/v2/nada-aqui' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBeTruthy();
  });
});
