import { MSG } from '@ar/core';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { csvOf, uploadBody } from '../../test/remessa-files.ts';

// A process started without its job queue (a test's, or a misconfigured one: docs/scale.md) cannot
// take work that needs the queue: 503 with a message that says to try again, never a 500, and
// nothing stored or charged. (A bulk proof answers the same, after its count: an app without the
// queue has no messages to count, the demo history being sent through the queue.)
const app = useTestApp();
const as = app.signIns({ ana: 'usuario@demo.local' });

const count = async (table: 'emails' | 'remessas') =>
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
});
