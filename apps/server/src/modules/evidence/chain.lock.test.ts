import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { inTransaction } from '../../db/transaction.ts';
import { insertProviderMessage } from '../channels/channels.queries.ts';
import { recordEvent } from '../emails/events.ts';
import { checkChain } from './chain-check.ts';

// The chain's lock on a message against the locks foreign keys take (PostgreSQL: several
// connections; PGlite runs one transaction at a time, so the two below could not overlap there).
//
// A message's SMS and WhatsApp acceptances (and two providers' callbacks) each store a row naming
// the message (mensagens_provedor, provedor_eventos: a foreign key, so a KEY SHARE lock on the
// message's row) and then append to its chain, which locks that row. Locked FOR UPDATE, the two
// waited on each other's KEY SHARE and PostgreSQL killed one as a deadlock: the acceptance was
// lost, the provider's callbacks found no message, and the channel stayed 'Enviado' until the
// queue's retry sent the message again. FOR NO KEY UPDATE serialises the appends just the same
// and does not conflict with a KEY SHARE.
describe.skipIf(!process.env.TEST_DATABASE_URL)("a message's chain lock on PostgreSQL", () => {
  // Inside the suite: on PGlite, where it is skipped, no app is started for nothing.
  const t = useTestApp({}, { startQueue: true });

  it('two transactions that each store a row naming the message, then append to its chain, take turns instead of deadlocking', async () => {
    const token = await t.login('usuario@demo.local');
    const sent = await t.send(token, {
      destinataires: [{ to: 'trava@cliente.test', nameTo: 'Trava' }],
      nameFrom: 'Cobranca Demo',
      subject: 'Aviso',
      content: '<p>Segue o aviso.</p>',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [{ ema_uni_codigo: cod_email }] = sent.json().emails as { ema_uni_codigo: number }[];
    // Both rows are stored before either transaction appends: the order the deadlock needs.
    let arrived = 0;
    let bothStored!: () => void;
    const stored = new Promise<void>((resolve) => {
      bothStored = resolve;
    });
    const acceptance = (canal: 'sms' | 'whatsapp') =>
      inTransaction(t.ctx.db, async (trx) => {
        await insertProviderMessage(trx, {
          cod_email,
          canal,
          provedor: canal === 'sms' ? 'twilio' : 'meta',
          id_provedor: `lock-test-${canal}`,
          numero: '+5511987654321',
          resposta: {},
        });
        if (++arrived === 2) bothStored();
        await stored;
        await recordEvent(trx, {
          cod_email,
          canal,
          tipo: 'processed',
          affectsStatus: false,
          detalhes: { etapa: 'aceite do provedor', idProvedor: `lock-test-${canal}` },
        });
      });
    const outcomes = await Promise.allSettled([acceptance('sms'), acceptance('whatsapp')]);
    expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : o.status))).toEqual(['fulfilled', 'fulfilled']);
    const events = await t.ctx.db
      .selectFrom('email_eventos')
      .select('evt_canal')
      .where('cod_email', '=', cod_email)
      .where('evt_tipo', '=', 'processed')
      .where('evt_canal', 'in', ['sms', 'whatsapp'])
      .execute();
    expect(events.map((e) => e.evt_canal).sort()).toEqual(['sms', 'whatsapp']);
    expect((await checkChain(t.ctx.db, cod_email))?.isIntact).toBe(true);
  });
});
