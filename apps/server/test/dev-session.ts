import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import { actorOfToken } from '../src/modules/auth/authenticate.ts';
import { SESSION_COOKIE } from '../src/modules/auth/session-cookie.ts';
import { devCsrfToken } from '../src/simulators/access.ts';
import type { TestApp } from './harness.ts';
import { insertMessage } from './messages.ts';

/**
 * A signed-in user on the demo mode's /dev pages, as a browser is: the session as the product's
 * session cookie, every POST from the product's own origin with the session's CSRF token.
 */
export async function devSession(t: Pick<TestApp, 'app' | 'ctx' | 'config' | 'login'>, login: string) {
  const token = await t.login(login);
  const actor = await actorOfToken(t.ctx, token);
  if (!actor) throw new Error(`no session for ${login}`);
  const csrf = devCsrfToken(t.ctx, actor);
  const cookie = `${SESSION_COOKIE}=${token}`;
  const origin = new URL(t.config.publicUrl).origin;
  return {
    token,
    csrf,
    cookie,
    page: (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } }),
    post: (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, origin, ...headers },
        payload: new URLSearchParams({ csrf, ...fields }).toString(),
      }),
  };
}

/**
 * A product message of `login` behind a message the simulator carried (as the send worker leaves
 * it: mensagens_provedor names the provider's id), so the phone shows it to that user's tenant.
 */
export async function ownSimulated(
  db: Kysely<DB>,
  login: string,
  m: { provedor: 'twilio' | 'meta'; id: string; canal: 'sms' | 'whatsapp'; numero: string },
): Promise<number> {
  const msg = await insertMessage(db, { login, at: new Date(), ...(m.canal === 'sms' ? { sms: m.numero } : { whatsapp: m.numero }) });
  await db
    .insertInto('mensagens_provedor')
    .values({ cod_email: msg.ema_uni_codigo, canal: m.canal, provedor: m.provedor, id_provedor: m.id, numero: m.numero })
    .execute();
  return msg.ema_uni_codigo;
}
