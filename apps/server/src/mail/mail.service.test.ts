import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { createMailService } from './mail.service.ts';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.close();
});

describe('mail service (SMTP_URL)', () => {
  it('reuses pooled connections instead of opening one per message', async () => {
    const mail = createMailService({ smtpUrl: sink.url, from: 'AR Online <nao-responda@ar.test>', db: null as never });
    try {
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
    } finally {
      mail.close();
    }
  });
});
