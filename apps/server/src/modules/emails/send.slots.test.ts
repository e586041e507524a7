import { describe, expect, it } from 'vitest';
import { useSinkApp } from '../../../test/harness.ts';
import type { MailService } from '../../mail/mail.service.ts';
import { COMPOSED_AHEAD, SEND_SLOTS } from './send.slots.ts';
import { deliverEmails } from './send.worker.ts';

const { app, sink } = useSinkApp({ startQueue: true, startWorkers: false });

describe('the send slots and the messages composed ahead (send.slots.ts)', () => {
  it('a batch is composed ahead of its slots, but never more than COMPOSED_AHEAD messages wait composed, nor more than SEND_SLOTS at the relay', async () => {
    const token = await app.t.login('admin@demo.local');
    const ids: number[] = [];
    for (let p = 0; p < 3; p++) {
      const res = await app.t.send(token, {
        destinataires: Array.from({ length: 10 }, (_, i) => ({ to: `fila${p}-${i}@cliente.test`, nameTo: `Fila ${i}` })),
        nameFrom: 'Admin Demo',
        subject: 'Fila',
        content: '<p>Olá</p>',
      });
      expect(res.statusCode).toBe(200);
      ids.push(...(res.json().emails as { ema_uni_codigo: number }[]).map((e) => e.ema_uni_codigo));
    }

    // A relay that takes 100 ms a message: without the bound, the 30 messages would all be composed
    // and 20 would wait composed for a slot.
    const real = app.t.ctx.mail;
    let waitingComposed = 0;
    let atRelay = 0;
    let mostWaiting = 0;
    let mostAtRelay = 0;
    const counting: MailService = {
      ...real,
      compose: async (m) => {
        const composed = await real.compose(m);
        mostWaiting = Math.max(mostWaiting, ++waitingComposed);
        return {
          send: async () => {
            waitingComposed--;
            mostAtRelay = Math.max(mostAtRelay, ++atRelay);
            try {
              await new Promise((r) => setTimeout(r, 100));
              return await composed.send();
            } finally {
              atRelay--;
            }
          },
        };
      },
    };
    const outcomes = await deliverEmails({ ...app.t.ctx, mail: counting }, ids);
    expect(outcomes.every((o) => o.status === 'fulfilled')).toBe(true);
    expect(sink.messages).toHaveLength(30);
    expect(mostAtRelay).toBe(SEND_SLOTS);
    expect(mostWaiting).toBeGreaterThan(0);
    expect(mostWaiting).toBeLessThanOrEqual(COMPOSED_AHEAD);
  }, 60_000);
});
