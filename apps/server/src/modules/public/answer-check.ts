import { NOT_VERIFY, PUBLIC_MSG } from '@ar/core';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { countEvent, type Limit, limitState } from '../rate-limit/rate-limit.ts';
import { answerTokenValid, issueAnswerToken } from './answer-token.ts';
import type { PublicRow } from './public.queries.ts';

/**
 * What a visitor brings to a message's security question: the answer itself (the spec's `verify`
 * query, or the answer form's body) and the answer tokens the browser holds (answer-token.ts).
 */
export interface Answer {
  verify?: string;
  /** Tokens by message uuid (lowercase), as the browser sent them (the cookies of answer-cookie.ts). */
  tokens?: ReadonlyMap<string, readonly string[]>;
  /** Set by checkAnswer when `verify` was right: the token the route hands the browser instead. */
  issued?: { uuid: string; token: string; maxAge: number };
}

/** Answers compared as a person would: case, accents and extra spaces do not matter. */
export const normalizeAnswer = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Wrong answers per message, all visitors together (the answer may be short, and rotating the
 * address must not buy more guesses), counted in the database so every server process sees them
 * (docs/security.md). A right answer does not clear the count: the recipient's success must not
 * hand a guesser ten more tries.
 */
export const SECURITY_ANSWER_LIMIT: Limit = { kind: 'security-answer', max: 10, minutes: 15 };

/**
 * The security question (spec 002 §4): without an answer, or with a wrong one, a 403 whose message
 * starts with 'not verify' and carries the question after a colon; the visitor's page goes to the
 * verify page. After 10 wrong answers to one message in 15 minutes, every answer to it waits (429).
 * A valid answer token of this message stands for the answer (no guess is involved, so the limit
 * does not hold it back); a right answer leaves a new token in `answer.issued`.
 */
export async function checkAnswer(
  ctx: Pick<AppContext, 'db' | 'config'>,
  msg: Pick<PublicRow, 'ema_uni_id' | 'ema_verif_pergunta' | 'ema_verif_resposta'>,
  answer: Answer | undefined,
  mode: 'page' | 'download' = 'page',
) {
  if (!msg.ema_verif_pergunta) return;
  const uuid = msg.ema_uni_id.toLowerCase();
  if (answer?.tokens?.get(uuid)?.some((token) => answerTokenValid(ctx.config.dataDir, uuid, token))) return;
  const verify = answer?.verify;
  if (!verify) {
    throw new AppError(403, mode === 'download' ? PUBLIC_MSG.mustVerify : `${NOT_VERIFY}: ${msg.ema_verif_pergunta}`, {
      pergunta: msg.ema_verif_pergunta,
      codeEmail: msg.ema_uni_id,
    });
  }
  if ((await limitState(ctx.db, SECURITY_ANSWER_LIMIT, msg.ema_uni_id)).isOver) throw new AppError(429, PUBLIC_MSG.tooManyAnswers);
  if (normalizeAnswer(verify) !== normalizeAnswer(msg.ema_verif_resposta ?? '')) {
    await countEvent(ctx.db, SECURITY_ANSWER_LIMIT, msg.ema_uni_id);
    throw new AppError(403, mode === 'download' ? PUBLIC_MSG.invalidAnswer : `${NOT_VERIFY}: ${msg.ema_verif_pergunta}`, {
      pergunta: msg.ema_verif_pergunta,
      codeEmail: msg.ema_uni_id,
      erro: PUBLIC_MSG.invalidAnswer,
    });
  }
  if (answer) answer.issued = { uuid, ...issueAnswerToken(ctx.config.dataDir, uuid) };
}
