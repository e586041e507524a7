import { EMAIL_MSG } from '@ar/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSinkApp } from '../../../test/harness.ts';
import { waitFor } from '../../../test/smtp-sink.ts';

let token: string;
let otherToken: string;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const compose = (over: Record<string, unknown> = {}) => ({
  destinataires: [
    { to: 'ana@cliente.test', nameTo: 'Ana' },
    { to: 'bruno@cliente.test', nameTo: 'Bruno Albuquerque Neto' },
  ],
  nameFrom: 'Cobranca Demo',
  subject: 'Notificação extrajudicial',
  content: '<p>Prezado(a), veja <a href="https://www.exemplo.test/contrato">o contrato</a>.</p><script>alert(1)</script>',
  ...over,
});

const { app, sink } = useSinkApp({ startQueue: true });

beforeAll(async () => {
  token = await app.t.login('usuario@demo.local');
  otherToken = await app.t.login('gerente@demo.local');
});

describe('POST /v2/emails/send', () => {
  it('sends one registered message per recipient through SMTP, with attachment, tracking and protocol', async () => {
    const up = await app.t.upload(token, [{ name: 'contrato.pdf', data: PDF }]);
    expect(up.statusCode).toBe(200);
    const [attachment] = up.json();
    expect(attachment).toMatchObject({ originalFilename: 'contrato.pdf', mime: 'application/pdf' });

    const before = await app.t.balance('usuario@demo.local');
    const res = await app.t.send(token, compose({ attachments: [attachment.uuidFilename] }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(EMAIL_MSG.sent('AR Online'));
    expect(body.emails).toHaveLength(2);

    const arrived = await waitFor(
      () => sink.messages.filter((m) => m.rcptTo[0]?.endsWith('@cliente.test')),
      (m) => m.length === 2,
    );
    const ana = arrived.find((m) => m.rcptTo[0] === 'ana@cliente.test');
    const id = body.emails.find((e: { ema_uni_to: string }) => e.ema_uni_to === 'ana@cliente.test').ema_uni_id;
    expect(ana?.parsed.subject).toBe('Notificação extrajudicial');
    expect(ana?.parsed.messageId).toBe(`<${id}@ar.test>`);
    expect(ana?.envelopeFrom).toBe(`retorno+${id}@ar.test`);
    expect(ana?.parsed.replyTo?.[0]?.address).toBe(`resposta+${id}@ar.test`);
    expect(ana?.parsed.attachments.map((a) => a.filename)).toEqual(['contrato.pdf']);
    const html = ana?.parsed.html ?? '';
    expect(html).toContain(`/v2/emails/info/public/${id}/track-email/pixel.gif`);
    expect(html).toMatch(/emails\/info\/public\/track-link-externo\/[0-9a-f-]{36}/);
    expect(html).not.toContain('https://www.exemplo.test/contrato');
    expect(html).not.toContain('<script');
    expect(html).toContain(`/emails/info/public/${id}?email=1`);

    // Recorded: processed then send, with the relay's answer.
    const detail = await waitFor(
      async () => (await app.call('GET', `/emails/send/${body.emails[0].ema_uni_codigo}`, token)).json(),
      (d) => d.lastStatus?.email?.type === 'send',
    );
    expect(detail.status.email.map((s: { type: string }) => s.type)).toEqual(['processed', 'send']);
    expect(detail.hasAttachments).toBe(true);
    expect(detail.ema_uni_content).not.toContain('<script');

    // The attachment downloads for its sender, and nobody else.
    const file = await app.call('GET', `/email/attachments/${detail.ema_uni_codigo}/${attachment.uuidFilename}`, token);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['content-disposition']).toContain('contrato.pdf');
    const stolen = await app.call('GET', `/email/attachments/${detail.ema_uni_codigo}/${attachment.uuidFilename}`, otherToken);
    expect(stolen.statusCode).toBe(404);

    // Two recipients cost two credits.
    expect(await app.t.balance('usuario@demo.local')).toBe(before - 2);
  });

  it('ends a message refused by the recipient server in erro with the reason, and refunds it', async () => {
    const before = await app.t.balance('usuario@demo.local');
    const res = await app.t.send(token, compose({ destinataires: [{ to: 'rejeita@cliente.test', nameTo: 'Rejeita' }] }));
    expect(res.statusCode).toBe(200);
    const id = res.json().emails[0].ema_uni_codigo;
    const detail = await waitFor(
      async () => (await app.call('GET', `/emails/send/${id}`, token)).json(),
      (d) => d.lastStatus?.email?.type === 'erro',
    );
    expect(detail.email_error.reasonFailure).toContain('550');
    expect(detail.lastStatus.email.label).toBe('Falha no Envio/Entrega');
    const ledger = await app.t.ctx.db
      .selectFrom('plano_movimentos')
      .select(['mov_tipo', 'mov_referencia'])
      .where('mov_tipo', '=', 'estorno')
      .execute();
    expect(ledger.length).toBe(1);
    expect(await app.t.balance('usuario@demo.local')).toBe(before);
  });

  it('refuses bad payloads with the spec messages and stores nothing', async () => {
    const count = async () =>
      (
        await app.t.ctx.db
          .selectFrom('emails')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ destinataires: Array.from({ length: 11 }, (_, i) => ({ to: `p${i}@x.test`, nameTo: `P${i}` })) }, EMAIL_MSG.maxRecipients],
      [
        {
          destinataires: [
            { to: 'a@x.test', nameTo: 'A' },
            { to: 'A@x.test', nameTo: 'B' },
          ],
        },
        EMAIL_MSG.duplicateRecipient,
      ],
      [{ destinataires: [{ to: 'nao-e-email', nameTo: 'A' }] }, EMAIL_MSG.recipientEmailInvalid],
      [{ subject: '' }, EMAIL_MSG.subjectRequired],
      [{ subject: 'x'.repeat(181) }, EMAIL_MSG.subjectTooLong],
      [{ content: '<p> </p>' }, EMAIL_MSG.contentRequired],
      [{ nameFrom: 'Empresa & Cia' }, 'Não é permitido caracteres especiais neste campo!'],
      [{ attachments: ['00000000-0000-4000-8000-000000000000'] }, 'Anexo não encontrado. Envie o arquivo novamente.'],
    ];
    for (const [over, message] of cases) {
      const res = await app.t.send(token, compose(over));
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await count()).toBe(before);
  });

  it('refuses an attachment whose content is not its declared type', async () => {
    const res = await app.t.upload(token, [{ name: 'fatura.pdf', data: Buffer.from('MZ\x90\x00 not a pdf') }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Tipo de Arquivos não permitido: fatura.pdf. O conteúdo do arquivo não corresponde à sua extensão. ' +
        'Tipos aceitos: PNG, JPG, JPEG, GIF, DOC, DOCX, XLS, XLSX, PDF e ZIP.',
    );
    const exe = await app.t.upload(token, [{ name: 'programa.exe', data: Buffer.from('MZ\x90\x00') }]);
    expect(exe.statusCode).toBe(400);
    expect(exe.json().message).toBe(
      'Tipo de Arquivos não permitido: programa.exe. Tipos aceitos: PNG, JPG, JPEG, GIF, DOC, DOCX, XLS, XLSX, PDF e ZIP.',
    );
  });
});

