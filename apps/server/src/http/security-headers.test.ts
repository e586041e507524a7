import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { devSession } from '../../test/dev-session.ts';
import { bearer, useTestApp } from '../../test/harness.ts';
import { routesOf } from '../app.ts';
import { loadConfig } from '../config.ts';
import { registerSecurityHeaders } from './security-headers.ts';

const t = useTestApp({}, { startQueue: true });
let uuid: string;
let attachmentUuid: string;

const get = (url: string) => t.app.inject({ method: 'GET', url });
/** The CSP as directive → sources. */
const csp = (header: unknown) =>
  new Map(
    String(header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );

beforeAll(async () => {
  const token = await t.login('usuario@demo.local');
  const up = await t.upload(token, [{ name: 'contrato.pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') }]);
  attachmentUuid = up.json()[0].uuidFilename;
  const sent = await t.send(token, {
    destinataires: [{ to: 'ana@cliente.test', nameTo: 'Ana' }],
    nameFrom: 'Cobranca Demo',
    subject: 'Notificação',
    content: '<p>Segue.</p>',
    attachments: [attachmentUuid],
  });
  expect(sent.statusCode).toBe(200);
  uuid = sent.json().emails[0].ema_uni_id;
  // A message in the local mailbox, for its page: sent for the demo administrator, who may open it.
  const admin = await t.ctx.db
    .selectFrom('usuarios')
    .select('usu_codigo')
    .where('usu_login', '=', 'admin@demo.local')
    .executeTakeFirstOrThrow();
  await t.ctx.mail.send({
    owner: admin.usu_codigo,
    to: 'ana@cliente.test',
    subject: 'Caixa local',
    html: '<p style="color:red">Olá</p><img src="https://exemplo.test/a.png">',
    text: 'Olá',
  });
});

