import { MSG, PUBLIC_MSG, SIGNUP_MSG } from '@ar/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, useTestApp } from '../../../test/harness.ts';
import { RECOVERY_LIMITS } from '../auth/auth.service.ts';
import { MAX_LOGIN_FAILURES } from '../auth/login-throttle.ts';
import { RECOVERY_QUEUE } from '../auth/recovery.worker.ts';
import { REGISTRATION_LIMITS } from '../users/registration.service.ts';
import { countEvent } from './rate-limit.ts';

// Limits that hold whatever the client's address (issue 14, docs/security.md): each request
// below comes from an address of its own, as a visitor rotating addresses would send it.
const t = useTestApp({}, { startQueue: true, startWorkers: false });
let uuid: string;
beforeAll(async () => {
  await t.ctx.db.updateTable('usuarios').set({ usu_validacao_notificacao: true }).where('usu_login', '=', 'usuario@demo.local').execute();
  const token = await t.login('usuario@demo.local');
  const sent = await t.send(token, {
    destinataires: [{ to: 'ana@cliente.test', nameTo: 'Ana', validacaoNotif: { pergunta: 'Cidade onde nasceu?', resposta: 'São Paulo' } }],
    nameFrom: 'Cobranca Demo',
    subject: 'Notificação extrajudicial',
    content: '<p>Conteúdo</p>',
  });
  expect(sent.statusCode).toBe(200);
  uuid = sent.json().emails[0].ema_uni_id;
});

let nextAddress = 1;
const from = () => `198.51.100.${nextAddress++}`;
const inject = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, payload, remoteAddress: from() });

describe('the security question of the public page', () => {
  it('allows 10 wrong answers per message, all addresses together, counted in the database; then 429 even for the right one', async () => {
    expect((await inject('GET', `/v2/emails/info/public/${uuid}?verify=S%C3%A3o%20Paulo`)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) {
      const res = await inject('GET', `/v2/emails/info/public/${uuid}?verify=Rio${i}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().erro).toBe(PUBLIC_MSG.invalidAnswer);
    }
    const row = await t.ctx.db
      .selectFrom('limites')
      .select((eb) => eb.fn.sum<number>('lim_contagem').as('n'))
      .where('lim_tipo', '=', 'security-answer')
      .where('lim_chave', '=', uuid)
      .executeTakeFirstOrThrow();
    expect(Number(row.n)).toBe(10);
    for (const url of [
      `/v2/emails/info/public/${uuid}?verify=S%C3%A3o%20Paulo`,
      `/v2/emails/info/public/${uuid}?verify=Recife`,
      `/v2/emails/info/public/${uuid}/track-email/1?verify=S%C3%A3o%20Paulo`,
    ]) {
      const res = await inject('GET', url);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(PUBLIC_MSG.tooManyAnswers);
    }
  });
});

describe('sign-in', () => {
  it(`counts failures per account: ${MAX_LOGIN_FAILURES} from different addresses refuse the next, from yet another address`, async () => {
    for (let i = 0; i < MAX_LOGIN_FAILURES; i++) {
      expect((await inject('POST', '/v2/login', { username: 'gerente@demo.local', password: `errada${i}` })).statusCode).toBe(401);
    }
    const blocked = await inject('POST', '/v2/login', { username: 'GERENTE@demo.local', password: DEMO_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Muitas tentativas de acesso\. Tente novamente em \d+ minutos?\.$/);
  });
});

describe('GET /v2/usuarios/check-email', () => {
  it('is limited in all, not only per address: past the total, a new address gets 429 too', async () => {
    expect((await inject('GET', '/v2/usuarios/check-email?email=admin@demo.local')).json()).toBe(true);
    await countEvent(t.ctx.db, REGISTRATION_LIMITS.checkEmailAll, 'all', REGISTRATION_LIMITS.checkEmailAll.max);
    const res = await inject('GET', '/v2/usuarios/check-email?email=admin@demo.local');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(SIGNUP_MSG.tooManyRequestsAll);
  });

  it('is limited per address', async () => {
    const ip = '203.0.113.50';
    await countEvent(t.ctx.db, REGISTRATION_LIMITS.checkEmail, ip, REGISTRATION_LIMITS.checkEmail.max);
    const res = await t.app.inject({ method: 'GET', url: '/v2/usuarios/check-email?email=x@y.com', remoteAddress: ip });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(SIGNUP_MSG.tooManyRequests);
  });
});

describe('password recovery', () => {
  it(`allows ${RECOVERY_LIMITS.ip.max} requests an hour per address, then 429 and nothing queued`, async () => {
    const ip = '203.0.113.60';
    const ask = (email: string) =>
      t.app.inject({ method: 'POST', url: '/v2/usuarios/password-recovery', payload: { emailUserRecovery: email }, remoteAddress: ip });
    for (let i = 0; i < RECOVERY_LIMITS.ip.max; i++) expect((await ask(`pessoa${i}@exemplo.com.br`)).statusCode).toBe(200);
    const res = await ask('usuario@demo.local');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(MSG.tooManyRecoveries);
    const jobs = (await t.ctx.boss?.fetch<{ email: string }>(RECOVERY_QUEUE, { batchSize: 100 })) ?? [];
    expect(jobs).toHaveLength(RECOVERY_LIMITS.ip.max);
    expect(jobs.map((j) => j.data.email)).not.toContain('usuario@demo.local');
  });

  it('asks for one address at most 5 times an hour, whatever the client address, answering the same', async () => {
    const ask = () => inject('POST', '/v2/usuarios/password-recovery', { emailUserRecovery: 'pos@demo.local' });
    for (let i = 0; i < 7; i++) {
      const res = await ask();
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(MSG.recoverySent);
    }
    const jobs = await t.ctx.boss?.fetch<{ email: string }>(RECOVERY_QUEUE, { batchSize: 100 });
    expect((jobs ?? []).filter((j) => j.data.email === 'pos@demo.local')).toHaveLength(RECOVERY_LIMITS.email.max);
  });
});
