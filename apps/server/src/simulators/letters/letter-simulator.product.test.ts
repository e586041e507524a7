import { createHash } from 'node:crypto';
import { brasiliaIsoDay, defaultDashboardRange } from '@ar/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSelfCallingApp, type TestApp } from '../../../test/harness.ts';
import { waitFor } from '../../../test/smtp-sink.ts';
import { checkChain } from '../../modules/evidence/chain-check.ts';

/**
 * LETTER_PROVIDER=simulator, the whole loop in one product: PUBLIC_URL is the app's own port, the
 * send worker's HTTP adapter submits to the simulator at /dev/letters, and the simulator's timers
 * post each tracking step back to the product's webhook, signed with the derived secret.
 */
let t: TestApp;
let token: string;

beforeAll(async () => {
  ({ t } = await createSelfCallingApp({ SIMULATOR_DELAY_MS: '300' }, { startQueue: true }));
  token = await t.login('usuario@demo.local');
});

afterAll(async () => {
  await t?.close();
});

async function composeLetter(cep: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/emails/send',
    headers: bearer(token),
    payload: {
      destinataires: [
        {
          to: 'bruno@cliente.test',
          nameTo: 'Bruno',
          carta: {
            nome: 'Bruno Lima',
            endereco: 'Rua das Flores',
            numero: '120',
            bairro: 'Centro',
            cidade: 'Curitiba',
            estado: 'PR',
            cep,
          },
        },
      ],
      nameFrom: 'Escritório Souza',
      subject: 'Notificação extrajudicial',
      content: '<p>Prezado Bruno</p>',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().emails[0].ema_uni_codigo as number;
}

const cartaEvents = async (cod: number) =>
  (
    await t.ctx.db
      .selectFrom('email_eventos')
      .select(['evt_tipo', 'evt_detalhes'])
      .where('cod_email', '=', cod)
      .where('evt_canal', '=', 'carta')
      .orderBy('evt_seq')
      .execute()
  ).map((e) => [e.evt_tipo, (e.evt_detalhes as { etapa?: string }).etapa ?? null]);

const statusOf = (cod: number) =>
  t.ctx.db.selectFrom('emails').select('ema_status_carta').where('ema_uni_codigo', '=', cod).executeTakeFirstOrThrow();

describe('AR-Carta on the embedded simulator', () => {
  it('walks a letter to Entregue with its digital AR, and one to a CEP ending in 999 back as Devolvido', async () => {
    const delivered = await composeLetter('80010-000');
    const returned = await composeLetter('80010-999');
    await waitFor(
      () => statusOf(delivered),
      (m) => m.ema_status_carta === 'delivered',
      30_000,
    );
    await waitFor(
      () => statusOf(returned),
      (m) => m.ema_status_carta === 'erro',
      30_000,
    );
    expect(await cartaEvents(delivered)).toEqual([
      ['processed', null],
      ['processed', 'aceite do provedor'],
      ['send', 'Postado'],
      ['processed', 'Em trânsito'],
      ['processed', 'Saiu para entrega'],
      ['delivered', 'Entregue'],
    ]);
    expect((await cartaEvents(returned)).at(-1)).toEqual(['erro', 'Devolvido']);
    const letter = await t.ctx.db.selectFrom('cartas').selectAll().where('cod_email', '=', delivered).executeTakeFirstOrThrow();
    expect(letter.rastreio).toMatch(/^RA\d{9}BR$/);
    const ar = (await t.ctx.storage.read(letter.ar_chave as string)) as Buffer;
    expect(ar.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(createHash('sha256').update(ar).digest('hex')).toBe(letter.ar_sha256);
    expect(await checkChain(t.ctx.db, delivered)).toMatchObject({ isIntact: true, firstBroken: null });
    // The dashboard counts the letters posted (migration 0027's dashboard_canais), today, in Brasília.
    const today = brasiliaIsoDay();
    const [first] = defaultDashboardRange(today);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/dashboard/channels',
      headers: bearer(token),
      payload: { dateRange: [first, today], tag: null },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().totalCarta as number[]).at(-1)).toBe(2);
  });
});
