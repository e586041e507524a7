import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ANSWER_COOKIE_PREFIX, answerCookies, answerTokensOf } from './answer-cookie.ts';
import { ANSWER_TOKEN_SECONDS, answerTokenValid, issueAnswerToken } from './answer-token.ts';

// The answer token and its cookie on their own (docs/security-answer.md);
// security-answer.test.ts drives them through every public route.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-resposta-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const a = { uuid: '5b0c8f2e-2d7a-4c61-9a8e-3f4b6d1e7a90' };
const b = { uuid: 'c3e1a7d2-9f40-4b8e-a6d1-07f2e5c4b913' };

describe('answer tokens and cookies', () => {
  it('are good for their message, until they expire', () => {
    const now = Date.UTC(2026, 10, 28, 12);
    const { token, maxAge } = issueAnswerToken(dir, a.uuid, now);
    expect(maxAge).toBe(ANSWER_TOKEN_SECONDS);
    expect(answerTokenValid(dir, a.uuid, token, now)).toBe(true);
    expect(answerTokenValid(dir, a.uuid.toUpperCase(), token, now)).toBe(true);
    expect(answerTokenValid(dir, a.uuid, token, now + (ANSWER_TOKEN_SECONDS - 1) * 1000)).toBe(true);
    expect(answerTokenValid(dir, a.uuid, token, now + ANSWER_TOKEN_SECONDS * 1000)).toBe(false);
    expect(answerTokenValid(dir, b.uuid, token, now)).toBe(false);
    // Issued "in the future" (a clock set forward when it was made): refused beyond the lifetime.
    expect(answerTokenValid(dir, a.uuid, issueAnswerToken(dir, a.uuid, now + 3_600_000).token, now)).toBe(false);
    for (const bad of ['', '.', '1.a', `${token}x`, token.replace('.', ':'), `-1.${token.split('.')[1]}`])
      expect(answerTokenValid(dir, a.uuid, bad, now)).toBe(false);
  });

  it('are read from the Cookie header by message, whatever else it holds', () => {
    const tokens = answerTokensOf(
      `sessao=abc; ${ANSWER_COOKIE_PREFIX}${a.uuid.toUpperCase()}=t1;${ANSWER_COOKIE_PREFIX}${b.uuid} = t2 ; ${ANSWER_COOKIE_PREFIX}nao-e-uuid=t3; ${ANSWER_COOKIE_PREFIX}${a.uuid}=t4; semvalor`,
    );
    expect([...tokens.entries()]).toEqual([
      [a.uuid, ['t1', 't4']],
      [b.uuid, ['t2']],
    ]);
    expect(answerTokensOf(undefined).size).toBe(0);
  });

  it('are Secure when PUBLIC_URL is https', () => {
    const issued = { uuid: a.uuid, token: '1.x', maxAge: 1800 };
    expect(
      answerCookies(issued, { publicUrl: 'https://ar.exemplo.com.br' }).every((c) => c.endsWith('; HttpOnly; SameSite=Strict; Secure')),
    ).toBe(true);
    expect(answerCookies(issued, { publicUrl: 'http://localhost:3000' }).some((c) => c.includes('Secure'))).toBe(false);
  });
});
