import { EMAIL_MSG, LETTER_MSG } from '@ar/core';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { LETTER_ADDRESS } from '../../../test/letters.ts';

/**
 * AR-Carta in the compose payload (docs/letters.md): the recipient's postal address is checked by
 * core's schema (400, Portuguese message, nothing stored or charged); a valid one is stored with
 * the message, costs one more credit, and queues the letter (the workers are off here: the
 * letter's sending is letter.test.ts's).
 */
const app = useTestApp({}, { startQueue: true, startWorkers: false });
const users = app.signIns({ ana: 'usuario@demo.local' });

const address = LETTER_ADDRESS;
const compose = (carta: unknown) => ({
  destinataires: [{ to: 'ana@cliente.test', nameTo: 'Ana', carta }],
  nameFrom: 'Cobranca Demo',
  subject: 'Notificação extrajudicial',
  content: '<p>Prezada, segue a notificação.</p>',
});

async function sendAndCount(carta: unknown) {
  const before = {
    balance: await app.t.balance('usuario@demo.local'),
    emails: (
      await app.t.ctx.db
        .selectFrom('emails')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  };
  const res = await app.call('POST', '/emails/send', users.ana, compose(carta));
  const after = {
    balance: await app.t.balance('usuario@demo.local'),
    emails: (
      await app.t.ctx.db
        .selectFrom('emails')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  };
  expect(after).toEqual(before);
  return [res.statusCode, res.json().message];
}

describe('POST /v2/emails/send with a letter address', () => {
  it('checks each field of the address with its Portuguese message', async () => {
    expect(await sendAndCount({ ...address, cep: '1234' })).toEqual([400, LETTER_MSG.cep]);
    expect(await sendAndCount({ ...address, cep: '00000-000' })).toEqual([400, LETTER_MSG.cep]);
    expect(await sendAndCount({ ...address, estado: 'XX' })).toEqual([400, LETTER_MSG.estado]);
    expect(await sendAndCount({ ...address, bairro: '  ' })).toEqual([400, LETTER_MSG.bairro]);
    const { numero: _, ...withoutNumber } = address;
    expect(await sendAndCount(withoutNumber)).toEqual([400, LETTER_MSG.numero]);
    expect(await sendAndCount({ ...address, nome: 'N'.repeat(81) })).toEqual([400, LETTER_MSG.tooLong('O nome', 80)]);
  });

  it('takes a valid address, normalised, at one more credit, with its processed event and its job', async () => {
    const before = await app.t.balance('usuario@demo.local');
    // Lower-case state, a CEP without the hyphen and an empty complement are the same address.
    const res = await app.call('POST', '/emails/send', users.ana, compose({ ...address, estado: 'sp', cep: '01310200', complemento: '' }));
    expect([res.statusCode, res.json().message]).toEqual([200, EMAIL_MSG.sent('AR Online')]);
    expect(res.json().creditos).toBe(2);
    expect(await app.t.balance('usuario@demo.local')).toBe(before - 2);
    const cod = res.json().emails[0].ema_uni_codigo as number;
    const row = await app.t.ctx.db
      .selectFrom('emails')
      .select(['ema_uni_carta', 'ema_status_carta', 'ema_uni_creditos'])
      .where('ema_uni_codigo', '=', cod)
      .executeTakeFirstOrThrow();
    const stored = { ...address, estado: 'SP', cep: '01310200', complemento: null };
    expect(row).toEqual({ ema_uni_carta: stored, ema_status_carta: 'processed', ema_uni_creditos: 2 });
    const events = await app.t.ctx.db
      .selectFrom('email_eventos')
      .select(['evt_canal', 'evt_tipo', 'evt_detalhes'])
      .where('cod_email', '=', cod)
      .orderBy('evt_seq')
      .execute();
    expect(events.map((e) => [e.evt_canal, e.evt_tipo])).toEqual([
      ['email', 'processed'],
      ['carta', 'processed'],
    ]);
    expect(events[1]?.evt_detalhes).toMatchObject({ endereco: stored });
    const jobs = await app.t.ctx.boss?.findJobs('carta-send', { data: { cod_email: cod } });
    expect(jobs?.length).toBe(1);
    const plain = await app.call('POST', '/emails/send', users.ana, compose(null));
    expect([plain.statusCode, plain.json().message, plain.json().creditos]).toEqual([200, EMAIL_MSG.sent('AR Online'), 1]);
  });
});
