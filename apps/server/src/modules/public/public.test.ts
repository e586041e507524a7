import { PUBLIC_MSG } from '@ar/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestApp, useSinkApp } from '../../../test/harness.ts';
import { waitFor } from '../../../test/smtp-sink.ts';
import { checkChain } from '../evidence/chain-check.ts';

const { app } = useSinkApp({ startQueue: true });
let t: TestApp;
let uuid: string;
let code: number;
let attachmentUuid: string;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const get = (url: string, ua = BROWSER) => t.app.inject({ method: 'GET', url, headers: { 'user-agent': ua } });
const statusOf = async () =>
  (await t.ctx.db.selectFrom('emails').select('ema_status_email').where('ema_uni_codigo', '=', code).executeTakeFirstOrThrow())
    .ema_status_email;
const events = () =>
  t.ctx.db
    .selectFrom('email_eventos')
    .select(['evt_tipo', 'evt_detalhes', 'evt_ip', 'evt_user_agent'])
    .where('cod_email', '=', code)
    .orderBy('evt_seq')
    .execute();

beforeAll(async () => {
  t = app.t;
  await t.ctx.db.updateTable('usuarios').set({ usu_validacao_notificacao: true }).where('usu_login', '=', 'usuario@demo.local').execute();
  const token = await t.login('usuario@demo.local');
  const up = await t.upload(token, [{ name: 'contrato.pdf', data: PDF }]);
  attachmentUuid = up.json()[0].uuidFilename;
  const sent = await t.send(token, {
    destinataires: [{ to: 'ana@cliente.test', nameTo: 'Ana', validacaoNotif: { pergunta: 'Cidade onde nasceu?', resposta: 'São Paulo' } }],
    nameFrom: 'Cobranca Demo',
    subject: 'Notificação extrajudicial',
    content: '<p>Veja <a href="https://www.exemplo.test/contrato">o contrato</a> e <a href="www.exemplo.test/anexo">o anexo</a>.</p>',
    attachments: [attachmentUuid],
  });
  expect(sent.statusCode).toBe(200);
  ({ ema_uni_id: uuid, ema_uni_codigo: code } = sent.json().emails[0]);
  await waitFor(statusOf, (s) => s === 'send');
});

afterAll(() => {
  vi.useRealTimers();
});

