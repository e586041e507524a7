import { MSG } from '@ar/core';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { insertManyMessages } from '../../test/messages.ts';
import { csvOf, uploadBody } from '../../test/remessa-files.ts';

// A process started without its job queue (a test's, or a misconfigured one: docs/scale.md) cannot
// take work that needs the queue: 503 with a message that says to try again, never a 500, and
// nothing stored or charged.
const app = useTestApp();
const as = app.signIns({ ana: 'usuario@demo.local' });

const count = async (table: 'emails' | 'remessas' | 'comprovantes') =>
  Number(
    (
      await app.t.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('without the job queue', () => {
  it('a send and a batch file answer 503 and change nothing', async () => {
    const before = { emails: await count('emails'), remessas: await count('remessas') };
    const plan = async () =>
      (await app.t.ctx.db.selectFrom('planos').select('pla_total_credito').orderBy('pla_codigo').execute()).map((p) => p.pla_total_credito);
    const credits = await plan();

    const sent = await app.call('POST', '/emails/send', as.ana, {
      destinataires: [{ to: 'ana@cliente.test', nameTo: 'Ana' }],
      nameFrom: 'Cobranca Demo',
      subject: 'Aviso',
      content: '<p>Olá</p>',
    });
    expect([sent.statusCode, sent.json().message]).toEqual([503, MSG.queueUnavailable]);

    const file = await app.call('POST', '/remessas/upload', as.ana, uploadBody(csvOf([]), 'sem-fila.csv'));
    expect([file.statusCode, file.json().message]).toEqual([503, MSG.queueUnavailable]);

    expect({ emails: await count('emails'), remessas: await count('remessas') }).toEqual(before);
    expect(await plan()).toEqual(credits);
  });

  it('a bulk proof answers 503 after its count and stores no proof', async () => {
    // Messages to count: an app without the queue has none of its own (the demo history is sent
    // through the queue), so they are written straight into the database.
    await insertManyMessages(app.t.ctx.db, 'usuario@demo.local', 3, '2026-10-10T12:00:00Z');
    const proof = await app.call('POST', '/reports/proofs', as.ana, { startDate: '2026-10-01', finalDate: '2026-10-31' });
    expect([proof.statusCode, proof.json().message]).toEqual([503, MSG.queueUnavailable]);
    expect(await count('comprovantes')).toBe(0);
  });
});
