import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';

const app = useTestApp();
const get = (url: string) => app.t.app.inject({ method: 'GET', url });

describe('/dev/mailbox (embedded mode, no SMTP_URL)', () => {
  it('lists the captured messages, shows one, and serves its source; an unknown or malformed id is a 404', async () => {
    expect((await get('/dev/mailbox')).body).toContain('Nenhuma mensagem enviada ainda.');
    await app.call('POST', '/usuarios/password-recovery', {}, { emailUserRecovery: 'usuario@demo.local' });
    const [mail] = await app.t.ctx.db.selectFrom('caixa_saida').select(['cai_codigo', 'cai_subject']).execute();

    const list = await get('/dev/mailbox');
    expect(list.headers['content-type']).toContain('text/html');
    expect(list.body).toContain(`href="/dev/mailbox/${mail.cai_codigo}"`);
    expect(list.body).toContain('usuario@demo.local');

    const one = await get(`/dev/mailbox/${mail.cai_codigo}`);
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain('<span id="subject">');
    expect(one.body).toContain('srcdoc="');
    expect(one.body).toContain(`/dev/mailbox/${mail.cai_codigo}/raw`);

    const raw = await get(`/dev/mailbox/${mail.cai_codigo}/raw`);
    expect(raw.headers['content-type']).toContain('message/rfc822');
    expect(raw.headers['content-disposition']).toBe(`attachment; filename="mensagem-${mail.cai_codigo}.eml"`);
    expect(raw.body).toContain('usuario@demo.local');

    for (const url of ['/dev/mailbox/999999', '/dev/mailbox/abc', '/dev/mailbox/0']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('Mensagem não encontrada.');
    }
    expect((await get('/dev/mailbox/abc/raw')).statusCode).toBe(404);
    expect((await get('/dev/mailbox/999999/raw')).json()).toEqual({ message: 'Mensagem não encontrada.' });
  });
});
