import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSelfCallingApp, type TestApp } from '../../test/harness.ts';
import { eventsWithStamps } from '../modules/emails/events.queries.ts';
import { HISTORY_USERS, seedDemoHistory } from './history.ts';

// The product calls itself: the phone messages go through the embedded simulator over HTTP and
// come back as its signed callbacks, as on a first embedded start.
let t: TestApp;
beforeAll(async () => {
  ({ t } = await createSelfCallingApp({ SIMULATOR_DELAY_MS: '50' }, { startQueue: true }));
});
afterAll(async () => {
  await t?.close();
});

const messagesOf = (login: string) =>
  t.database.db
    .selectFrom('emails as e')
    .innerJoin('usuarios as u', 'u.usu_codigo', 'e.cod_usu')
    .select(['e.ema_uni_codigo', 'e.ema_status_email', 'e.ema_status_sms', 'e.ema_status_whatsapp', 'e.ema_uni_to'])
    .where('u.usu_login', '=', login)
    .orderBy('e.ema_uni_codigo')
    .execute();

/** Each message's channel and status ('email:read', 'sms:answered'…), counted. */
async function statusCounts(login: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const m of await messagesOf(login)) {
    const channels = (['email', 'sms', 'whatsapp'] as const).filter((c) => m[`ema_status_${c}`] !== null);
    const key = channels.map((c) => `${c}:${m[`ema_status_${c}`]}`).join('+');
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

async function until<T>(what: () => Promise<T>, done: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (done(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** What each demo account's sent list starts with (seed/history-data.ts). */
const EXPECTED: Record<string, Record<string, number>> = {
  'admin@demo.local': {
    'email:processed': 1,
    'email:send': 2,
    'email:delivered': 2,
    'email:read': 2,
    'email:acknowledged': 2,
    'email:answered': 1,
    'email:erro': 2,
  },
  'usuario@demo.local': { 'email:read': 1, 'email:delivered': 1, 'email:erro': 1, 'sms:delivered': 1, 'sms:answered': 1, 'sms:erro': 1 },
  'gerente@demo.local': {
    'email:acknowledged': 1,
    'email:read': 1,
    'whatsapp:acknowledged': 1,
    'whatsapp:read': 1,
    'whatsapp:erro': 1,
    'sms:read': 1,
  },
  'pos@demo.local': { 'email:delivered': 1, 'email:read': 1, 'email:answered': 1, 'email:erro': 1, 'whatsapp:read': 1 },
};
const total = (login: string) => Object.values(EXPECTED[login] ?? {}).reduce((a, b) => a + b, 0);

describe('the demo history of a first embedded start', () => {
  it('is not made without SEED_DEMO, nor with a real relay', async () => {
    expect(await seedDemoHistory({ ...t.ctx, config: { ...t.ctx.config, seedDemo: false } })).toBe(false);
    expect(await seedDemoHistory({ ...t.ctx, config: { ...t.ctx.config, captureMail: false } })).toBe(false);
    for (const login of HISTORY_USERS) expect(await messagesOf(login), login).toHaveLength(0);
  });

  it('gives every demo account its own history, made through the product, on each channel and in each status', async () => {
    expect([...HISTORY_USERS].sort()).toEqual(Object.keys(EXPECTED).sort());
    expect(await seedDemoHistory(t.ctx)).toBe(true);
    for (const login of HISTORY_USERS) expect(await statusCounts(login), login).toEqual(EXPECTED[login]);

    // Each event chained and, once the stamp worker has run, time-stamped.
    for (const login of HISTORY_USERS) {
      for (const m of await messagesOf(login)) {
        const events = await until(
          () => eventsWithStamps(t.database.db, m.ema_uni_codigo),
          (evs) => evs.every((e) => e.car_token),
        );
        expect(events[0]?.evt_tipo).toBe('processed');
        expect(
          events.every((e) => e.evt_hash && e.car_token),
          `stamps of ${m.ema_uni_to}`,
        ).toBe(true);
        // Every message but the waiting one left; a WhatsApp number the provider refuses fails at once.
        const left = m.ema_status_whatsapp === 'erro' ? 'erro' : 'send';
        if (m.ema_status_email !== 'processed') expect(events.map((e) => e.evt_tipo)).toContain(left);
      }
    }
    // The reads were a person's, with a place (an SMS's too); the failures carry the remote's diagnostic.
    const messages = await messagesOf('gerente@demo.local');
    for (const read of [messages.find((m) => m.ema_status_email === 'read'), messages.find((m) => m.ema_status_sms === 'read')]) {
      const events = await eventsWithStamps(t.database.db, read?.ema_uni_codigo ?? 0);
      expect(events.find((e) => e.evt_tipo === 'read')?.evt_pais).toBeTruthy();
    }

    // What each user sees: its own sent list, and the e-mail replies in its received mail.
    for (const login of HISTORY_USERS) {
      const token = await t.login(login);
      const list = await t.app.inject({ method: 'GET', url: '/v2/emails/send', headers: bearer(token) });
      expect(list.json().pagination.rowCount, login).toBe(total(login));
      const received = await t.app.inject({ method: 'GET', url: '/v2/emails/received', headers: bearer(token) });
      expect(received.statusCode).toBe(200);
      const from = received.json().emailsData.map((r: { from: string }) => r.from);
      expect(from, login).toEqual(
        {
          'admin@demo.local': ['carlos.pereira@cliente.example'],
          'pos@demo.local': ['simone.castro@fornecedor.example'],
        }[login] ?? [],
      );
    }
    const mailbox = await t.mailbox();
    expect(mailbox.filter((m) => m.cai_to.includes('@cliente.example'))).toHaveLength(11);
    expect(mailbox.filter((m) => m.cai_to.includes('@fornecedor.example'))).toHaveLength(4);
  }, 240_000);

  it('is made once: a second start adds nothing', async () => {
    expect(await seedDemoHistory(t.ctx)).toBe(false);
    for (const login of HISTORY_USERS) expect(await messagesOf(login), login).toHaveLength(total(login));
  });
});
