import { MSG } from '@ar/core';
import { describe, expect, it } from 'vitest';
import { bearer, DEMO_PASSWORD, useSinkApp } from '../../../test/harness.ts';
import { waitFor } from '../../../test/smtp-sink.ts';
import { deliverPasswordRecovery, RECOVERY_QUEUE, type RecoveryJob, startAuthWorkers } from './recovery.worker.ts';

const { app, sink } = useSinkApp({ startQueue: true, startWorkers: false });

describe('a forced password change is enforced by the server (secure: false)', () => {
  it('until the password is changed, the session reaches only the password change and the session calls (403 elsewhere)', async () => {
    // As create-admin leaves a new administrator: a temporary password.
    await app.t.ctx.db.updateTable('usuarios').set({ usu_secure: false }).where('usu_login', '=', 'admin@demo.local').execute();
    const login = await app.t.app.inject({
      method: 'POST',
      url: '/v2/login',
      payload: { username: 'admin@demo.local', password: DEMO_PASSWORD },
    });
    expect(login.json().secure).toBe(false);
    const token = login.json().token as string;
    const id = login.json().user.usu_codigo as number;
    const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
      app.t.app.inject({ method, url, payload, headers: bearer(token) });

    for (const url of ['/v2/planos', '/v2/usuarios', '/v2/emails/send', '/v2/plano']) {
      const res = await call('GET', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(MSG.mustChangePassword);
    }
    const send = await call('POST', '/v2/emails/send', { destinataires: [{ to: 'a@b.com' }], subject: 'x', content: 'y' });
    expect(send.statusCode).toBe(403);
    expect((await call('GET', '/v2/me')).statusCode).toBe(200);

    const other = (
      await app.t.app.inject({ method: 'POST', url: '/v2/login', payload: { username: 'admin@demo.local', password: DEMO_PASSWORD } })
    ).json().token as string;
    expect((await app.t.app.inject({ method: 'POST', url: '/v2/logout', headers: bearer(other) })).statusCode).toBe(200);

    const changed = await call('PUT', `/v2/usuarios/${id}/password/reset`, {
      newPassword: 'Nova@Senha2026',
      confirmPassword: 'Nova@Senha2026',
    });
    expect(changed.statusCode).toBe(200);
    expect((await call('GET', '/v2/planos')).statusCode).toBe(200);
  });
});

// Why the answer takes the same time for any address: the request only queues a job, for every
// address, and sends nothing itself (checked here with a relay slow enough to show). The times
// themselves are bench/password-recovery.mjs's figure, not a wall clock in a test.
describe('password recovery answers in the same time whether the address exists or not', () => {
  it('sends nothing in the request: both answers are the same, and one job each goes to the queue', async () => {
    const realSend = app.t.ctx.mail.send;
    const calls: string[] = [];
    // A slow relay: a request that sent the e-mail itself would take this long for a known address only.
    app.t.ctx.mail.send = async (mail) => {
      calls.push(mail.to);
      await new Promise((r) => setTimeout(r, 1500));
      return realSend(mail);
    };
    try {
      const ask = (email: string) =>
        app.t.app.inject({ method: 'POST', url: '/v2/usuarios/password-recovery', payload: { emailUserRecovery: email } });
      await ask('aquecimento@exemplo.com.br');
      const known = await ask('gerente@demo.local');
      const unknown = await ask('ninguem@exemplo.com.br');
      expect(known.statusCode).toBe(200);
      expect([unknown.statusCode, unknown.body]).toEqual([known.statusCode, known.body]);
      // The slow relay was never called while answering: a known address waited for nothing more.
      expect(calls).toEqual([]);

      const jobs = (await app.t.ctx.boss?.fetch<RecoveryJob>(RECOVERY_QUEUE, { batchSize: 10 })) ?? [];
      expect(jobs.map((j) => j.data.email).sort()).toEqual(['aquecimento@exemplo.com.br', 'gerente@demo.local', 'ninguem@exemplo.com.br']);
      for (const job of jobs) await deliverPasswordRecovery(app.t.ctx, job.data.email);
      expect(calls).toEqual(['gerente@demo.local']);
    } finally {
      app.t.ctx.mail.send = realSend;
    }
  });

  it('the worker delivers the reset link through the queue', async () => {
    await startAuthWorkers(app.t.ctx);
    const res = await app.t.app.inject({
      method: 'POST',
      url: '/v2/usuarios/password-recovery',
      payload: { emailUserRecovery: 'usuario@demo.local' },
    });
    expect(res.statusCode).toBe(200);
    const mail = await waitFor(
      () => sink.messages.find((m) => m.rcptTo.includes('usuario@demo.local')),
      (m) => !!m,
    );
    expect(mail?.parsed.text ?? '').toMatch(/\/reset\/[A-Za-z0-9_-]+/);
  });
});
