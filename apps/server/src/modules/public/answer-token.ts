import { createHmac } from 'node:crypto';
import { installationKey } from '../../config.ts';
import { sameSignature } from '../channels/signatures.ts';

/**
 * The proof that a visitor answered a message's security question (docs/security-answer.md):
 * after a right answer the browser holds this token instead of the
 * answer, for one message and a short while. `<expiry in Unix seconds>.<HMAC-SHA256, base64url>`,
 * the HMAC over the message's uuid and the expiry with a key derived from the installation's secret:
 * it cannot be made without the key, opens no other message, and says nothing of the answer.
 */

/** How long a right answer holds: enough to read the message, download its files and confirm it. */
export const ANSWER_TOKEN_SECONDS = 30 * 60;

const LABEL = 'ar-resposta-publica-v1';

const macOf = (dataDir: string, uuid: string, expires: number) =>
  createHmac('sha256', installationKey(dataDir, LABEL)).update(`${LABEL}\n${uuid.toLowerCase()}\n${expires}`).digest('base64url');

/** A token for this message, good for ANSWER_TOKEN_SECONDS from `now`. */
export function issueAnswerToken(dataDir: string, uuid: string, now = Date.now()): { token: string; maxAge: number } {
  const expires = Math.floor(now / 1000) + ANSWER_TOKEN_SECONDS;
  return { token: `${expires}.${macOf(dataDir, uuid, expires)}`, maxAge: ANSWER_TOKEN_SECONDS };
}

const TOKEN = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** Whether `token` was issued for this message and has not expired (compared in constant time). */
export function answerTokenValid(dataDir: string, uuid: string, token: string, now = Date.now()): boolean {
  const parts = TOKEN.exec(token);
  if (!parts) return false;
  const expires = Number(parts[1]);
  const seconds = Math.floor(now / 1000);
  // Expired, or further ahead than any token this code issues.
  if (expires <= seconds || expires > seconds + ANSWER_TOKEN_SECONDS) return false;
  return sameSignature(parts[2], macOf(dataDir, uuid, expires));
}
