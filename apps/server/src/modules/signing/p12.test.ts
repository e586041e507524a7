import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSinkApp } from '../../../test/harness.ts';
import { type OpensslA1, opensslA1 } from '../../../test/openssl-pki.ts';
import { checkPdfSignature } from '../../../test/pdf-signature.ts';
import { waitFor } from '../../../test/smtp-sink.ts';
import { evidenceTsa } from '../evidence/evidence.service.ts';

// The operator's A1 (SIGNING_P12): a PKCS#12 made by OpenSSL 3 with its defaults, the app started
// with it, and the laudo downloaded through the API as a user would.
let dir: string;
let a1: OpensslA1;
const root = path.resolve(import.meta.dirname, '../../../../..');

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ar-p12-'));
  a1 = await opensslA1(dir, 'a1', { keyUsage: 'digitalSignature,nonRepudiation' });
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const { app } = useSinkApp(
  { startQueue: true },
  Object.defineProperties({} as Record<string, string>, {
    SIGNING_P12: { enumerable: true, get: () => a1.p12 },
    SIGNING_P12_PASSWORD: { enumerable: true, get: () => a1.password },
  }),
);

/** main.ts started with `env` on a fresh data folder: its exit code and what it wrote to stderr. */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, DATA_DIR: path.join(dir, `data-${Math.random()}`), PORT: '3851', LOG_LEVEL: 'warn', ...env },
    });
    let stderr = '';
    child.stderr.on('data', (c) => {
      stderr += c;
    });
    const timer = setTimeout(() => child.kill('SIGTERM'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe("the operator's A1 (SIGNING_P12)", () => {
  it('signs the laudo a user downloads with the A1 made by OpenSSL 3 (AES-256/PBKDF2), which pdfsig, openssl and the validator accept', async () => {
    const token = await app.t.login('usuario@demo.local');
    const sent = await app.call('POST', '/emails/send', token, {
      destinataires: [{ to: 'joao@cliente.test', nameTo: 'João Araújo' }],
      nameFrom: 'Cobrança Demo',
      subject: 'Notificação de cobrança',
      content: '<p>Prezado João, segue a notificação.</p>',
    });
    expect(sent.statusCode).toBe(200);
    const code = sent.json().emails[0].ema_uni_codigo as number;
    await waitFor(
      () => app.t.ctx.db.selectFrom('emails').select('ema_status_email').where('ema_uni_codigo', '=', code).executeTakeFirstOrThrow(),
      (m) => m.ema_status_email === 'send',
    );
    // The file was made by OpenSSL 3's defaults: PBES2 with PBKDF2 and AES-256-CBC.
    const { execFile } = await import('node:child_process');
    const info = await new Promise<string>((resolve) =>
      execFile('openssl', ['pkcs12', '-info', '-noout', '-in', a1.p12, '-passin', `pass:${a1.password}`], (_e, out, err) =>
        resolve(`${out}${err}`),
      ),
    );
    expect(info).toMatch(/PBES2, PBKDF2, AES-256-CBC/);

    const res = await app.call('GET', `/emails/report/laudo/${code}`, token);
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'application/pdf']);
    const tsaPem = (await evidenceTsa(app.t.ctx.config)).builtin.certificatePem;
    const check = await checkPdfSignature(res.rawPayload, { caPem: a1.caPem, tsaPem });
    expect(check.pdfsig).toContain('Signature is Valid');
    expect(check.pdfsig).toContain('Signer Certificate Common Name: EMPRESA TESTE LTDA:12345678000195');
    expect(check.cmsError).toBe('');
    expect(check.cmsVerified).toBe(true);
    expect(check.tokenVerified).toBe(true);
    // Against the installation's own certificate it does not verify: the A1 signed it.
    const other = await checkPdfSignature(res.rawPayload, { caPem: tsaPem, tsaPem });
    expect(other.cmsVerified).toBe(false);
    // The public certificate route publishes the A1 and its CA; the validator names the A1's holder.
    const pem = await app.t.app.inject({ method: 'GET', url: '/v2/assinatura/certificado.pem' });
    expect(pem.body).toContain(a1.leafPem.trim().split('\n')[1]);
    const boundary = 'ar-p12-boundary';
    const validated = await app.t.app.inject({
      method: 'POST',
      url: '/v2/documentos/validar',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="laudo.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        res.rawPayload,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(validated.json()).toMatchObject({
      valido: true,
      documento: 'Laudo pericial',
      protocolo: code,
      assinante: 'EMPRESA TESTE LTDA:12345678000195',
    });
  });

  it('a wrong password or a certificate without digitalSignature/nonRepudiation stops the start with a clear message', async () => {
    const wrong = await start({ SIGNING_P12: a1.p12, SIGNING_P12_PASSWORD: 'errada' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('Configuração inválida:\n  SIGNING_P12_PASSWORD: senha incorreta para o arquivo SIGNING_P12');
    const encipher = await opensslA1(dir, 'cifra', { keyUsage: 'keyEncipherment' });
    const cannotSign = await start({ SIGNING_P12: encipher.p12, SIGNING_P12_PASSWORD: encipher.password });
    expect(cannotSign.code).toBe(1);
    expect(cannotSign.stderr).toContain(
      'Configuração inválida:\n  SIGNING_P12: o certificado não permite assinatura (keyUsage sem digitalSignature nem nonRepudiation)',
    );
  }, 120_000);
});
