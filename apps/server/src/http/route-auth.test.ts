import { randomBytes } from 'node:crypto';
import { MSG } from '@ar/core';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { type RouteEntry, routesOf } from '../app.ts';

/**
 * The anonymous sweep: every route the app registered (Fastify's own table, routesOf, so a new route
 * is swept without anyone listing it) answers 401 'Sessão expirada!...' to a call with no session,
 * unless it is in PUBLIC below. The per-module tests check 401 for the routes their authors thought
 * of; an audit found 13 of 88 routes with none (POST /emails/attachments, GET /emails/status/:id,
 * POST|PUT /entidade, POST /leads/import...).
 *
 * /dev/* is left out: the embedded demo's simulators and mailbox have their own access rules
 * (src/simulators/access.ts) and are not mounted in production.
 */

/**
 * Every route that answers without sign-in, reviewed one by one. A new public route fails this test
 * until it is added here on purpose; each defineRoute'd one must also say `auth: false` (which the
 * OpenAPI document shows as `security: []`).
 */
const PUBLIC = [
  // Sign-in, password recovery, self-registration and its confirmation: before there is a session.
  'POST /v2/login',
  'POST /v2/usuarios/password-recovery',
  'GET /v2/usuarios/password-recovery/:token',
  'POST /v2/usuarios/reset/:token',
  'GET /v2/usuarios/check-email',
  'POST /v2/usuarios/registration/:entityUuid',
  'GET /v2/usuarios/confirm-registration/:token',
  'PUT /v2/usuarios/confirm-registration/:token',
  // The registration page names the entity a link invites to.
  'GET /v2/entidades/:uuid',
  // Health, the SPA's configuration, its error reports and the API's documentation.
  'GET /v2/status-connectivity',
  'GET /v2/config',
  'POST /v2/client-errors',
  'GET /v2/docs',
  // The built-in TSA answers anyone, as a TSA does; the stamp validator is public (spec 002 §7).
  'POST /v2/tsa',
  'GET /v2/tsa/certificado.pem',
  'POST /v2/emails/validar-carimbo',
  // The PDF signatures' certificate and the public document validator (docs/signatures.md): anyone holding a document checks it.
  'GET /v2/assinatura/certificado.pem',
  'POST /v2/documentos/validar',
  'GET /v2/emails/validar-carimbo/:token',
  // The recipient's public page and its tracking: keyed by the message's uuid, not a session.
  'GET /v2/emails/info/public/:uuid',
  'POST /v2/emails/info/public/resposta/:uuid',
  'GET /v2/emails/info/public/:uuid/track-email/:x',
  'GET /v2/emails/info/public/:uuid/track-sms/:x',
  'GET /v2/emails/info/public/:uuid/track-whatsapp/:x',
  'GET /v2/emails/info/public/:uuid/track-accept-email/:x',
  'GET /v2/emails/info/public/track-conteudo-link-externo/:lnk',
  'GET /v2/email/public/attachments/:uuid',
  'GET /v2/email/public/voz/:uuid',
  'GET /v2/email/public/voz/:uuid/gravacao',
  'GET /v2/email/public/carta/:uuid',
  'GET /v2/email/public/carta/:uuid/:arquivo',
  // Providers' callbacks: each checks the provider's signature or token instead of a session.
  'POST /v2/loja/webhook',
  'POST /v2/webhooks/twilio/sms/:uuid',
  'POST /v2/webhooks/twilio/sms-inbound',
  'POST /v2/webhooks/letter',
  'GET /v2/webhooks/whatsapp',
  'POST /v2/webhooks/whatsapp',
  'POST /v2/webhooks/zenvia/:channel',
  'POST /v2/webhooks/twilio/voz/:uuid/status',
  'POST /v2/webhooks/twilio/voz/:uuid/gravacao',
  'POST /v2/webhooks/twilio/voz/:uuid/tecla',
  // Single sign-on (mounted only with OIDC_ISSUER): the way to a session, and the provider's back-channel logout (its signed token).
  'GET /v2/auth/oidc/login',
  'GET /v2/auth/oidc/callback',
  'GET /v2/auth/oidc/erro',
  'POST /v2/auth/oidc/backchannel-logout',
  // Operations (docs/operations.md), outside /v2: the probes answer anyone and tell no data; /metrics
  // takes its own bearer token (METRICS_TOKEN, 401 without it) and is 404 when that is unset.
  'GET /healthz',
  'GET /readyz',
  'GET /metrics',
] as const;