describe('sent list and detail', () => {
  it('lists the user messages newest first, searches, and hides other users messages', async () => {
    const list = await app.call('GET', '/emails/send?limit=25&offset=0', token);
    expect(list.statusCode).toBe(200);
    const { emails, pagination } = list.json();
    expect(pagination.rowCount).toBe(3);
    expect(emails[0].ema_uni_to).toBe('rejeita@cliente.test');
    const search = await app.call('GET', '/emails/send?searchTerm=BRUNO', token);
    expect(search.json().emails.map((e: { ema_uni_to: string }) => e.ema_uni_to)).toEqual(['bruno@cliente.test']);
    const byStatus = await app.call('GET', `/emails/send?searchStatus=${encodeURIComponent(JSON.stringify({ email: ['erro'] }))}`, token);
    expect(byStatus.json().pagination.rowCount).toBe(1);
    const other = await app.call('GET', '/emails/send', otherToken);
    expect(other.json().pagination.rowCount).toBe(0);
    const detail = await app.call('GET', `/emails/send/${emails[0].ema_uni_codigo}`, otherToken);
    expect(detail.statusCode).toBe(404);
    expect((await app.call('GET', '/emails/send?column=senha', token)).statusCode).toBe(400);

    // Tags: the owner adds its own; another user's message or tag answers 404 or 400 and changes nothing.
    const id = emails[0].ema_uni_codigo;
    const mine = (await app.call('POST', '/etiquetas', token, { eti_nome: 'Urgente', eti_cor: '#c92a2a' })).json().etiqueta;
    const theirs = (await app.call('POST', '/etiquetas', otherToken, { eti_nome: 'Outra', eti_cor: '#1971c2' })).json().etiqueta;
    const tagUrl = `/emails/send/${id}/etiquetas`;
    expect((await app.call('POST', tagUrl, otherToken, [theirs.eti_codigo])).statusCode).toBe(404);
    const foreign = await app.call('POST', tagUrl, token, [theirs.eti_codigo]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('Etiqueta não encontrada.');
    const added = await app.call('POST', tagUrl, token, [mine.eti_codigo]);
    expect(added.json().map((tg: { eti_nome: string }) => tg.eti_nome)).toEqual(['Urgente']);
    expect((await app.call('DELETE', `${tagUrl}/${mine.eti_codigo}`, otherToken)).statusCode).toBe(404);
    expect((await app.call('DELETE', `${tagUrl}/${mine.eti_codigo}`, token)).statusCode).toBe(200);
    expect((await app.call('DELETE', `${tagUrl}/${mine.eti_codigo}`, token)).statusCode).toBe(404);
    expect((await app.call('GET', '/emails/send')).statusCode).toBe(401);
  });
});