describe('security headers', () => {
  it('sends the SPA policy, nosniff, frame denial and the referrer policy on every response', async () => {
    for (const url of ['/v2/status-connectivity', '/v2/docs', '/emails/enviados', '/v2/nao-existe']) {
      const res = await get(url);
      const policy = csp(res.headers['content-security-policy']);
      expect(policy.get('script-src'), url).toEqual(["'self'"]);
      expect(policy.get('script-src-attr'), url).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(policy.get('object-src'), url).toEqual(["'none'"]);
      expect(policy.get('default-src'), url).toEqual(["'self'"]);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      // PUBLIC_URL is http here: no HSTS, no upgrade of requests a local install could not serve.
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      expect(policy.has('upgrade-insecure-requests'), url).toBe(false);
    }
    const docs = await get('/v2/docs');
    expect(docs.statusCode).toBe(200);
    expect(docs.json().openapi).toBe('3.1.0');
  });

  it('sends no referrer from the pages and calls whose paths hold a uuid or a token', async () => {
    for (const url of [
      `/emails/info/public/${uuid}`,
      `/emails/info/public/track-link-externo/${uuid}`,
      `/v2/emails/info/public/${uuid}`,
      `/v2/emails/info/public/${uuid}/track-email/pixel.gif`,
      `/v2/email/public/attachments/${attachmentUuid}`,
      '/reset/abc123',
      '/sign-up/00000000-0000-4000-8000-000000000000',
      '/confirm-registration/abc123',
    ]) {
      const res = await get(url);
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(csp(res.headers['content-security-policy']).get('frame-ancestors'), url).toEqual(["'none'"]);
    }
  });

  it('sends no referrer from any public page or public call, answered or refused, however its path is written', async () => {
    // Every route of the public API, as registered (a new one is covered by its prefix).
    const publicRoutes = routesOf(t.app).filter((r) => /^\/v2\/(emails\/info\/public|email\/public)\//.test(r.url));
    expect(publicRoutes.length).toBeGreaterThan(10);
    for (const route of publicRoutes) {
      const url = route.url
        .replace(/:uuid|:lnk/g, uuid)
        .replace(/:x/, 'leitura')
        .replace(/:arquivo/, 'carta');
      const res = await t.app.inject({
        method: route.method as 'GET' | 'POST',
        url: `${url}?verify=azul`,
        payload: route.method === 'POST' ? {} : undefined,
      });
      expect(res.headers['referrer-policy'], `${route.method} ${url} → ${res.statusCode}`).toBe('no-referrer');
    }
    // The recipient's pages (the SPA's routes) and the stamp validator they open.
    for (const url of [
      `/emails/info/public/${uuid}?verify=azul`,
      `/emails/info/public/verify/${uuid}?origin=email`,
      `/emails/info/public/attachments/Y29udHJhdG8ucGRm/${attachmentUuid}`,
      `/emails/info/public/carta/${uuid}`,
      `/emails/info/public/voz/${uuid}`,
      '/validador?token=abc',
      '/v2/emails/validar-carimbo/abc',
      // Written otherwise, reaching the same route or page.
      `/v2/emails/info/%70ublic/${uuid}?verify=azul`,
      `/EMAILS/INFO/PUBLIC/${uuid}?verify=azul`,
      `//emails/info/public/${uuid}`,
    ]) {
      const res = await get(url);
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
    // The signed-in screens keep the origin-only policy.
    expect((await get('/emails/enviados')).headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('marks the public attachment download nosniff, and lets mail clients on other sites load the tracking image', async () => {
    const file = await get(`/v2/email/public/attachments/${attachmentUuid}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const pixel = await get(`/v2/emails/info/public/${uuid}/track-email/pixel.gif`);
    expect(pixel.headers['content-type']).toBe('image/gif');
    expect(pixel.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(pixel.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives the local mailbox a policy of its own: the e-mail styles and images, no script at all', async () => {
    // The newest mail the administrator may open (mail of other users is theirs: 404 to the administrator).
    const [row] = await t.ctx.db
      .selectFrom('caixa_saida')
      .innerJoin('usuarios', 'usu_codigo', 'cai_cod_usu')
      .select('cai_codigo')
      .where('usu_login', '=', 'admin@demo.local')
      .orderBy('cai_codigo', 'desc')
      .limit(1)
      .execute();
    expect(row).toBeTruthy();
    // The mailbox is a signed-in user's (docs/simulators.md): the demo administrator's session as its cookie.
    const admin = await devSession(t.t, 'admin@demo.local');
    for (const url of ['/dev/mailbox', `/dev/mailbox/${row?.cai_codigo}`]) {
      const res = await admin.page(url);
      expect(res.statusCode, url).toBe(200);
      const policy = csp(res.headers['content-security-policy']);
      expect(policy.get('default-src'), url).toEqual(["'none'"]);
      expect(policy.has('script-src'), url).toBe(false);
      expect(policy.get('style-src'), url).toEqual(["'unsafe-inline'"]);
      expect(policy.get('img-src'), url).toEqual(['*', 'data:']);
      expect(policy.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
    // The signed-in API keeps the SPA's policy.
    const token = await t.login('usuario@demo.local');
    const res = await t.app.inject({ method: 'GET', url: '/v2/emails/send', headers: bearer(token) });
    expect(csp(res.headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
  });

  it('adds HSTS and upgrades requests only when PUBLIC_URL is https', async () => {
    const app = Fastify();
    await registerSecurityHeaders(app, loadConfig({ PUBLIC_URL: 'https://ar.exemplo.com.br' }));
    app.get('/x', async () => ({}));
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(csp(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
    await app.close();
  });

  it('lets the web report only to its DSN’s origin and load tiles only from MAP_TILES_URL’s, each only when set', async () => {
    const policyFor = async (env: Record<string, string>) => {
      const app = Fastify();
      await registerSecurityHeaders(app, loadConfig(env));
      app.get('/x', async () => ({}));
      const policy = csp((await app.inject({ method: 'GET', url: '/x' })).headers['content-security-policy']);
      await app.close();
      return policy;
    };
    const plain = await policyFor({});
    expect(plain.get('connect-src')).toEqual(["'self'"]);
    expect(plain.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    const reporting = await policyFor({
      SENTRY_DSN: 'https://chave@o1.ingest.sentry.io/42',
      SENTRY_DSN_WEB: 'http://chave@glitchtip.local:8000/3',
    });
    expect(reporting.get('connect-src')).toEqual(["'self'", 'http://glitchtip.local:8000']);
    const tiles = await policyFor({ MAP_TILES_URL: 'http://{s}.tiles.local/{z}/{x}/{y}.png', MAP_ATTRIBUTION: '© Mapas Locais' });
    expect(tiles.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:', 'http://*.tiles.local']);
    expect(tiles.get('connect-src')).toEqual(["'self'"]);
  });
});
