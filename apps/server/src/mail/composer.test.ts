import nodemailer from 'nodemailer';
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { createComposer } from './composer.ts';

const mail = {
  from: 'AR Online <nao-responda@ar.test>',
  to: 'bruno@cliente.test',
  subject: 'Notificação extrajudicial nº 12',
  html: '<p>Prezado Bruno, segue a notificação. Açúcar, ação.</p>',
  text: 'Prezado Bruno, segue a notificação. Açúcar, ação.',
  messageId: '<composer-test@ar.test>',
  headers: { 'X-AR-Protocolo': '5efe9296-f715-4f23-b87e-ad18adcd3577' },
  attachments: [{ filename: 'contrato.pdf', content: Buffer.from('%PDF-1.4 contrato'), contentType: 'application/pdf' }],
};

describe('the MIME composer thread', () => {
  it('composes what nodemailer composes in the server thread: headers, both bodies, the attachment, the envelope', async () => {
    const composer = createComposer('windows');
    try {
      const built = await composer.compose(mail);
      const inThread = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(mail);
      expect(built.messageId).toBe('<composer-test@ar.test>');
      expect(built.envelope).toEqual(inThread.envelope);
      expect(built.message.includes('\r\n')).toBe(true);
      const [ours, theirs] = await Promise.all([PostalMime.parse(built.message), PostalMime.parse(inThread.message as Buffer)]);
      for (const parsed of [ours, theirs]) {
        expect(parsed.subject).toBe(mail.subject);
        expect(parsed.headers.find((h) => h.key === 'x-ar-protocolo')?.value).toBe(mail.headers['X-AR-Protocolo']);
        expect(parsed.text?.trim()).toBe(mail.text);
        expect(parsed.html).toContain('Açúcar, ação.');
        expect(parsed.attachments.map((a) => [a.filename, a.mimeType, Buffer.from(a.content as ArrayBuffer).toString()])).toEqual([
          ['contrato.pdf', 'application/pdf', '%PDF-1.4 contrato'],
        ]);
      }
      // Unix line endings for the captured mailbox.
      const unix = createComposer('unix');
      try {
        expect((await unix.compose(mail)).message.includes('\r\n')).toBe(false);
      } finally {
        unix.close();
      }
    } finally {
      composer.close();
    }
  });

  it('a thread that ends fails the messages it had, and the next message starts another', async () => {
    const composer = createComposer('windows');
    try {
      const pending = Promise.all(Array.from({ length: 20 }, (_, i) => composer.compose({ ...mail, messageId: `<m${i}@ar.test>` })));
      composer.close();
      await expect(pending).rejects.toThrow(/composer thread ended/);
      expect((await composer.compose(mail)).messageId).toBe('<composer-test@ar.test>');
    } finally {
      composer.close();
    }
  });

  it('ends its thread after a while without messages, and the next message starts another', async () => {
    const composer = createComposer('windows', 300);
    try {
      expect(composer.running).toBe(false);
      await composer.compose(mail);
      expect(composer.running).toBe(true);
      // A message within the idle time keeps the thread.
      await new Promise((r) => setTimeout(r, 200));
      await composer.compose(mail);
      await new Promise((r) => setTimeout(r, 200));
      expect(composer.running).toBe(true);
      await new Promise((r) => setTimeout(r, 500));
      expect(composer.running).toBe(false);
      expect((await composer.compose(mail)).messageId).toBe('<composer-test@ar.test>');
      expect(composer.running).toBe(true);
    } finally {
      composer.close();
    }
  });

  it('a message it cannot compose fails alone', async () => {
    const composer = createComposer('windows');
    try {
      await expect(composer.compose({ ...mail, attachments: [{ filename: 'x', content: 42 as never }] })).rejects.toThrow();
      expect((await composer.compose(mail)).messageId).toBe('<composer-test@ar.test>');
    } finally {
      composer.close();
    }
  });
});
