import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../test/harness.ts';
import { eventsWithStamps } from '../modules/emails/events.queries.ts';
import { HISTORY_USER, seedDemoHistory } from './history.ts';

const t = useTestApp({}, { startQueue: true });

const messagesOf = (login: string) =>
  t.database.db
    .selectFrom('emails as e')
    .innerJoin('usuarios as u', 'u.usu_codigo', 'e.cod_usu')
    .select(['e.ema_uni_codigo', 'e.ema_status_email', 'e.ema_uni_to'])
    .where('u.usu_login', '=', login)
    .orderBy('e.ema_uni_codigo')
    .execute();

async function until<T>(what: () => Promise<T>, done: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (done(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe('the demo history of a first embedded start', () => {
  it('is made through the product: twelve messages in every status, with events, stamps and a reply', async () => {
    expect(await messagesOf(HISTORY_USER)).toHaveLength(0);
    expect(await seedDemoHistory(t.ctx)).toBe(true);

    const messages = await messagesOf(HISTORY_USER);
    expect(messages).toHaveLength(12);
    const count = (status: string) => messages.filter((m) => m.ema_status_email === status).length;
    expect({
      processed: count('processed'),
      send: count('send'),
      delivered: count('delivered'),
      read: count('read'),
      acknowledged: count('acknowledged'),
      answered: count('answered'),
      erro: count('erro'),
    }).toEqual({ processed: 1, send: 2, delivered: 2, read: 2, acknowledged: 2, answered: 1, erro: 2 });

    // Each event chained and, once the stamp worker has run, time-stamped.
    for (const m of messages) {
      const events = await until(
        () => eventsWithStamps(t.database.db, m.ema_uni_codigo),
        (evs) => evs.every((e) => e.car_token),
      );
      expect(events[0]?.evt_tipo).toBe('processed');
      expect(
        events.every((e) => e.evt_hash && e.car_token),
        `stamps of ${m.ema_uni_to}`,
      ).toBe(true);
      if (m.ema_status_email !== 'processed') expect(events.map((e) => e.evt_tipo)).toContain('send');
    }
    // The reads were a person's, with a place; the failures carry the remote server's diagnostic.
    const read = messages.find((m) => m.ema_status_email === 'read');
    const readEvents = await eventsWithStamps(t.database.db, read?.ema_uni_codigo ?? 0);
    expect(readEvents.find((e) => e.evt_tipo === 'read')?.evt_pais).toBeTruthy();

    // What the user sees: the sent list, the mailbox with the messages, the reply in received mail.
    const token = await t.login(HISTORY_USER);
    const list = await t.app.inject({ method: 'GET', url: '/v2/emails/send', headers: bearer(token) });
    expect(list.json().pagination.rowCount).toBe(12);
    const received = await t.app.inject({ method: 'GET', url: '/v2/emails/received', headers: bearer(token) });
    expect(received.statusCode).toBe(200);
    expect(received.json().emailsData).toHaveLength(1);
    expect(received.json().emailsData[0]).toMatchObject({ from: 'carlos.pereira@cliente.example' });
    expect((await t.mailbox()).filter((m) => m.cai_to.includes('@cliente.example'))).toHaveLength(11);
  }, 180_000);

  it('is made once: a second start adds nothing', async () => {
    expect(await seedDemoHistory(t.ctx)).toBe(false);
    expect(await messagesOf(HISTORY_USER)).toHaveLength(12);
  });

  it('is not made without SEED_DEMO, nor with a real relay', async () => {
    const other = await messagesOf('gerente@demo.local');
    expect(await seedDemoHistory({ ...t.ctx, config: { ...t.ctx.config, seedDemo: false } })).toBe(false);
    expect(await seedDemoHistory({ ...t.ctx, config: { ...t.ctx.config, captureMail: false } })).toBe(false);
    expect(await messagesOf('gerente@demo.local')).toEqual(other);
  });
});