describe('public recipient pages', () => {
  it('answers the spec message for an unknown message', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nao-e-uuid']) {
      const res = await get(`/v2/emails/info/public/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(PUBLIC_MSG.notFound);
    }
  });

  it('asks the security question, refuses a wrong answer, and shows the message for the right one', async () => {
    let res = await get(`/v2/emails/info/public/${uuid}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('not verify: Cidade onde nasceu?');
    res = await get(`/v2/emails/info/public/${uuid}?verify=Rio`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: 'not verify: Cidade onde nasceu?', erro: PUBLIC_MSG.invalidAnswer });
    // Case, accents and spaces do not matter.
    res = await get(`/v2/emails/info/public/${uuid}?verify=${encodeURIComponent('  sao PAULO ')}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      codeEmail: uuid,
      protocolo: code,
      subject: 'Notificação extrajudicial',
      remetente: 'Cobranca Demo',
      destinatario: 'ana@cliente.test',
      emailResultSendStatus: 'sucesso',
      attachments: [{ originalFilename: 'contrato.pdf', uuidFilename: attachmentUuid, track: { date: null } }],
    });
    expect(body.dataEnviada).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(body.detalhesEnvioEntrega.hashAssinado).toMatch(/^[0-9a-f]{64}$/);
    expect(body.detalhesEnvioEntrega.trilhaAuditoria.join('\n')).toContain('entregue ao servidor de e-mail do destinatário');
    expect(body.detalhesLeitura).toBeNull();
  });

  it('records an image proxy or a program as such, without turning the message read', async () => {
    const gif = await get(`/v2/emails/info/public/${uuid}/track-email/pixel.gif`, 'Mozilla/5.0 (via ggpht.com GoogleImageProxy)');
    expect(gif.statusCode).toBe(200);
    expect(gif.headers['content-type']).toBe('image/gif');
    expect(gif.headers['cache-control']).toContain('no-store');
    // A prober learns nothing: an unknown message gets the same image.
    expect((await get('/v2/emails/info/public/00000000-0000-4000-8000-000000000000/track-email/pixel.gif')).statusCode).toBe(200);
    await get(`/v2/emails/info/public/${uuid}/track-email/leitura?verify=sao%20paulo`, 'curl/8.5.0');
    expect(await statusOf()).toBe('send');
    const recorded = (await events()).filter((e) => ['track', 'read'].includes(e.evt_tipo));
    expect(recorded.map((e) => (e.evt_detalhes as { classificacao: string }).classificacao)).toEqual(['proxy-de-imagens', 'automatico']);
  });

  it('records a person reading, clicking, downloading and accepting, each in the chain', async () => {
    // A person opens the message minutes after it arrived.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60_000);
    const read = await get(`/v2/emails/info/public/${uuid}/track-email/leitura?verify=sao%20paulo`);
    expect(read.json()).toMatchObject({ registrado: true, classificacao: 'pessoa' });
    expect(await statusOf()).toBe('read');
    expect((await get(`/v2/emails/info/public/${uuid}/track-email/leitura`)).statusCode).toBe(403);

    const [link] = await t.ctx.db.selectFrom('email_links').select('lnk_uuid').where('cod_email', '=', code).orderBy('lnk_url').execute();
    const resolved = await get(`/v2/emails/info/public/track-conteudo-link-externo/${link?.lnk_uuid}?url=https://malicioso.test`);
    // The address the message contained, whatever the query says, and its host for the page to show.
    expect(resolved.json()).toEqual({ url: 'https://www.exemplo.test/contrato', host: 'www.exemplo.test' });
    const links = await t.ctx.db.selectFrom('email_links').select(['lnk_uuid', 'lnk_url']).where('cod_email', '=', code).execute();
    const bare = links.find((l) => l.lnk_url === 'www.exemplo.test/anexo');
    expect((await get(`/v2/emails/info/public/track-conteudo-link-externo/${bare?.lnk_uuid}`)).json()).toEqual({
      url: 'http://www.exemplo.test/anexo',
      host: 'www.exemplo.test',
    });
    expect((await get('/v2/emails/info/public/track-conteudo-link-externo/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    let file = await get(`/v2/email/public/attachments/${attachmentUuid}`);
    expect(file.statusCode).toBe(403);
    expect(file.json().message).toBe(PUBLIC_MSG.mustVerify);
    file = await get(`/v2/email/public/attachments/${attachmentUuid}?verify=Rio`);
    expect(file.json().message).toBe(PUBLIC_MSG.invalidAnswer);
    file = await get(`/v2/email/public/attachments/${attachmentUuid}?verify=S%C3%A3o%20Paulo`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['content-disposition']).toContain('contrato.pdf');

    const accepted = await get(`/v2/emails/info/public/${uuid}/track-accept-email/aceite?verify=sao%20paulo`);
    expect(accepted.json()).toEqual({ message: PUBLIC_MSG.accepted });
    expect(await statusOf()).toBe('acknowledged');
    // A read after the acceptance does not move the status back.
    await get(`/v2/emails/info/public/${uuid}/track-email/leitura?verify=sao%20paulo`);
    expect(await statusOf()).toBe('acknowledged');

    const detail = (await get(`/v2/emails/info/public/${uuid}?verify=sao%20paulo`)).json();
    expect(detail.aceito).toBe(true);
    expect(detail.attachments[0].track.date).not.toBeNull();
    expect(detail.detalhesLeitura.trilhaLeitura.join('\n')).toMatch(/link acessado: https:\/\/www\.exemplo\.test\/contrato/);
    expect(detail.detalhesLeitura.trilhaLeitura.join('\n')).toMatch(/anexo baixado: contrato\.pdf/);
    // Each status reached once, the current one last (the clicks and the download are in the trails and the tracking tab).
    expect(detail.statusFull.email.map((s: { type: string }) => s.type)).toEqual(['processed', 'send', 'read', 'acknowledged']);
    const chain = await checkChain(t.ctx.db, code);
    expect(chain?.isIntact).toBe(true);
    const last = (await events()).at(-1);
    expect(last?.evt_user_agent).toBe(BROWSER);
    vi.useRealTimers();
  });

  it('tracks only the http and https links of a message, and refuses any other stored scheme without recording a click', async () => {
    // What the composer wrote: only the web addresses become tracked links.
    const links = await t.ctx.db.selectFrom('email_links').select('lnk_url').where('cod_email', '=', code).orderBy('lnk_url').execute();
    expect(links.map((l) => l.lnk_url)).toEqual(['https://www.exemplo.test/contrato', 'www.exemplo.test/anexo']);
    // Rows written some other way (older data, a future channel): refused at the redirect all the same.
    const stored = [
      'javascript://%0aalert(document.domain)',
      'JavaScript://x/%0aalert(1)',
      'data://text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'ftp://arquivos.exemplo.test/a.pdf',
      'http://exa mple.test/',
    ];
    const rows = await t.ctx.db
      .insertInto('email_links')
      .values(stored.map((lnk_url) => ({ cod_email: code, lnk_url })))
      .returning(['lnk_uuid', 'lnk_url'])
      .execute();
    const clicks = async () => (await events()).filter((e) => e.evt_tipo === 'click').length;
    const before = await clicks();
    for (const row of rows) {
      const res = await get(`/v2/emails/info/public/track-conteudo-link-externo/${row.lnk_uuid}`);
      expect(res.statusCode, row.lnk_url).toBe(400);
      expect(res.json(), row.lnk_url).toEqual({ message: PUBLIC_MSG.linkRefused });
    }
    expect(await clicks()).toBe(before);
    // A link whose text hides its host: the host shown is the real one.
    const [tricky] = await t.ctx.db
      .insertInto('email_links')
      .values({ cod_email: code, lnk_url: 'https://www.banco.test@golpe.test/login' })
      .returning('lnk_uuid')
      .execute();
    expect((await get(`/v2/emails/info/public/track-conteudo-link-externo/${tricky?.lnk_uuid}`)).json()).toEqual({
      url: 'https://www.banco.test@golpe.test/login',
      host: 'golpe.test',
    });
  });

  it('stops answering after too many wrong answers to the message', async () => {
    let res = await get(`/v2/emails/info/public/${uuid}?verify=errada`);
    for (let i = 0; i < 12 && res.statusCode !== 429; i++) res = await get(`/v2/emails/info/public/${uuid}?verify=errada`);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(PUBLIC_MSG.tooManyAnswers);
  });
});

describe('contracts of the public JSON answers', () => {
  it('documents a response schema for every JSON route of the public pages, the stamp validator and the status calls', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v2/docs' })).json();
    const json = (path: string, method: string) => doc.paths[path]?.[method]?.responses['200'].content?.['application/json']?.schema;
    for (const [path, method] of [
      ['/v2/emails/info/public/{uuid}', 'get'],
      ['/v2/emails/info/public/{uuid}/track-email/{x}', 'get'],
      ['/v2/emails/info/public/{uuid}/track-accept-email/{x}', 'get'],
      ['/v2/emails/info/public/track-conteudo-link-externo/{lnk}', 'get'],
      ['/v2/emails/validar-carimbo', 'post'],
      ['/v2/emails/validar-carimbo/{token}', 'get'],
      ['/v2/status-connectivity', 'get'],
      ['/v2/config', 'get'],
      ['/v2/client-errors', 'post'],
    ]) {
      expect(json(path, method), `${method} ${path}`).toMatchObject({ type: 'object' });
    }
    // The files keep none: the attachment, the TSA's answer and certificate.
    expect(json('/v2/email/public/attachments/{uuid}', 'get')).toBeUndefined();
    expect(json('/v2/tsa', 'post')).toBeUndefined();
  });
});
