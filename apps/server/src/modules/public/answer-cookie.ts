import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Answer } from './answer-check.ts';

/**
 * The answer token travels as a cookie (docs/security.md, "The security answer stays out of URLs"):
 * the page's downloads are plain links and new tabs (`<a href>`, window.open), which cannot send a
 * header, and a cookie the script cannot read (HttpOnly) is not in the page's reach either. One
 * cookie per message, `ar_resposta_<uuid>`, sent only to the public API's two prefixes, only by
 * the product's own pages (SameSite=Strict), only over TLS when PUBLIC_URL is https.
 */
export const ANSWER_COOKIE_PREFIX = 'ar_resposta_';

/** The public API's paths: the message's calls and the files' (attachments, recording, letter). */
export const ANSWER_COOKIE_PATHS = ['/v2/emails/info/public', '/v2/email/public'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** More than a visitor could hold of answered messages at once; the rest of a forged header is ignored. */
const MAX_COOKIES = 50;

/** The answer tokens of the request's Cookie header, by message uuid (lowercase). */
export function answerTokensOf(cookieHeader: string | undefined): Map<string, string[]> {
  const tokens = new Map<string, string[]>();
  if (!cookieHeader) return tokens;
  let seen = 0;
  for (const pair of cookieHeader.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    const name = pair.slice(0, eq).trim();
    if (!name.startsWith(ANSWER_COOKIE_PREFIX)) continue;
    if (++seen > MAX_COOKIES) break;
    const uuid = name.slice(ANSWER_COOKIE_PREFIX.length).toLowerCase();
    if (!UUID.test(uuid)) continue;
    const value = pair.slice(eq + 1).trim();
    tokens.set(uuid, [...(tokens.get(uuid) ?? []), value]);
  }
  return tokens;
}

/** What the request brings to a security question: the `verify` value (query or body) and the answer cookies. */
export const answerOf = (request: FastifyRequest, verify: string | undefined): Answer => ({
  verify,
  tokens: answerTokensOf(request.headers.cookie),
});

/** The Set-Cookie values of a token: one per public API prefix. */
export function answerCookies(issued: NonNullable<Answer['issued']>, config: Pick<Config, 'publicUrl'>): string[] {
  const secure = config.publicUrl.startsWith('https:') ? '; Secure' : '';
  return ANSWER_COOKIE_PATHS.map(
    (path) =>
      `${ANSWER_COOKIE_PREFIX}${issued.uuid}=${issued.token}; Max-Age=${issued.maxAge}; Path=${path}; HttpOnly; SameSite=Strict${secure}`,
  );
}

/** After a right answer, hands the browser its token (before the reply is sent). */
export function handAnswerToken(reply: FastifyReply, answer: Answer, config: Pick<Config, 'publicUrl'>): void {
  if (answer.issued) reply.header('set-cookie', answerCookies(answer.issued, config));
}
