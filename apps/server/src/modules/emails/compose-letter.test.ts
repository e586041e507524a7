import { EMAIL_MSG, LETTER_MSG } from '@ar/core';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';

/**
 * AR-Carta in the compose payload (docs/letters.md): the recipient's postal address is checked by
 * core's schema (400, Portuguese message); a valid one is refused with a clear message until the
 * letter's sending is wired. Nothing is stored or charged either way.
 */
const app = useTestApp({}, { startQueue: true, startWorkers: false });
const users = app.signIns({ ana: 'usuario@demo.local' });

const address = {
  nome: 'Ana Beatriz Souza',
  endereco: 'Avenida Paulista',
  numero: '1578',
  complemento: 'Conjunto 42',
  bairro: 'Bela Vista',
  cidade: 'São Paulo',
  estado: 'SP',
  cep: '01310-200',
};
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

  it('refuses a valid address while the letter is not wired, and sends without one as before', async () => {
    expect(await sendAndCount(address)).toEqual([400, LETTER_MSG.unavailable]);
    // Lower-case state and a CEP without the hyphen are the same address.
    expect(await sendAndCount({ ...address, estado: 'sp', cep: '01310200', complemento: '' })).toEqual([400, LETTER_MSG.unavailable]);
    const res = await app.call('POST', '/emails/send', users.ana, compose(null));
    expect([res.statusCode, res.json().message]).toEqual([200, EMAIL_MSG.sent('AR Online')]);
  });
});
