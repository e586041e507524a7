import { describe, expect, it } from 'vitest';
import { useSinkApp } from '../../../test/harness.ts';
import { waitFor } from '../../../test/smtp-sink.ts';
import { startQueue } from '../../queue/boss.ts';
import { startEmailWorkers } from './send.worker.ts';

const { app, sink } = useSinkApp({ startQueue: true, startWorkers: false });

const sentCount = async () =>
  (
    await app.t.ctx.db
      .selectFrom('email_eventos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('evt_tipo', '=', 'send')
      .executeTakeFirstOrThrow()
  ).n;

describe('send workers', () => {
  it('a worker stopped mid-batch and a new one started send every message exactly once', async () => {
    const token = await app.t.login('admin@demo.local');
    const destinataires = Array.from({ length: 10 }, (_, i) => ({ to: `lote${i}@cliente.test`, nameTo: `Lote ${i}` }));
    const res = await app.call('POST', '/emails/send', token, {
      destinataires,
      nameFrom: 'Admin Demo',
      subject: 'Lote',
      content: '<p>Olá</p>',
    });
    expect(res.statusCode).toBe(200);
    // Queued, nothing sent: the crash between queueing and sending loses nothing.
    expect(await sentCount()).toBe(0);

    // First worker: one message at a time, each taking a while, then killed after three.
    const slowMail = {
      ...app.t.ctx.mail,
      compose: async (m: Parameters<typeof app.t.ctx.mail.compose>[0]) => {
        const composed = await app.t.ctx.mail.compose(m);
        return {
          send: async () => {
            await new Promise((r) => setTimeout(r, 150));
            return composed.send();
          },
        };
      },
    };
    await startEmailWorkers(
      { ...app.t.ctx, mail: slowMail },
      { pollingIntervalSeconds: 0.5, expireInSeconds: 2, concurrency: 1, batchSize: 1 },
    );
    await waitFor(
      () => sink.messages.length,
      (n) => n >= 3,
    );
    await app.t.ctx.boss?.stop({ graceful: false });
    const sentBeforeRestart = sink.messages.length;
    expect(sentBeforeRestart).toBeLessThan(10);

    // A new worker on the same database finishes the batch; jobs left active expire and are retried.
    const boss2 = await startQueue(app.t.database, () => {}, { superviseIntervalSeconds: 1, maintenanceIntervalSeconds: 1 });
    try {
      await startEmailWorkers({ ...app.t.ctx, boss: boss2 }, { pollingIntervalSeconds: 0.5, expireInSeconds: 2 });
      await waitFor(sentCount, (n) => n === 10, 40_000);
      // Give any duplicate the chance to show up.
      await new Promise((r) => setTimeout(r, 4000));
      const ids = sink.messages.map((m) => m.parsed.messageId);
      expect(sink.messages).toHaveLength(10);
      expect(new Set(ids).size).toBe(10);
      expect(new Set(sink.messages.map((m) => m.rcptTo[0])).size).toBe(10);
    } finally {
      await boss2.stop({ graceful: false });
    }
  }, 60_000);
});
