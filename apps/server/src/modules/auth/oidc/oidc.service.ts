import { createHmac } from 'node:crypto';
import { AUTH_MSG } from '@ar/core';
import { errors as joseErrors, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { installationKey, type OidcConfig } from '../../../config.ts';
import type { AppContext } from '../../../context.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { sameSignature } from '../../channels/signatures.ts';
import * as q from '../auth.queries.ts';
import { newToken } from '../secrets.ts';
import { oidcProvider } from './oidc-client.ts';

/*
 * Single sign-on (docs/access.md): the authorization code flow with PKCE (S256), state and nonce;
 * RP-initiated logout; back-channel logout. The user is the product's existing user whose login is
 * the provider's verified e-mail; nobody is created here.
 */

/** A refusal of a sign-in through the provider: the Portuguese message shown back on /login. */
export class SsoRefusal extends Error {}

/** What the browser keeps between leaving for the provider and coming back (the ar_oidc cookie, signed). */
interface Flow {
  state: string;
  nonce: string;
  verifier: string;
  /** When it was issued (ms): a flow older than FLOW_MAX_AGE_S is refused. */
  at: number;
}

export const FLOW_MAX_AGE_S = 600;
const FLOW_LABEL = 'oidc-flow';

function sign(ctx: AppContext, payload: string): string {
  return createHmac('sha256', installationKey(ctx.config.dataDir, FLOW_LABEL)).update(payload).digest('base64url');
}

/** A signed cookie value: base64url(JSON).signature. */
export function sealValue(ctx: AppContext, value: unknown): string {
  const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${payload}.${sign(ctx, payload)}`;
}

export function openValue<T>(ctx: AppContext, sealed: string | null): T | null {
  if (!sealed) return null;
  const [payload = '', signature] = sealed.split('.');
  if (!sameSignature(signature, sign(ctx, payload))) return null;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as T;
  } catch {
    return null;
  }
}

export function requireOidc(ctx: AppContext): OidcConfig {
  if (!ctx.config.oidc) throw new SsoRefusal(AUTH_MSG.ssoFailed);
  return ctx.config.oidc;
}

/** The provider's authorization URL for a new sign-in, and the flow the browser keeps meanwhile. */
export async function startSignIn(ctx: AppContext): Promise<{ url: string; flow: string }> {
  const oidc = requireOidc(ctx);
  const { configuration } = await oidcProvider(oidc).catch(() => {
    throw new SsoRefusal(AUTH_MSG.ssoUnavailable);
  });
  const verifier = client.randomPKCECodeVerifier();
  const flow: Flow = { state: client.randomState(), nonce: client.randomNonce(), verifier, at: Date.now() };
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: oidc.redirectUri,
    scope: oidc.scopes,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
  });
  return { url: url.href, flow: sealValue(ctx, flow) };
}

/** The claims an SSO sign-in reads: the ID token's, completed by the userinfo endpoint when the token has no e-mail. */
interface SignInClaims {
  email?: unknown;
  email_verified?: unknown;
  sub: string;
  sid?: unknown;
}

const isVerified = (v: unknown) => v === true || v === 'true';

/**
 * The provider's answer at the callback: the code exchanged (PKCE verifier, state, nonce and the ID
 * token's issuer, audience, expiry and signature checked by openid-client), the user found by its
 * verified e-mail, and a new session. `query` is the callback's query string as received.
 */
export async function finishSignIn(ctx: AppContext, query: string, sealedFlow: string | null, ip: string) {
  const oidc = requireOidc(ctx);
  const flow = openValue<Flow>(ctx, sealedFlow);
  if (!flow || Date.now() - flow.at > FLOW_MAX_AGE_S * 1000) throw new SsoRefusal(AUTH_MSG.ssoFailed);
  const { configuration } = await oidcProvider(oidc).catch(() => {
    throw new SsoRefusal(AUTH_MSG.ssoUnavailable);
  });
  const callbackUrl = new URL(oidc.redirectUri);
  callbackUrl.search = query;
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    ctx.log.warn(
      { err: { name: (error as Error).name, message: (error as Error).message, code: (error as { code?: string }).code } },
      'sso: sign-in refused',
    );
    throw new SsoRefusal(
      (error as Error).name === 'TypeError' || (error as { code?: string }).code === 'OAUTH_TIMEOUT'
        ? AUTH_MSG.ssoUnavailable
        : AUTH_MSG.ssoFailed,
    );
  }
  const idClaims = tokens.claims();
  if (!idClaims || !tokens.id_token) throw new SsoRefusal(AUTH_MSG.ssoFailed);
  let claims: SignInClaims = idClaims;
  if (typeof claims.email !== 'string' && configuration.serverMetadata().userinfo_endpoint) {
    const info = await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub).catch(() => null);
    if (info) claims = { ...info, sid: idClaims.sid, sub: idClaims.sub };
  }
  if (typeof claims.email !== 'string' || !claims.email) throw new SsoRefusal(AUTH_MSG.ssoNoEmail);
  const email = claims.email.trim();
  if (!isVerified(claims.email_verified)) throw new SsoRefusal(AUTH_MSG.ssoUnverifiedEmail(email));

  const session = newToken();
  const issuer = configuration.serverMetadata().issuer;
  const user = await inTransaction(ctx.db, async (trx) => {
    const found = await q.findUserForSso(trx, email);
    if (!found) throw new SsoRefusal(AUTH_MSG.ssoUnknownUser(email));
    if (found.usu_status === 'B') throw new SsoRefusal(AUTH_MSG.ssoBlockedUser(email));
    // An invitation may be accepted through the provider: it has just proved the e-mail (docs/access.md).
    if (found.usu_status === 'A' && !(await q.acceptInvitationBySso(trx, found.usu_codigo)))
      throw new SsoRefusal(AUTH_MSG.ssoInviteExpired(email));
    await q.createSession(trx, found.usu_codigo, session.hash, ip, {
      issuer,
      sid: typeof claims.sid === 'string' ? claims.sid.slice(0, 255) : null,
      sub: idClaims.sub.slice(0, 255),
      idToken: tokens.id_token as string,
    });
    return found;
  });
  ctx.log.info({ usu_codigo: user.usu_codigo, via: 'sso', provedor: issuer }, 'sign-in');
  return { token: session.token, tokenHash: session.hash };
}

/** The provider's end-session URL for a session opened through it (RP-initiated logout), or undefined. */
export async function endSessionUrl(ctx: AppContext, ended: { ses_via: string; ses_provedor: string | null; ses_id_token: string | null }) {
  const oidc = ctx.config.oidc;
  if (!oidc || ended.ses_via !== 'sso' || !ended.ses_id_token) return undefined;
  try {
    const { configuration } = await oidcProvider(oidc);
    if (configuration.serverMetadata().issuer !== ended.ses_provedor || !configuration.serverMetadata().end_session_endpoint)
      return undefined;
    return client.buildEndSessionUrl(configuration, {
      id_token_hint: ended.ses_id_token,
      post_logout_redirect_uri: oidc.postLogoutRedirectUri,
    }).href;
  } catch (error) {
    // The product's session is over either way; the provider's stays until it expires there.
    ctx.log.warn({ err: error }, 'sso: end-session URL unavailable');
    return undefined;
  }
}

const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** Signature algorithms a logout token may use: the provider's keys, never a secret shared with clients. */
const LOGOUT_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
/** How long a token without exp is remembered as used. */
const LOGOUT_TOKEN_MAX_AGE_S = 600;

export class LogoutTokenRefusal extends Error {}
/** The provider's configuration or keys could not be read: the token cannot be checked now (503, the provider may send it again). */
export class ProviderUnavailable extends Error {}

/**
 * A back-channel logout (OpenID Connect Back-Channel Logout 1.0, §2.6): the logout token's
 * signature (the provider's published keys), issuer, audience (this client), iat and exp, the
 * back-channel event, a sid or a sub, no nonce, and its jti used only once. Every product session
 * that provider session (or subject) opened ends, with its sockets, on every process. Answers how
 * many sessions ended.
 */
export async function backchannelLogout(ctx: AppContext, logoutToken: string): Promise<number> {
  const oidc = ctx.config.oidc;
  if (!oidc) throw new LogoutTokenRefusal('single sign-on is not configured');
  const { configuration, logoutKeys } = await oidcProvider(oidc).catch((error: Error) => {
    throw new ProviderUnavailable(error.message);
  });
  const issuer = configuration.serverMetadata().issuer;
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(logoutToken, logoutKeys, {
      issuer,
      audience: oidc.clientId,
      algorithms: LOGOUT_ALGORITHMS,
      requiredClaims: ['iat', 'jti', 'events'],
      maxTokenAge: `${LOGOUT_TOKEN_MAX_AGE_S}s`,
      clockTolerance: 60,
    }));
  } catch (error) {
    const reason = error instanceof joseErrors.JOSEError ? `${error.code}: ${error.message}` : (error as Error).message;
    throw new LogoutTokenRefusal(reason);
  }
  const events = payload.events as Record<string, unknown> | undefined;
  if (!events || typeof events[BACKCHANNEL_EVENT] !== 'object' || events[BACKCHANNEL_EVENT] === null)
    throw new LogoutTokenRefusal('the events claim has no back-channel logout event');
  if ('nonce' in payload) throw new LogoutTokenRefusal('a logout token carries no nonce');
  const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
  const sub = typeof payload.sub === 'string' ? payload.sub : undefined;
  if (!sid && !sub) throw new LogoutTokenRefusal('neither sid nor sub');
  const jti = payload.jti as string;
  const expires = new Date(
    1000 * (typeof payload.exp === 'number' ? payload.exp : (payload.iat as number) + LOGOUT_TOKEN_MAX_AGE_S) + 60_000,
  );
  if (!(await q.useLogoutTokenId(ctx.db, issuer, jti, expires))) throw new LogoutTokenRefusal('this logout token was already used');
  const ended = await q.deleteProviderSessions(ctx.db, issuer, { sid, sub });
  for (const tokenHash of ended) ctx.realtime.endSession(tokenHash);
  ctx.log.info({ provedor: issuer, sessoes: ended.length }, 'sso: back-channel logout');
  return ended.length;
}
