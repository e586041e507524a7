import net from 'node:net';
import { RECEIVED_MSG } from '@ar/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSinkApp } from '../../../test/harness.ts';
import { replyWithPdf } from '../../../test/mime.ts';
import { deliverSmtp } from '../../../test/smtp-client.ts';
import { waitFor } from '../../../test/smtp-sink.ts';
import { type InboundServer, startInboundServer } from './inbound.server.ts';

let inbound: InboundServer;
let token: string;
let otherToken: string;
/** Protocol and code of the AR-Emails sent at the start, by recipient. */
const sent: Record<string, { id: string; code: number }> = {};

const MAX_SIZE = 64 * 1024;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const detailOf = async (code: number) => (await app.call('GET', `/emails/send/${code}`, token)).json();

const deliver = (rcpt: string[], data: string | Buffer, from = 'ana@cliente.test', extra: { declareSize?: boolean; port?: number } = {}) =>
  deliverSmtp({ port: extra.port ?? inbound.port, from, rcpt, data, declareSize: extra.declareSize });

const reply = (to: string, opts: { subject?: string; inReplyTo?: string; html?: string; headers?: string } = {}) =>
  [
    'From: "Ana Cliente" <ana@cliente.test>',
    `To: ${to}`,
    `Subject: ${opts.subject ?? 'Re: Notificação extrajudicial'}`,
    'Date: Sat, 21 Nov 2026 14:30:00 -0300',
    `Message-ID: <resp-${Math.random().toString(36).slice(2)}@cliente.test>`,
    ...(opts.inReplyTo ? [`In-Reply-To: ${opts.inReplyTo}`, `References: ${opts.inReplyTo}`] : []),
    ...(opts.headers ? [opts.headers] : []),
    'MIME-Version: 1.0',
    'Content-Type: multipart/alternative; boundary="alt"',
    '',
    '--alt',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Recebi a notificação e vou pagar.',
    '--alt',
    'Content-Type: text/html; charset=utf-8',
    '',
    opts.html ?? '<p>Recebi a notificação e vou pagar.</p>',
    '--alt--',
    '',
  ].join('\n');

const dsn = (to: string, protocol: string, action: 'delivered' | 'failed' | 'delayed', status: string, diagnostic?: string) =>
  [
    'From: Mail Delivery System <MAILER-DAEMON@mx.cliente.test>',
    `To: ${to}`,
    `Subject: ${action === 'failed' ? 'Undelivered Mail Returned to Sender' : 'Successful Mail Delivery Report'}`,
    'Date: Sat, 21 Nov 2026 14:31:00 -0300',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="rep"',
    '',
    '--rep',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    action === 'failed' ? 'Your message could not be delivered.' : 'Your message was delivered.',
    '--rep',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.cliente.test',
    'Arrival-Date: Sat, 21 Nov 2026 14:30:59 -0300',
    '',
    'Final-Recipient: rfc822; destinatario@cliente.test',
    'Original-Recipient: rfc822;destinatario@cliente.test',
    `Action: ${action}`,
    `Status: ${status}`,
    'Remote-MTA: dns; mailbox.cliente.test',
    ...(diagnostic ? [`Diagnostic-Code: smtp; ${diagnostic}`] : []),
    '',
    '--rep',
    'Content-Type: text/rfc822-headers',
    '',
    `Message-ID: <${protocol}@ar.test>`,
    `X-AR-Protocolo: ${protocol}`,
    'Subject: Notificação extrajudicial',
    '',
    '--rep--',
    '',
  ].join('\n');

const { app } = useSinkApp({ startQueue: true });

