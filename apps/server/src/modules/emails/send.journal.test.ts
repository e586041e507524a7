import { describe, expect, it } from 'vitest';
import { useSinkApp } from '../../../test/harness.ts';
import { waitFor } from '../../../test/smtp-sink.ts';
import { startEmailWorkers } from './send.worker.ts';

// The acceptance journal (docs/send-pipeline.md, "Crash window"): what the relay accepted before a crash
// is not sent again when its job comes back.

const { app, sink } = useSinkApp({ startQueue: true, startWorkers: false });

describe('acceptance journal', () => {
  it('a message accepted before a crash (in the journal, no send event) gets its event from the journal, and is not sent again', async () => {
    const token = await app.t.login('admin@demo.local');
    const res = await app.call('POST', '/emails/send', token, {
      destinataires: [
        { to: 'diario@cliente.test', nameTo: 'Diario' },
        { to: 'novo@cliente.test', nameTo: 'Novo' },
      ],
      nameFrom: 'Admin Demo',
      subject: 'Diário',
      content: '<p>Olá</p>',
    });
    expect(res.statusCode).toBe(200);
    const codeOf = (to: string) => res.json().emails.find((e: { ema_uni_to: string }) => e.ema_uni_to === to).ema_uni_codigo as number;
    const accepted = codeOf('diario@cliente.test');
    // What the worker writes as the relay accepts a message, left by a worker killed before its batch's events.
    await app.t.ctx.db
      .insertInto('email_aceites')
      .values({
        cod_email: accepted,
        ace_detalhes: JSON.stringify({
          smtpResponse: '250 2.0.0 Ok: queued as DIARIO1',
          messageId: '<x@ar.test>',
          queueId: 'DIARIO1',
          relay: 'smtp',
        }) as never,
      })
      .execute();

    await startEmailWorkers(app.t.ctx, { pollingIntervalSeconds: 0.5 });
    const sendEvent = (code: number) =>
      app.t.ctx.db
        .selectFrom('email_eventos')
        .select('evt_detalhes')
        .where('cod_email', '=', code)
        .where('evt_tipo', '=', 'send')
        .executeTakeFirst();
    await waitFor(
      async () => [await sendEvent(accepted), await sendEvent(codeOf('novo@cliente.test'))],
      (events) => events.every(Boolean),
    );
    expect(((await sendEvent(accepted))?.evt_detalhes as { queueId?: string } | undefined)?.queueId).toBe('DIARIO1');
    // The other message went out; the journaled one did not go out again, and the journal is empty.
    await waitFor(
      () => sink.messages.length,
      (n) => n >= 1,
    );
    await new Promise((r) => setTimeout(r, 1000));
    expect(sink.messages.map((m) => m.rcptTo[0])).toEqual(['novo@cliente.test']);
    expect(await app.t.ctx.db.selectFrom('email_aceites').select('cod_email').execute()).toEqual([]);
  });
});
