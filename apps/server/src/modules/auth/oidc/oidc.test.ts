import { createPrivateKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { AUTH_MSG } from '@ar/core';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../../test/harness.ts';
import { CookieJar, startOidcProvider, TEST_CLIENT, walkProvider } from '../../../../test/oidc-provider.ts';
import { freePort } from '../../../../test/processes.ts';
import { openValue, sealValue } from './oidc.service.ts';

/*
 * Single sign-on against a real OpenID provider (oidc-provider) on this machine: the product is a
 * listening server (the provider posts its back-channel logout to it), the browser is fetch with a
 * cookie jar for each side.
 */

const ACCOUNTS = {
  usuario: { email: 'usuario@demo.local', email_verified: true, name: 'Usuário' },
  admin: { email: 'ADMIN@demo.local', email_verified: true },
  estranho: { email: 'ninguem@empresa.example', email_verified: true },
  naoverificado: { email: 'gerente@demo.local', email_verified: false },
  semEmail: {},
  convidado: { email: 'convidado@demo.local', email_verified: true },
  bloqueado: { email: 'gerente@demo.local', email_verified: true },
};

let op: Awaited<ReturnType<typeof startOidcProvider>>;
let t: TestApp;
let base: string;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  op = await startOidcProvider(base, ACCOUNTS);
  t = await createTestApp({
    PUBLIC_URL: base,
    OIDC_ISSUER: op.issuer,
    OIDC_CLIENT_ID: TEST_CLIENT.id,
    OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
    OIDC_LABEL: 'Entrar com gov.br',
  });
  await t.app.listen({ port, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await op?.close();
});

/** POST /v2/login with the password form's body. */
const passwordLogin = (app: TestApp, username: string, password: string) =>
  app.app.inject({ method: 'POST', url: '/v2/login', payload: { username, password } });

/** The product's side of the browser. */
class Browser {
  readonly product = new CookieJar();
  readonly provider = new CookieJar();
  async get(path: string) {
    const res = await fetch(`${base}${path}`, { redirect: 'manual', headers: { cookie: this.product.header() } });
    this.product.take(res);
    return res;
  }
  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${base}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        cookie: this.product.header(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.product.take(res);
    return res;
  }
  /** 'Entrar com gov.br': to the provider, its pages as `login`, and back; answers where the product sent the browser. */
  async signIn(login: string, tamper?: (callback: URL) => void) {
    const start = await this.get('/v2/auth/oidc/login');
    expect(start.status).toBe(303);
    const back = new URL(await walkProvider(start.headers.get('location') as string, this.provider, op.issuer, login));
    expect(back.origin + back.pathname).toBe(`${base}/v2/auth/oidc/callback`);
    tamper?.(back);
    const res = await this.get(back.pathname + back.search);
    expect(res.status).toBe(303);
    return res.headers.get('location');
  }
  async refusal() {
    return ((await (await this.get('/v2/auth/oidc/erro')).json()) as { message: string | null }).message;
  }
}

describe('sign-in through the provider', () => {
  it('opens the ordinary session of the user whose login is the verified e-mail, through PKCE S256 with state and nonce', async () => {
    const b = new Browser();
    const start = await b.get('/v2/auth/oidc/login');
    const authorize = new URL(start.headers.get('location') as string);
    expect(authorize.origin).toBe(op.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${base}/v2/auth/oidc/callback`);
    expect(authorize.searchParams.get('scope')).toBe('openid email profile');
    // Nothing about the flow is in the URL but what the provider needs; the verifier stays in the cookie.
    expect(start.headers.getSetCookie().join()).toMatch(/ar_oidc=.*Path=\/v2\/auth\/oidc; HttpOnly; SameSite=Lax/);

    const back = new URL(await walkProvider(authorize.href, b.provider, op.issuer, 'usuario'));
    const done = await b.get(back.pathname + back.search);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/login?sso=ok');
    expect(b.product.cookies.get('ar_sessao')).toBeTruthy();
    expect(b.product.cookies.get('ar_csrf')).toBeTruthy();
    expect(b.product.cookies.has('ar_oidc')).toBe(false);

    const me = await b.get('/v2/me');
    expect(me.status).toBe(200);
    expect((await me.json()).usu_login).toBe('usuario@demo.local');
    const row = await t.ctx.db
      .selectFrom('sessoes')
      .innerJoin('usuarios', 'usu_codigo', 'cod_usu')
      .select(['ses_via', 'ses_provedor', 'ses_oidc_sub', 'ses_oidc_sid', 'usu_ultimo_acesso_via', 'usu_ultimo_acesso_provedor'])
      .where('usu_login', '=', 'usuario@demo.local')
      .where('ses_via', '=', 'sso')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      ses_via: 'sso',
      ses_provedor: op.issuer,
      ses_oidc_sub: 'usuario',
      usu_ultimo_acesso_via: 'sso',
      usu_ultimo_acesso_provedor: op.issuer,
    });
    expect(row.ses_oidc_sid).toBeTruthy();
  });

  it('matches the e-mail whatever its case', async () => {
    const b = new Browser();
    expect(await b.signIn('admin')).toBe('/login?sso=ok');
    expect((await (await b.get('/v2/me')).json()).usu_login).toBe('admin@demo.local');
  });

  it('reads the e-mail at userinfo when the ID token has none', async () => {
    const port = await freePort();
    const other = `http://127.0.0.1:${port}`;
    const op2 = await startOidcProvider(other, ACCOUNTS, { emailInIdToken: false });
    const t2 = await createTestApp({
      PUBLIC_URL: other,
      OIDC_ISSUER: op2.issuer,
      OIDC_CLIENT_ID: TEST_CLIENT.id,
      OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
    });
    await t2.app.listen({ port, host: '127.0.0.1' });
    try {
      const jar = new CookieJar();
      const start = await fetch(`${other}/v2/auth/oidc/login`, { redirect: 'manual' });
      jar.take(start);
      const back = await walkProvider(start.headers.get('location') as string, new CookieJar(), op2.issuer, 'usuario');
      const done = await fetch(back, { redirect: 'manual', headers: { cookie: jar.header() } });
      expect(done.headers.get('location')).toBe('/login?sso=ok');
    } finally {
      await t2.close();
      await op2.close();
    }
  });

  it.each([
    ['estranho', AUTH_MSG.ssoUnknownUser('ninguem@empresa.example')],
    ['naoverificado', AUTH_MSG.ssoUnverifiedEmail('gerente@demo.local')],
    ['semEmail', AUTH_MSG.ssoNoEmail],
  ])('refuses %s back on /login with a message that names the e-mail, and creates nobody', async (login, message) => {
    const before = await t.ctx.db
      .selectFrom('usuarios')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const b = new Browser();
    expect(await b.signIn(login)).toBe('/login?sso=erro');
    expect(await b.refusal()).toBe(message);
    expect(b.product.cookies.has('ar_sessao')).toBe(false);
    const after = await t.ctx.db
      .selectFrom('usuarios')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a blocked user', async () => {
    await t.ctx.db.updateTable('usuarios').set({ usu_status: 'B' }).where('usu_login', '=', 'gerente@demo.local').execute();
    try {
      const b = new Browser();
      expect(await b.signIn('bloqueado')).toBe('/login?sso=erro');
      expect(await b.refusal()).toBe(AUTH_MSG.ssoBlockedUser('gerente@demo.local'));
    } finally {
      await t.ctx.db.updateTable('usuarios').set({ usu_status: 'L' }).where('usu_login', '=', 'gerente@demo.local').execute();
    }
  });

  it('refuses a changed state, a missing flow cookie, a wrong PKCE verifier and a wrong nonce', async () => {
    const tampered = new Browser();
    expect(await tampered.signIn('usuario', (url) => url.searchParams.set('state', 'outro-estado'))).toBe('/login?sso=erro');
    expect(await tampered.refusal()).toBe(AUTH_MSG.ssoFailed);

    // The callback opened in another browser (no flow cookie).
    const b = new Browser();
    const start = await b.get('/v2/auth/oidc/login');
    const back = new URL(await walkProvider(start.headers.get('location') as string, b.provider, op.issuer, 'usuario'));
    const elsewhere = new Browser();
    expect((await elsewhere.get(back.pathname + back.search)).headers.get('location')).toBe('/login?sso=erro');
    expect(elsewhere.product.cookies.has('ar_sessao')).toBe(false);

    // A flow cookie forged with another verifier or nonce (signed with this installation's key, so
    // only the provider's and openid-client's checks can refuse it).
    for (const change of [{ verifier: 'v'.repeat(43) }, { nonce: 'outro-nonce' }]) {
      const c = new Browser();
      const s = await c.get('/v2/auth/oidc/login');
      const flow = openValue<Record<string, unknown>>(t.ctx, c.product.cookies.get('ar_oidc') ?? null);
      expect(flow).toBeTruthy();
      c.product.cookies.set('ar_oidc', sealValue(t.ctx, { ...flow, ...change }));
      const cb = new URL(await walkProvider(s.headers.get('location') as string, c.provider, op.issuer, 'usuario'));
      expect((await c.get(cb.pathname + cb.search)).headers.get('location'), JSON.stringify(change)).toBe('/login?sso=erro');
      expect(c.product.cookies.has('ar_sessao')).toBe(false);
    }
    // A flow cookie not signed by this installation.
    const forged = new Browser();
    const s = await forged.get('/v2/auth/oidc/login');
    forged.product.cookies.set('ar_oidc', `${Buffer.from('{}').toString('base64url')}.assinatura`);
    const cb = new URL(await walkProvider(s.headers.get('location') as string, forged.provider, op.issuer, 'usuario'));
    expect((await forged.get(cb.pathname + cb.search)).headers.get('location')).toBe('/login?sso=erro');
  });

  it('accepts an invitation: a pending user with a live invitation is released by the sign-in', async () => {
    const manager = await t.login('gerente@demo.local');
    const created = await t.app.inject({
      method: 'POST',
      url: '/v2/usuarios',
      headers: { authorization: `Bearer ${manager}` },
      payload: { usu_nome: 'Convidado', usu_login: 'convidado@demo.local', usu_nivel: 1, usu_anexo_obrigatorio: 'N' },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const b = new Browser();
    expect(await b.signIn('convidado')).toBe('/login?sso=ok');
    const user = await t.ctx.db
      .selectFrom('usuarios')
      .select(['usu_status', 'usu_nome'])
      .where('usu_login', '=', 'convidado@demo.local')
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ usu_status: 'L', usu_nome: 'Convidado' });
    // The invitation link is used up.
    const live = await t.ctx.db
      .selectFrom('tokens_senha')
      .innerJoin('usuarios', 'usu_codigo', 'cod_usu')
      .select('tok_hash')
      .where('usu_login', '=', 'convidado@demo.local')
      .where('tok_usado', 'is', null)
      .execute();
    expect(live).toEqual([]);
  });
});

describe('the session cookie', () => {
  it('needs the CSRF header on a call that changes something; a bearer token does not', async () => {
    const b = new Browser();
    await b.signIn('usuario');
    const csrf = b.product.cookies.get('ar_csrf') as string;
    const without = await b.call('PUT', '/v2/usuarios-settings', { usu_nome: 'Usuário Demo', usu_anexo_obrigatorio: 'N' });
    expect(without.status).toBe(403);
    expect((await without.json()).message).toBe(AUTH_MSG.csrfRefused);
    const wrong = await b.call('POST', '/v2/logout', undefined, { 'x-csrf-token': `${csrf.slice(0, -2)}xx` });
    expect(wrong.status).toBe(403);
    expect((await b.get('/v2/me')).status).toBe(200);
    // A bearer token is an API client's: no browser sends it by itself, so it needs no CSRF token.
    const token = await t.login('usuario@demo.local');
    expect((await t.app.inject({ method: 'POST', url: '/v2/logout', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
  });

  it('the password sign-in sets the same cookies, for the browser session, HttpOnly and SameSite=Strict', async () => {
    const res = await fetch(`${base}/v2/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'usuario@demo.local', password: DEMO_PASSWORD }),
    });
    const cookies = res.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('ar_sessao='))).toMatch(/^ar_sessao=[\w-]+; Path=\/; HttpOnly; SameSite=Strict$/);
    expect(cookies.find((c) => c.startsWith('ar_csrf='))).toMatch(/^ar_csrf=[\w-]+; Path=\/; SameSite=Strict$/);
  });
});

describe('sign-out', () => {
  it('RP-initiated: /logout ends the session and answers the provider end-session URL, which comes back to /login', async () => {
    const b = new Browser();
    await b.signIn('usuario');
    const out = await b.call('POST', '/v2/logout', undefined, { 'x-csrf-token': b.product.cookies.get('ar_csrf') as string });
    expect(out.status).toBe(200);
    const { endSessionUrl } = (await out.json()) as { endSessionUrl: string };
    const end = new URL(endSessionUrl);
    expect(end.origin).toBe(op.issuer);
    expect(end.searchParams.get('id_token_hint')).toBeTruthy();
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${base}/login`);
    expect(b.product.cookies.has('ar_sessao')).toBe(false);
    expect((await b.get('/v2/me')).status).toBe(401);
    // At the provider: its confirmation, then back to the product's /login.
    expect(await walkProvider(endSessionUrl, b.provider, op.issuer, 'usuario', { logout: 'yes' })).toBe(`${base}/login`);
  });

  it('a password session signs out as before, with no provider URL', async () => {
    const token = await t.login('usuario@demo.local');
    const out = await t.app.inject({ method: 'POST', url: '/v2/logout', headers: { authorization: `Bearer ${token}` } });
    expect(out.json()).toEqual({ message: AUTH_MSG.loggedOut });
  });
});

describe('back-channel logout', () => {
  const forge = (claims: Record<string, unknown>, opts: { key?: 'provider' | 'other'; typ?: string } = {}) => {
    const key =
      opts.key === 'other'
        ? generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
        : createPrivateKey({ key: op.signingKey as never, format: 'jwk' });
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      iss: op.issuer,
      aud: TEST_CLIENT.id,
      iat: now,
      exp: now + 120,
      events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
      jti: randomUUID(),
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid: op.signingKey.kid, typ: opts.typ ?? 'logout+jwt' })
      .sign(key);
  };
  const post = (logoutToken: string) =>
    fetch(`${base}/v2/auth/oidc/backchannel-logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ logout_token: logoutToken }).toString(),
    });

  it('signing out at the provider ends the product session it opened (the provider posts the logout token)', async () => {
    const b = new Browser();
    await b.signIn('usuario');
    expect((await b.get('/v2/me')).status).toBe(200);
    // The provider's own sign-out page (another application, or the organisation's off-boarding).
    const endSession = `${op.issuer}/session/end`;
    await walkProvider(endSession, b.provider, op.issuer, 'usuario', { logout: 'yes' });
    // The provider has posted the logout token before its page answered.
    expect((await b.get('/v2/me')).status).toBe(401);
  });

  it('checks the token: signature, audience, events, no nonce, a sid or sub, and one use', async () => {
    const b = new Browser();
    await b.signIn('admin');
    const session = await t.ctx.db
      .selectFrom('sessoes')
      .select(['ses_oidc_sid', 'ses_oidc_sub'])
      .where('ses_via', '=', 'sso')
      .where('ses_oidc_sub', '=', 'admin')
      .orderBy('ses_criado', 'desc')
      .executeTakeFirstOrThrow();
    const sid = session.ses_oidc_sid as string;
    const refusals = [
      await forge({ sid }, { key: 'other' }),
      await forge({ sid, nonce: 'n' }),
      await forge({ sid, events: { outro: {} } }),
      await forge({}),
      await forge({ sid, aud: 'outro-cliente' }),
      'nao-e-um-jwt',
    ];
    for (const token of refusals) {
      const res = await post(token);
      expect(res.status).toBe(400);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect((await b.get('/v2/me')).status).toBe(200);
    const good = await forge({ sid, sub: 'admin' });
    expect((await post(good)).status).toBe(200);
    expect((await b.get('/v2/me')).status).toBe(401);
    // The same token again: refused (a replay).
    expect((await post(good)).status).toBe(400);
  });

  it('a token naming only the subject ends every session of that subject at the provider', async () => {
    const one = new Browser();
    const two = new Browser();
    await one.signIn('usuario');
    await two.signIn('usuario');
    expect((await post(await forge({ sub: 'usuario' }))).status).toBe(200);
    expect((await one.get('/v2/me')).status).toBe(401);
    expect((await two.get('/v2/me')).status).toBe(401);
  });
});

describe('the configuration', () => {
  it('GET /config tells the web the button and whether the password form is on', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v2/config' })).json().signIn).toEqual({
      password: true,
      sso: { label: 'Entrar com gov.br' },
    });
  });

  it('an administrator may require SSO for a user: the right password is then refused with the reason', async () => {
    await t.ctx.db.updateTable('usuarios').set({ usu_sso_obrigatorio: true }).where('usu_login', '=', 'pos@demo.local').execute();
    const wrong = await passwordLogin(t, 'pos@demo.local', 'errada-123');
    expect(wrong.statusCode).toBe(401);
    const right = await passwordLogin(t, 'pos@demo.local', DEMO_PASSWORD);
    expect(right.statusCode).toBe(403);
    expect(right.json().message).toBe(AUTH_MSG.ssoRequired('Entrar com gov.br'));
  });

  it('the users list shows how each user last signed in; requiring SSO on the user form ends its password sessions', async () => {
    const b = new Browser();
    await b.signIn('usuario');
    const password = await t.login('usuario@demo.local');
    const admin = await t.login('admin@demo.local');
    const as = { authorization: `Bearer ${admin}` };
    const list = (await t.app.inject({ method: 'GET', url: '/v2/usuarios?limit=50', headers: as })).json().usuarios as Record<
      string,
      unknown
    >[];
    expect(list.find((u) => u.usu_login === 'usuario@demo.local')).toMatchObject({
      usu_ultimo_acesso_via: 'senha',
      usu_ultimo_acesso_provedor: null,
    });
    expect(list.find((u) => u.usu_login === 'admin@demo.local')?.usu_ultimo_acesso).toEqual(expect.any(String));
    const id = list.find((u) => u.usu_login === 'usuario@demo.local')?.usu_codigo as number;
    const detail = (await t.app.inject({ method: 'GET', url: `/v2/usuarios/${id}`, headers: as })).json();
    expect(detail.usu_sso_obrigatorio).toBe(false);
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/v2/usuarios/${id}`,
      headers: as,
      payload: {
        usu_nome: detail.usu_nome,
        usu_login: detail.usu_login,
        usu_nivel: detail.usu_nivel,
        usu_anexo_obrigatorio: detail.usu_anexo_obrigatorio,
        usu_accounts_aremail: detail.usu_accounts_aremail,
        cod_ger_empresa: detail.cod_ger_empresa,
        cod_ger_entidade: detail.cod_ger_entidade,
        usu_sso_obrigatorio: true,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().usuario.usu_sso_obrigatorio).toBe(true);
    // The password session is over; the one opened through the provider goes on.
    expect((await t.app.inject({ method: 'GET', url: '/v2/me', headers: { authorization: `Bearer ${password}` } })).statusCode).toBe(401);
    expect((await b.get('/v2/me')).status).toBe(200);
    const refused = await passwordLogin(t, 'usuario@demo.local', DEMO_PASSWORD);
    expect(refused.statusCode).toBe(403);
    await t.ctx.db.updateTable('usuarios').set({ usu_sso_obrigatorio: false }).where('usu_codigo', '=', id).execute();
  });

  it('LOCAL_LOGIN=false: no password sign-in (403), the web shows only the button', async () => {
    const only = await createTestApp({
      OIDC_ISSUER: op.issuer,
      OIDC_CLIENT_ID: TEST_CLIENT.id,
      OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
      LOCAL_LOGIN: 'false',
    });
    try {
      const res = await passwordLogin(only, 'admin@demo.local', DEMO_PASSWORD);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(AUTH_MSG.localLoginOff('Entrar com SSO'));
      expect((await only.app.inject({ method: 'GET', url: '/v2/config' })).json().signIn).toEqual({
        password: false,
        sso: { label: 'Entrar com SSO' },
      });
    } finally {
      await only.close();
    }
  });
});