beforeAll(async () => {
  inbound = await startInboundServer(app.t.ctx, { port: 0, host: '127.0.0.1', limits: { maxSize: MAX_SIZE } });
  token = await app.t.login('usuario@demo.local');
  otherToken = await app.t.login('gerente@demo.local');
  const res = await app.call('POST', '/emails/send', token, {
    destinataires: ['resposta', 'entregue', 'devolvida', 'texto', 'atrasada'].map((n) => ({ to: `${n}@cliente.test`, nameTo: n })),
    nameFrom: 'Cobranca Demo',
    subject: 'Notificação extrajudicial',
    content: '<p>Prezado(a), segue a notificação.</p>',
  });
  expect(res.statusCode).toBe(200);
  for (const e of res.json().emails) sent[e.ema_uni_to.split('@')[0]] = { id: e.ema_uni_id, code: e.ema_uni_codigo };
  // Every message left through the relay before anything answers it.
  await waitFor(
    async () => Promise.all(Object.values(sent).map(async (s) => (await detailOf(s.code)).lastStatus?.email?.type)),
    (types) => types.every((x) => x === 'send'),
  );
});
afterAll(async () => {
  await inbound?.close();
});

describe('inbound SMTP', () => {
  it('advertises SIZE and refuses addresses that are not ours with 550 5.1.1', async () => {
    const conv = await deliver(
      ['alguem@ar.test', `resposta+${crypto.randomUUID()}@ar.test`, `resposta+${sent.resposta.id}@outro.test`],
      reply('x'),
    );
    expect(conv.ehlo?.[0]).toBe(250);
    expect(conv.size).toBe(String(MAX_SIZE));
    expect(conv.rcpt).toEqual([
      [550, '5.1.1 Endereco desconhecido'],
      [550, '5.1.1 Endereco desconhecido'],
      [550, '5.1.1 Endereco desconhecido'],
    ]);
    expect(conv.data).toBeUndefined();
  });

  it('files a reply as a received message of the sender, sanitised, and the original as answered', async () => {
    const to = `resposta+${sent.resposta.id}@ar.test`;
    const html =
      '<p>Recebi <b>a notificação</b>.</p><script>alert(1)</script><img src="https://rastreio.test/pixel.gif">' +
      '<form action="https://phish.test"><input name="senha"></form><a href="https://cliente.test/boleto" onclick="x()">boleto</a>' +
      '<a href="javascript:alert(1)">js</a><style>p{color:red}</style>';
    const raw = reply(to, { html });
    const conv = await deliver([to], raw);
    expect(conv.rcpt).toEqual([[250, 'Accepted']]);
    expect(conv.data?.[0]).toBe(250);
    expect(conv.data?.[1]).toMatch(/^2\.0\.0 Mensagem recebida \(\d+\)$/);

    const list = await app.call('GET', '/emails/received', token);
    expect(list.statusCode).toBe(200);
    const row = list.json().emailsData[0];
    expect(row).toMatchObject({
      from: 'ana@cliente.test',
      nameFrom: 'Ana Cliente',
      to,
      ema_uni_subject: 'Re: Notificação extrajudicial',
      ema_uni_data_criacao: '2026-11-21T17:30:00.000Z',
      hasViewed: false,
      hasAttachments: false,
      ema_uni_cod_email_reply_base: sent.resposta.code,
    });
    expect(list.json().pagination).toMatchObject({ offset: 0, limit: 25, rowCount: 1 });

    const detail = await app.call(
      'GET',
      `/emails/received/${row.ema_uni_codigo}?browser=Chrome&os=Linux&city=Recife&country=BR&lat=-8.05&lng=-34.9`,
      token,
    );
    expect(detail.statusCode).toBe(200);
    const body = detail.json();
    expect(body.hasViewed).toBe(true);
    expect(body.ema_uni_content).toContain('<b>a notificação</b>');
    expect(body.ema_uni_content).toContain(
      '<a href="https://cliente.test/boleto" target="_blank" rel="noopener noreferrer nofollow">boleto</a>',
    );
    for (const bad of ['<script', 'alert(1)', 'rastreio.test', '<form', '<input', 'onclick', 'javascript:', '<style', 'color:red']) {
      expect(body.ema_uni_content).not.toContain(bad);
    }
    expect(body.ema_uni_text).toContain('Recebi a notificação e vou pagar.');
    expect(body.replyBase).toEqual({
      ema_uni_codigo: sent.resposta.code,
      ema_uni_id: sent.resposta.id,
      ema_uni_subject: 'Notificação extrajudicial',
    });

    // Marked read, once, with who and from where; the raw message is kept with its hash.
    const stored = await app.t.ctx.db
      .selectFrom('emails_recebidos')
      .select(['rec_visualizacao', 'rec_data_visualizacao', 'rec_sha256', 'rec_eml_chave', 'rec_tamanho'])
      .where('rec_codigo', '=', row.ema_uni_codigo)
      .executeTakeFirstOrThrow();
    expect(stored.rec_data_visualizacao).not.toBeNull();
    expect(stored.rec_visualizacao).toMatchObject({
      usu_login: 'usuario@demo.local',
      informado: { browser: 'Chrome', city: 'Recife', lat: -8.05 },
    });
    const eml = await app.t.ctx.storage.read(stored.rec_eml_chave);
    expect(eml?.length).toBe(stored.rec_tamanho);
    expect(eml?.toString()).toContain('Recebi a notifica');
    const { createHash } = await import('node:crypto');
    expect(
      createHash('sha256')
        .update(eml as Buffer)
        .digest('hex'),
    ).toBe(stored.rec_sha256);
    expect((await app.call('GET', '/emails/received', token)).json().emailsData[0].hasViewed).toBe(true);

    // The original shows the answer in its history.
    const original = await detailOf(sent.resposta.code);
    expect(original.lastStatus.email.type).toBe('answered');
    expect(original.status.email.map((s: { type: string }) => s.type)).toEqual(['processed', 'send', 'answered']);

    // The same bytes delivered again (a retry after a lost reply) are not filed twice.
    expect((await deliver([to], raw)).data).toEqual([250, '2.0.0 Mensagem ja recebida']);
    expect(await app.t.ctx.db.selectFrom('emails_recebidos').select('rec_codigo').execute()).toHaveLength(1);
    expect((await detailOf(sent.resposta.code)).status.email).toHaveLength(3);
  });

  it('threads a reply to the plain reply address by its In-Reply-To', async () => {
    const conv = await deliver(
      ['resposta@ar.test'],
      reply('resposta@ar.test', { subject: 'Re: sem protocolo no endereço', inReplyTo: `<${sent.resposta.id}@ar.test>` }),
    );
    expect(conv.data?.[0]).toBe(250);
    const search = await app.call('GET', '/emails/received?searchTerm=sem protocolo', token);
    expect(search.json().emailsData.map((r: { ema_uni_cod_email_reply_base: number }) => r.ema_uni_cod_email_reply_base)).toEqual([
      sent.resposta.code,
    ]);
    // Without a reference to a message of ours, the plain address has nothing to file it under.
    const orphan = await deliver(['resposta@ar.test'], reply('resposta@ar.test', { subject: 'Sem referência' }));
    expect(orphan.data).toEqual([550, '5.1.1 Nenhum AR-Email corresponde a esta mensagem']);
  });

  it('stores the attachments of a reply; they download for the owner only, with ?path=', async () => {
    const to = `resposta+${sent.resposta.id}@ar.test`;
    const raw = replyWithPdf({ to, subject: 'Re: comprovante anexo', pdf: PDF });
    const conv = await deliver([to], raw);
    expect(conv.data?.[0]).toBe(250);
    const list = await app.call('GET', '/emails/received?searchTerm=comprovante', token);
    const row = list.json().emailsData[0];
    expect(row.hasAttachments).toBe(true);
    const detail = (await app.call('GET', `/emails/received/${row.ema_uni_codigo}`, token)).json();
    expect(detail.attachments).toHaveLength(1);
    const [a] = detail.attachments;
    expect(a).toMatchObject({ originalFilename: 'comprovante.pdf', mime: 'application/pdf', size: PDF.length });
    expect(a.sha256).toBeUndefined();
    const url = `/email/attachments/${row.ema_uni_codigo}/${a.uuidFilename}?path=${encodeURIComponent(a.pathS3)}`;
    const file = await app.call('GET', url, token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect((await app.call('GET', url, otherToken)).statusCode).toBe(404);
    const wrongPath = `/email/attachments/${row.ema_uni_codigo}/${a.uuidFilename}?path=received/1/x`;
    expect((await app.call('GET', wrongPath, token)).statusCode).toBe(404);
  });

  it('records a delivery report (RFC 3464) as delivered', async () => {
    const to = `retorno+${sent.entregue.id}@ar.test`;
    const conv = await deliver([to], dsn(to, sent.entregue.id, 'delivered', '2.0.0', '250 2.0.0 Ok: queued'), '');
    expect(conv.data).toEqual([250, '2.0.0 Aviso de entrega registrado']);
    const d = await detailOf(sent.entregue.code);
    expect(d.lastStatus.email.type).toBe('delivered');
    const evt = await app.t.ctx.db
      .selectFrom('email_eventos')
      .select('evt_detalhes')
      .where('cod_email', '=', sent.entregue.code)
      .where('evt_tipo', '=', 'delivered')
      .executeTakeFirstOrThrow();
    expect(evt.evt_detalhes).toMatchObject({
      source: 'dsn',
      status: '2.0.0',
      remoteMta: 'mailbox.cliente.test',
      finalRecipient: 'destinatario@cliente.test',
    });
  });

  it('records a bounce as erro with the reason and refunds the message', async () => {
    const before = await app.t.balance('usuario@demo.local');
    const to = `retorno+${sent.devolvida.id}@ar.test`;
    const reason = '550 5.1.1 <destinatario@cliente.test>: Recipient address rejected: User unknown';
    const conv = await deliver([to], dsn(to, sent.devolvida.id, 'failed', '5.1.1', reason), '');
    expect(conv.data?.[0]).toBe(250);
    const d = await detailOf(sent.devolvida.code);
    expect(d.lastStatus.email.type).toBe('erro');
    expect(d.email_error.reasonFailure).toBe(reason);
    expect(await app.t.balance('usuario@demo.local')).toBe(before + 1);

    // A plain-text bounce (no report part) with a 5.x.x code fails its message too.
    const plain = [
      'From: MAILER-DAEMON@mx.cliente.test',
      `To: retorno+${sent.texto.id}@ar.test`,
      'Subject: Delivery Status Notification (Failure)',
      '',
      'This is the mail system at host mx.cliente.test.',
      '',
      '<texto@cliente.test>: host mailbox.cliente.test said: 552 5.2.2 Mailbox full',
      '',
    ].join('\n');
    const conv2 = await deliver([`retorno+${sent.texto.id}@ar.test`], plain, '');
    expect(conv2.data?.[0]).toBe(250);
    const d2 = await detailOf(sent.texto.code);
    expect(d2.lastStatus.email.type).toBe('erro');
    expect(d2.email_error.reasonFailure).toBe('552 5.2.2 Mailbox full');
    expect(await app.t.balance('usuario@demo.local')).toBe(before + 2);

    // 'delayed' is noted, not recorded; anything that is no report is refused.
    const delayed = await deliver(
      [`retorno+${sent.atrasada.id}@ar.test`],
      dsn(`retorno+${sent.atrasada.id}@ar.test`, sent.atrasada.id, 'delayed', '4.4.1'),
      '',
    );
    expect(delayed.data?.[0]).toBe(250);
    expect((await detailOf(sent.atrasada.code)).lastStatus.email.type).toBe('send');
    const notReport = await deliver([`retorno+${sent.atrasada.id}@ar.test`], reply(`retorno+${sent.atrasada.id}@ar.test`));
    expect(notReport.data).toEqual([550, '5.6.0 Mensagem nao reconhecida como aviso de entrega (RFC 3464) ou devolucao']);
  });

  it('refuses malformed and oversized messages with a clear reply and stays up', async () => {
    const to = `resposta+${sent.resposta.id}@ar.test`;
    const nested = `From: a@cliente.test\nTo: ${to}\nSubject: fundo\nContent-Type: multipart/mixed; boundary=a\n\n${'--a\nContent-Type: multipart/mixed; boundary=a\n\n'.repeat(80)}`;
    expect((await deliver([to], nested)).data).toEqual([554, '5.6.0 Mensagem malformada: estrutura MIME ilegivel']);
    expect((await deliver([to], 'isto nao e uma mensagem\r\n\u0000\u0001\u0002')).data).toEqual([
      554,
      '5.6.0 Mensagem malformada: sem cabecalhos',
    ]);
    expect((await deliver([to], `To: ${to}\nSubject: sem remetente\n\ncorpo`)).data).toEqual([
      550,
      '5.6.0 Mensagem malformada: sem remetente (From)',
    ]);

    const big = reply(to) + `${'y'.repeat(76)}\n`.repeat(1200);
    // A client that announces the size is refused at MAIL FROM; one that does not, after DATA.
    const announced = await deliver([to], big, 'ana@cliente.test', { declareSize: true });
    expect(announced.mail?.[0]).toBe(552);
    const unannounced = await deliver([to], big);
    expect(unannounced.data).toEqual([552, `5.3.4 Mensagem excede o tamanho maximo de ${MAX_SIZE} bytes`]);

    // Still listening, and still filing.
    const ok = await deliver([to], reply(to, { subject: 'Re: depois dos recusados' }));
    expect(ok.data?.[0]).toBe(250);
    expect(
      (await app.t.ctx.db.selectFrom('emails_recebidos').select('rec_codigo').where('rec_subject', 'like', '%fundo%').execute()).length,
    ).toBe(0);
    // Seven conversations, each a python3 smtplib process: 30 s was passed with the cores busy.
  }, 90_000);

  it('files a message whose body holds NUL bytes without them: a 250, never a 451 the sender retries', async () => {
    const to = `resposta+${sent.resposta.id}@ar.test`;
    const raw = reply(to, { subject: 'Re: com\u0000 nulo', html: '<p>Pago\u0000 hoje.</p>' }).replace(
      'Recebi a notificação e vou pagar.',
      'Recebi\u0000 a notificação\u0000 e vou pagar.',
    );
    const conv = await deliver([to], raw);
    expect(conv.data?.[0]).toBe(250);
    const row = await app.t.ctx.db
      .selectFrom('emails_recebidos')
      .select(['rec_subject', 'rec_text', 'rec_content', 'rec_eml_chave', 'rec_tamanho'])
      .where('rec_subject', 'like', '%nulo%')
      .executeTakeFirstOrThrow();
    expect(row.rec_subject).toBe('Re: com nulo');
    expect(row.rec_text).toContain('Recebi a notificação e vou pagar.');
    expect(row.rec_content).toContain('Pago hoje.');
    // The evidence is the message as it came: the stored .eml keeps every byte, NULs included.
    const eml = await app.t.ctx.storage.read(row.rec_eml_chave);
    expect(eml?.length).toBe(row.rec_tamanho);
    expect(eml?.includes(0)).toBe(true);
  });

  it('limits messages per minute and connections per address', async () => {
    const limited = await startInboundServer(app.t.ctx, {
      port: 0,
      host: '127.0.0.1',
      limits: { maxMessagesPerIpPerMinute: 1, maxConnectionsPerIp: 1 },
    });
    try {
      const to = `resposta+${sent.resposta.id}@ar.test`;
      expect((await deliver([to], reply(to, { subject: 'Re: limite 1' }), 'ana@cliente.test', { port: limited.port })).data?.[0]).toBe(250);
      const second = await deliver([to], reply(to, { subject: 'Re: limite 2' }), 'ana@cliente.test', { port: limited.port });
      expect(second.mail).toEqual([450, '4.7.1 Muitas mensagens deste endereco; tente novamente mais tarde']);

      // One connection held open: the next one from the same address is turned away.
      const held = net.connect(limited.port, '127.0.0.1');
      await new Promise<void>((resolve) => held.once('data', () => resolve()));
      const refused = await deliver([to], reply(to), 'ana@cliente.test', { port: limited.port });
      expect(refused.connect).toEqual([421, '4.7.0 Muitas conexoes deste endereco; tente novamente mais tarde']);
      held.destroy();
    } finally {
      await limited.close();
    }
  });
});

describe('inbound listener start', () => {
  it('says which setting to change when its port is taken', async () => {
    await expect(startInboundServer(app.t.ctx, { port: inbound.port, host: '127.0.0.1' })).rejects.toThrow(
      `A porta ${inbound.port} do SMTP de entrada (INBOUND_SMTP_PORT) já está em uso; escolha outra, ou 0 para desligar.`,
    );
  });
});

describe('received messages API', () => {
  it('answers 404 for another user, and lists only the user own messages', async () => {
    const mine = (await app.call('GET', '/emails/received', token)).json();
    expect(mine.emailsData.length).toBeGreaterThan(0);
    const id = mine.emailsData[0].ema_uni_codigo;
    const other = await app.call('GET', `/emails/received/${id}`, otherToken);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(RECEIVED_MSG.notFound);
    const otherList = (await app.call('GET', '/emails/received', otherToken)).json();
    expect(otherList.emailsData).toEqual([]);
    expect((await app.call('GET', '/emails/received')).statusCode).toBe(401);
    expect((await app.call('GET', '/emails/received?column=rec_sha256', token)).statusCode).toBe(400);
  });

  it('searches by ID, sender, subject and date dd/mm/aaaa', async () => {
    const get = async (q: string) =>
      (await app.call('GET', `/emails/received?${q}`, token)).json().emailsData as {
        ema_uni_codigo: number;
        ema_uni_subject: string;
      }[];
    const all = await get('');
    expect(all.map((r) => r.ema_uni_codigo)).toEqual([...all.map((r) => r.ema_uni_codigo)].sort((a, b) => b - a));
    const target = all.find((r) => r.ema_uni_subject === 'Re: comprovante anexo');
    expect(target).toBeDefined();
    expect((await get(`searchTerm=${target?.ema_uni_codigo}`)).map((r) => r.ema_uni_codigo)).toContain(target?.ema_uni_codigo);
    expect((await get('searchTerm=ANA%40CLIENTE')).length).toBe(all.length);
    expect((await get('searchTerm=Ana%20Cliente')).length).toBe(all.length);
    expect((await get('searchTerm=comprovante')).map((r) => r.ema_uni_subject)).toEqual(['Re: comprovante anexo']);
    expect((await get('searchTerm=nada-assim')).length).toBe(0);
    // 21/11/2026 is the Date header of the replies built here (14:30 in Brasília).
    expect((await get('searchTerm=21/11/2026')).length).toBeGreaterThan(0);
    expect((await get('searchTerm=01/01/2001')).length).toBe(0);
    const page = (await app.call('GET', '/emails/received?limit=1&offset=1', token)).json();
    expect(page.pagination).toMatchObject({ offset: 1, limit: 1, rowCount: all.length, pageCount: all.length });
  });

  it('sends a reply tied to the received message of the same user only', async () => {
    const [received] = (await app.call('GET', '/emails/received', token)).json().emailsData;
    const payload = (over: Record<string, unknown>) => ({
      destinataires: [{ to: 'ana@cliente.test', nameTo: 'Ana' }],
      nameFrom: 'Cobranca Demo',
      subject: `Re: ${received.ema_uni_subject}`,
      content: '<p>Obrigado pela resposta.</p>',
      ...over,
    });
    const send = (tok: string, over: Record<string, unknown>) => app.call('POST', '/emails/send', tok, payload(over));

    expect((await send(otherToken, { codEmailReply: received.ema_uni_codigo })).statusCode).toBe(404);
    const mismatch = await send(token, { codEmailReply: received.ema_uni_codigo, codEmailReplyBase: sent.entregue.code });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(RECEIVED_MSG.replyBaseMismatch);
    expect((await send(otherToken, { codEmailReplyBase: sent.resposta.code })).statusCode).toBe(404);

    const ok = await send(token, { codEmailReply: received.ema_uni_codigo });
    expect(ok.statusCode).toBe(200);
    const row = await app.t.ctx.db
      .selectFrom('emails')
      .select(['ema_uni_origem', 'ema_uni_cod_email_reply', 'ema_uni_cod_email_reply_base'])
      .where('ema_uni_codigo', '=', ok.json().emails[0].ema_uni_codigo)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      ema_uni_origem: 'resposta',
      ema_uni_cod_email_reply: received.ema_uni_codigo,
      ema_uni_cod_email_reply_base: received.ema_uni_cod_email_reply_base,
    });
  });
});
