import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { createMailService, type MailService } from './mail.service.ts';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.close();
});

/** A mail service on SMTP_URL (the sink's unless given), closed after `use`. */
async function withMail(use: (mail: MailService) => Promise<void>, smtpUrl = sink.url): Promise<void> {
  const mail = createMailService({ smtpUrl, from: 'AR Online <nao-responda@ar.test>', db: null as never });
  try {
    await use(mail);
  } finally {
    mail.close();
  }
}

describe('mail service (SMTP_URL)', () => {
  it('reuses pooled connections instead of opening one per message', async () => {
    await withMail(async (mail) => {
      expect(mail.mode).toBe('smtp');
      for (let i = 0; i < 4; i++) {
        const sent = await mail.send({ to: `pool${i}@cliente.test`, subject: `Pool ${i}`, html: '<p>Olá</p>', text: 'Olá' });
        expect(sent.response).toMatch(/^250 /);
      }
      await Promise.all(
        Array.from({ length: 6 }, (_, i) => mail.send({ to: `lote${i}@cliente.test`, subject: 'Lote', html: '<p>Olá</p>', text: 'Olá' })),
      );
      expect(sink.messages).toHaveLength(10);
      // One connection for the four in a row; at most the pool's five for all of them.
      expect(sink.stats.connections).toBeLessThanOrEqual(5);
    });
  });
});

describe('mail service refusals and composition (SMTP_URL)', () => {
  it('answers a permanent refusal with its SMTP code and reply, and a temporary one likewise', async () => {
    await withMail(async (mail) => {
      const refused = await mail.send({ to: 'rejeita@cliente.test', subject: 'x', html: '<p>x</p>', text: 'x' }).catch((e) => e);
      expect(refused).toBeInstanceOf(Error);
      expect(refused.responseCode).toBe(550);
      expect(refused.response).toContain('Mailbox does not exist');
      const later = await mail.send({ to: 'adia@cliente.test', subject: 'x', html: '<p>x</p>', text: 'x' }).catch((e) => e);
      expect(later.responseCode).toBe(451);
      // The pool goes on after refusals.
      const sent = await mail.send({ to: 'ok@cliente.test', subject: 'Depois', html: '<p>Olá</p>', text: 'Olá' });
      expect(sent.response).toMatch(/^250 .*queued as/);
    });
  });

  it('sends the message as composed: headers, envelope, Message-ID and attachment', async () => {
    await withMail(async (mail) => {
      const before = sink.messages.length;
      const sent = await mail.send({
        to: '"Ana" <ana@cliente.test>',
        subject: 'Notificação',
        html: '<p>Olá, Ana</p>',
        text: 'Olá, Ana',
        messageId: '<protocolo-1@ar.test>',
        headers: { 'X-AR-Protocolo': 'protocolo-1' },
        envelope: { from: 'retorno+protocolo-1@ar.test', to: 'ana@cliente.test' },
        attachments: [{ filename: 'contrato.txt', content: Buffer.from('cláusula 1'), contentType: 'text/plain' }],
      });
      expect(sent.messageId).toBe('<protocolo-1@ar.test>');
      const got = sink.messages[before];
      expect(got?.envelopeFrom).toBe('retorno+protocolo-1@ar.test');
      expect(got?.parsed.messageId).toBe('<protocolo-1@ar.test>');
      expect(got?.parsed.subject).toBe('Notificação');
      expect(got?.parsed.headers.find((h) => h.key === 'x-ar-protocolo')?.value).toBe('protocolo-1');
      expect(got?.parsed.attachments[0]?.filename).toBe('contrato.txt');
      expect(Buffer.from(got?.parsed.attachments[0]?.content as ArrayBuffer).toString()).toBe('cláusula 1');
    });
  });

  it('rejects a message when the relay cannot be reached (no SMTP code: the queue retries it)', async () => {
    await withMail(async (mail) => {
      const error = await mail.send({ to: 'x@cliente.test', subject: 'x', html: '<p>x</p>', text: 'x' }).catch((e) => e);
      expect(error).toBeInstanceOf(Error);
      expect(error.code).toBe('ESOCKET');
      expect(error.responseCode).toBeUndefined();
    }, 'smtp://127.0.0.1:1');
  });
});
