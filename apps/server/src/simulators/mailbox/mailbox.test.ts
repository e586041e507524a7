import { describe, expect, it } from 'vitest';
import { devSession } from '../../../test/dev-session.ts';
import { useTestApp } from '../../../test/harness.ts';
import { createTenants } from '../../../test/tenants.ts';

const app = useTestApp();

describe('/dev/mailbox (demo mode, no SMTP_URL)', () => {
  it('lists the captured messages, shows one, and serves its source; an unknown or malformed id is a 404', async () => {
    const admin = await devSession(app.t, 'admin@demo.local');
    expect((await admin.page('/dev/mailbox')).body).toContain('Nenhuma mensagem enviada ainda.');
    await app.call('POST', '/usuarios/password-recovery', {}, { emailUserRecovery: 'usuario@demo.local' });
    const [mail] = await app.t.ctx.db.selectFrom('caixa_saida').select(['cai_codigo', 'cai_subject', 'cai_cod_usu']).execute();
    expect(mail?.cai_cod_usu).not.toBeNull();
    const code = mail?.cai_codigo as number;

    // The administrator sees the mail of a user of its tenant.
    const list = await admin.page('/dev/mailbox');
    expect(list.headers['content-type']).toContain('text/html');
    expect(list.body).toContain(`href="/dev/mailbox/${code}"`);
    expect(list.body).toContain('usuario@demo.local');

    const one = await admin.page(`/dev/mailbox/${code}`);
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain('<span id="subject">');
    expect(one.body).toContain('srcdoc="');
    expect(one.body).toContain(`/dev/mailbox/${code}/raw`);

    const raw = await admin.page(`/dev/mailbox/${code}/raw`);
    expect(raw.headers['content-type']).toContain('message/rfc822');
    expect(raw.headers['content-disposition']).toBe(`attachment; filename="mensagem-${code}.eml"`);
    expect(raw.body).toContain('usuario@demo.local');

    for (const url of ['/dev/mailbox/999999', '/dev/mailbox/abc', '/dev/mailbox/0']) {
      const res = await admin.page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('Mensagem não encontrada.');
    }
    expect((await admin.page('/dev/mailbox/abc/raw')).statusCode).toBe(404);
    expect((await admin.page('/dev/mailbox/999999/raw')).json()).toEqual({ message: 'Mensagem não encontrada.' });
  });

  it("shows nobody the mail without a session, and each user only its tenant's mail and its own", async () => {
    await app.call('POST', '/usuarios/password-recovery', {}, { emailUserRecovery: 'gerente@demo.local' });
    const mail = await app.t.ctx.db
      .selectFrom('caixa_saida')
      .select('cai_codigo')
      .where('cai_to', 'like', '%gerente@demo.local%')
      .executeTakeFirstOrThrow();
    // Anonymous: the reset link that would take the account over is not shown (401), not even its list.
    for (const url of ['/dev/mailbox', `/dev/mailbox/${mail.cai_codigo}`, `/dev/mailbox/${mail.cai_codigo}/raw`]) {
      const res = await app.t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.body).not.toContain('gerente@demo.local');
      expect(res.body).not.toContain('/reset/');
    }
    // A bogus cookie is no session.
    const bogus = await app.t.app.inject({
      method: 'GET',
      url: '/dev/mailbox',
      headers: { cookie: 'ar_sessao=abcdefghijklmnopqrstuvwxyz' },
    });
    expect(bogus.statusCode).toBe(401);

    // Another tenant's administrator: neither in its list nor by its id.
    await createTenants(app.t.ctx.db);
    const other = await devSession(app.t, 'admin@outra.local');
    expect((await other.page('/dev/mailbox')).body).not.toContain('gerente@demo.local');
    expect((await other.page(`/dev/mailbox/${mail.cai_codigo}`)).statusCode).toBe(404);
    expect((await other.page(`/dev/mailbox/${mail.cai_codigo}/raw`)).statusCode).toBe(404);

    // A user of the same tenant below the manager does not see the manager's mail; the manager sees its own.
    const usuario = await devSession(app.t, 'usuario@demo.local');
    expect((await usuario.page(`/dev/mailbox/${mail.cai_codigo}`)).statusCode).toBe(404);
    const gerente = await devSession(app.t, 'gerente@demo.local');
    expect((await gerente.page(`/dev/mailbox/${mail.cai_codigo}`)).statusCode).toBe(200);
  });
});
