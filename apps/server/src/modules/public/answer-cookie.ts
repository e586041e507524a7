import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { cookiePairs, strictCookie } from '../../http/cookies.ts';
import type { Answer } from './answer-check.ts';

/**
 * The answer token travels as a cookie (docs/security-answer.md):
 * the page's downloads are plain links and new tabs (`<a href>`, window.open), which cannot send a
 * header, and a cookie the script cannot read (HttpOnly) is not in the page's reach either. One
 * cookie per message, `ar_resposta_<uuid>`, sent only to the public API's two prefixes, only by
 * the product's own pages (SameSite=Strict), only over TLS when PUBLIC_URL is https.
 */
export const ANSWER_COOKIE_PREFIX = 'ar_resposta_';

/** The public API's paths: the message's calls and the files' (attachments, recording, letter). */
export const ANSWER_COOKIE_PATHS = ['/v2/emails/info/public', '/v2/email/public'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The answer tokens of the request's Cookie header, by message uuid (lowercase). */
export function answerTokensOf(cookieHeader: string | undefined): Map<string, string[]> {
  const tokens = new Map<string, string[]>();
  for (const [name, value] of cookiePairs(cookieHeader)) {
    if (!name.startsWith(ANSWER_COOKIE_PREFIX)) continue;
    const uuid = name.slice(ANSWER_COOKIE_PREFIX.length).toLowerCase();
    if (UUID.test(uuid)) tokens.set(uuid, [...(tokens.get(uuid) ?? []), value]);
  }
  return tokens;
}

/** The Set-Cookie values of a token: one per public API prefix. */
export function answerCookies(issued: NonNullable<Answer['issued']>, config: Pick<Config, 'publicUrl'>): string[] {
  return ANSWER_COOKIE_PATHS.map((path) =>
    strictCookie(`${ANSWER_COOKIE_PREFIX}${issued.uuid}`, issued.token, { path, maxAge: issued.maxAge, publicUrl: config.publicUrl }),
  );
}

/** After a right answer, hands the browser its token (before the reply is sent). */
export function handAnswerToken(reply: FastifyReply, answer: Answer, config: Pick<Config, 'publicUrl'>): void {
  if (answer.issued) reply.header('set-cookie', answerCookies(answer.issued, config));
}

/**
 * A guarded public call: `run` gets what the request brings to the security question (the `verify`
 * value and the answer cookies); a right `verify` is answered with the cookie. The answer is
 * no-store whatever the route adds: it depends on a cookie its address does not show, so no cache
 * between may keep it for another visitor.
 */
export async function withAnswer<T>(
  config: Pick<Config, 'publicUrl'>,
  request: FastifyRequest,
  reply: FastifyReply,
  verify: string | undefined,
  run: (answer: Answer) => Promise<T>,
): Promise<T> {
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  const answer: Answer = { verify, tokens: answerTokensOf(request.headers.cookie) };
  const result = await run(answer);
  handAnswerToken(reply, answer, config);
  return result;
}
