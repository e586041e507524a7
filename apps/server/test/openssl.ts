import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Test helper: what an independent party would run (docs/evidence.md) —
 * `openssl ts -verify -digest <hex> -sha256 -in token.tsr -token_in -CAfile tsa.pem -untrusted tsa.pem`.
 * Answers openssl's verdict and output.
 */
export async function opensslVerifyToken(token: Uint8Array, digestHex: string, caPem: string): Promise<{ ok: boolean; output: string }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-ts-'));
  try {
    const tokenFile = path.join(dir, 'token.tsr');
    const caFile = path.join(dir, 'tsa.pem');
    await fs.writeFile(tokenFile, token);
    await fs.writeFile(caFile, caPem);
    const args = ['ts', '-verify', '-digest', digestHex, '-sha256', '-in', tokenFile, '-token_in', '-CAfile', caFile, '-untrusted', caFile];
    try {
      const { stdout, stderr } = await run('openssl', args);
      return { ok: /Verification: OK/.test(stdout), output: stdout + stderr };
    } catch (e) {
      const err = e as { stdout?: string; stderr?: string };
      return { ok: false, output: `${err.stdout ?? ''}${err.stderr ?? ''}` };
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