// With single sign-on configured, so its routes are swept too (the provider is never reached here).
const t = useTestApp({ OIDC_ISSUER: 'http://127.0.0.1:9', OIDC_CLIENT_ID: 'ar-online', OIDC_CLIENT_SECRET: 'segredo' });

const key = (r: RouteEntry) => `${r.method} ${r.url}`;
const swept = () => routesOf(t.app).filter((r) => !r.url.startsWith('/dev/'));

/**
 * What each defineRoute'd route declares, read where a client reads it, the OpenAPI document (a
 * bearer requirement, or `security: []` for a public one), by the route table's key; a plain
 * route has no entry.
 */
async function declaredAuth(): Promise<Map<string, boolean>> {
  const doc = (await t.app.inject({ method: 'GET', url: '/v2/docs' })).json() as {
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  };
  return new Map(
    Object.entries(doc.paths).flatMap(([url, methods]) =>
      Object.entries(methods).map(([method, op]): [string, boolean] => [
        `${method.toUpperCase()} ${url.replace(/\{(\w+)\}/g, ':$1')}`,
        (op.security ?? []).length > 0,
      ]),
    ),
  );
}

/** The route's URL with each parameter filled so that it matches: a uuid where the name says one, else 1. */
const fill = (url: string) =>
  url.replace(/:(\w+)/g, (_, name: string) => (/uuid|token/i.test(name) ? '5b0c8f2e-2d7a-4c61-9a8e-3f4b6d1e7a90' : '1'));

function call(r: RouteEntry, authorization?: string) {
  return t.app.inject({
    method: r.method as 'GET',
    url: fill(r.url),
    headers: authorization ? { authorization } : {},
    // A minimal body: the session is checked before the body is read.
    payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
  });
}

describe('the anonymous sweep over the route table', () => {
  it('lists every public route on purpose, and each defineRoute among them declares auth: false', async () => {
    const routes = swept();
    expect(routes.length).toBeGreaterThan(100);
    const auth = await declaredAuth();
    // The document is read right (its paths matched to the route table): most routes declare sign-in there.
    expect(routes.filter((r) => auth.get(key(r)) === true).length).toBeGreaterThan(80);
    const declaredPublic = routes.filter((r) => auth.get(key(r)) === false).map(key);
    // A route declared public and not reviewed here: add it to PUBLIC, with why, or give it auth: true.
    expect(declaredPublic.filter((k) => !(PUBLIC as readonly string[]).includes(k))).toEqual([]);
    // Every listed route exists and, when declared with defineRoute, says it is public.
    const registered = new Set(routes.map(key));
    expect(PUBLIC.filter((k) => !registered.has(k) || auth.get(k) === true)).toEqual([]);
  });

  // No header, a well-formed token no session has (it reaches the session lookup), and a header that is not a bearer token.
  const strangers = {
    'no session': undefined,
    'an unknown token': `Bearer ${randomBytes(32).toString('base64url')}`,
    'a malformed header': 'Basic dXN1YXJpbzpzZW5oYQ==',
  };
  for (const [who, authorization] of Object.entries(strangers)) {
    it(`answers 401 'Sessão expirada' to ${who} on every other route, defineRoute'd or plain`, async () => {
      const wrong: string[] = [];
      const closed = swept().filter((r) => !(PUBLIC as readonly string[]).includes(key(r)));
      expect(closed.length).toBeGreaterThan(80);
      for (const r of closed) {
        const res = await call(r, authorization);
        if (res.statusCode !== 401 || res.json().message !== MSG.sessionExpired)
          wrong.push(`${key(r)} → ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it('a public route really answers without a session (its flag is not a leftover of a route that checks one)', async () => {
    const asked: string[] = [];
    for (const r of swept().filter((r) => (PUBLIC as readonly string[]).includes(key(r)))) {
      const res = await call(r);
      if (res.statusCode === 401 && res.json().message === MSG.sessionExpired) asked.push(key(r));
    }
    expect(asked).toEqual([]);
  });
});
