import { RECEIVED_MSG } from '@ar/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { notFoundForOthers, useTestApp } from '../../../test/harness.ts';
import { replyWithPdf } from '../../../test/mime.ts';
import { mailDomain } from '../emails/send.worker.ts';
import { replyAddress } from './addresses.ts';
import { fileInboundMessage } from './inbound.service.ts';

// Received mail is its recipient's own rows (docs/architecture.md, tenant scope): no other user
// reaches a received message by id — not the manager of its entity, not the administrator of its
// company, not a user of another entity — and opening it (which marks it read) or answering it
// by id does nothing for them.

// Queue running, no workers: the reply is filed straight through the inbound service.
const app = useTestApp({}, { startQueue: true, startWorkers: false });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const OTHERS = ['gerente@demo.local', 'admin@demo.local', 'pos@demo.local'];

let owner: string;
let received: { ema_uni_codigo: number; uuidFilename: string; pathS3: string };

beforeAll(async () => {
  owner = await app.t.login('usuario@demo.local');
  const sent = await app.call('POST', '/emails/send', owner, {
    destinataires: [{ to: 'ana@cliente.test', nameTo: 'Ana' }],
    nameFrom: 'Cobranca Demo',
    subject: 'Notificação extrajudicial',
    content: '<p>Prezada Ana.</p>',
  });
  expect(sent.statusCode).toBe(200);
  const rcpt = replyAddress(sent.json().emails[0].ema_uni_id, mailDomain(app.t.ctx.config.mailFrom));
  const raw = replyWithPdf({
    to: rcpt,
    subject: 'Re: Notificação extrajudicial',
    headers: ['Date: Sat, 21 Nov 2026 14:30:00 -0300', 'Message-ID: <resposta-reservada@cliente.test>'],
    pdf: PDF,
    newline: '\r\n',
  });
  const answer = await fileInboundMessage(app.t.ctx, Buffer.from(raw), {
    mailFrom: 'ana@cliente.test',
    rcptTo: [rcpt],
    remoteAddress: '127.0.0.1',
  });
  expect(answer).toMatch(/^2\.0\.0 Mensagem recebida/);
  const row = await app.t.ctx.db
    .selectFrom('emails_recebidos')
    .select(['rec_codigo', 'rec_attachments'])
    .where('rec_message_id', '=', '<resposta-reservada@cliente.test>')
    .executeTakeFirstOrThrow();
  const [a] = row.rec_attachments.attachments;
  received = { ema_uni_codigo: row.rec_codigo, uuidFilename: a?.uuidFilename ?? '', pathS3: a?.pathS3 ?? '' };
});

const viewedAt = async () =>
  (
    await app.t.ctx.db
      .selectFrom('emails_recebidos')
      .select('rec_data_visualizacao')
      .where('rec_codigo', '=', received.ema_uni_codigo)
      .executeTakeFirstOrThrow()
  ).rec_data_visualizacao;

describe("another user's received message", () => {
  it.each(OTHERS)('answers 404 to %s on every id route, and what it does by id changes nothing', async (login) => {
    const other = await app.as(login);
    const { ema_uni_codigo: id, uuidFilename, pathS3 } = received;
    const leaks = await notFoundForOthers(app, other, [
      ['GET', `/emails/received/${id}`],
      ['GET', `/email/attachments/${id}/${uuidFilename}?path=${encodeURIComponent(pathS3)}`],
      [
        'POST',
        '/emails/send',
        {
          destinataires: [{ to: 'ana@cliente.test', nameTo: 'Ana' }],
          nameFrom: 'Outro',
          subject: 'Re',
          content: '<p>x</p>',
          codEmailReply: id,
        },
      ],
    ]);
    expect(leaks).toEqual([]);
    expect((await app.call('GET', `/emails/received/${id}`, other)).json().message).toBe(RECEIVED_MSG.notFound);

    // Not in its list, even searched by its ID; still unread; no reply was stored.
    const list = (await app.call('GET', `/emails/received?searchTerm=${id}`, other)).json();
    expect(list.emailsData).toEqual([]);
    expect(await viewedAt()).toBeNull();
    const replies = await app.t.ctx.db.selectFrom('emails').select('ema_uni_codigo').where('ema_uni_cod_email_reply', '=', id).execute();
    expect(replies).toEqual([]);
  });

  it('still answers its owner, and its first opening marks it read', async () => {
    const { ema_uni_codigo: id, uuidFilename, pathS3 } = received;
    const detail = await app.call('GET', `/emails/received/${id}`, owner);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ ema_uni_codigo: id, hasViewed: true, attachments: [{ originalFilename: 'comprovante.pdf' }] });
    expect(await viewedAt()).not.toBeNull();
    const file = await app.call('GET', `/email/attachments/${id}/${uuidFilename}?path=${encodeURIComponent(pathS3)}`, owner);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });
});
