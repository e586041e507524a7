import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BuiltinTsa, createCertificate, loadBuiltinTsa } from '../evidence/tsa/builtin-tsa.ts';
import { checkToken } from '../evidence/tsa/token.ts';
import { tokenChecker } from './audit-tokens.ts';

// The audit's quick token check gives checkToken's verdict on every kind of token: a valid one of
// the built-in TSA (ECDSA, and RSA of older folders) passes on the quick path; a changed byte
// anywhere, another hash, another TSA, an untrusted certificate are refused with checkToken's own
// reasons.

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
let ecdsa: BuiltinTsa;
let rsa: BuiltinTsa;
let other: BuiltinTsa;

async function tsaIn(kind?: 'rsa'): Promise<BuiltinTsa> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-audit-tsa-'));
  if (kind) {
    const { keyPem, certPem } = await createCertificate(kind);
    await fs.mkdir(path.join(dir, 'tsa'));
    await fs.writeFile(path.join(dir, 'tsa', 'tsa-key.pem'), keyPem);
    await fs.writeFile(path.join(dir, 'tsa', 'tsa.pem'), certPem);
  }
  return loadBuiltinTsa(dir);
}

beforeAll(async () => {
  [ecdsa, rsa, other] = await Promise.all([tsaIn(), tsaIn('rsa'), tsaIn()]);
});

/** The quick checker's answer, checkToken's, and whether the quick path alone decided. */
async function both(token: Uint8Array, hash: string, trusted: BuiltinTsa[]) {
  const checker = tokenChecker(trusted.map((t) => t.certificate));
  const problems = await checker.problems(token, hash);
  const reference = (
    await checkToken(
      token,
      hash,
      trusted.map((t) => t.certificate),
    )
  ).problems;
  return { problems, reference, quick: checker.quick === 1 };
}

describe('the audit token check', () => {
  it('passes valid tokens of the built-in TSA, ECDSA and RSA, on the quick path', async () => {
    for (const tsa of [ecdsa, rsa]) {
      const hash = sha256(`evento ${tsa.certificatePem.length}`);
      const r = await both((await tsa.issue(hash)).token, hash, [other, tsa]);
      expect(r).toEqual({ problems: [], reference: [], quick: true });
    }
  });

  it('refuses another hash, another TSA and every changed byte with checkToken reasons', async () => {
    const hash = sha256('evento 1');
    const { token } = await ecdsa.issue(hash);
    const wrongHash = await both(token, sha256('evento 2'), [ecdsa]);
    expect(wrongHash.problems).toEqual(wrongHash.reference);
    expect(wrongHash.problems.join()).toMatch(/não foi emitido para este hash/);

    const untrusted = await both(token, hash, [other]);
    expect(untrusted.quick).toBe(false);
    expect(untrusted.problems).toEqual(untrusted.reference);
    expect(untrusted.problems.length).toBeGreaterThan(0);

    // One bit flipped at each of many places (TSTInfo, signed attributes, signature, certificate):
    // never passed where checkToken refuses.
    const checker = tokenChecker([ecdsa.certificate]);
    let refused = 0;
    for (let i = 0; i < token.length; i += 11) {
      const changed = Uint8Array.from(token);
      changed[i] = (changed[i] as number) ^ 0x01;
      const reference = (await checkToken(changed, hash, [ecdsa.certificate])).problems;
      const problems = await checker.problems(changed, hash);
      if (reference.length) {
        refused++;
        expect(problems, `byte ${i}`).toEqual(reference);
      } else expect(problems, `byte ${i}`).toEqual([]);
    }
    expect(refused).toBeGreaterThan(token.length / 11 / 2);
  }, 120_000);
});
