import { type Kysely, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { up as reachedStatuses } from '../../db/migrations/0015-emails-reached-statuses.ts';
import { type NewEvent, recordEvent } from './events.ts';

/**
 * The sent list's status filter (spec 000 §4; docs/sent-list.md, "Status filter"): an option finds the
 * messages whose channel reached that status, whatever came after.
 */
let token: string;
const code: Record<string, number> = {};

const STATES: Record<string, Omit<NewEvent, 'cod_email' | 'canal'>[]> = {
  processado: [],
  enviado: [{ tipo: 'send' }],
  entregue: [{ tipo: 'send' }, { tipo: 'delivered' }],
  lido: [{ tipo: 'send' }, { tipo: 'read', detalhes: { classificacao: 'pessoa' } }],
  // Read, confirmed, then a link clicked (evidence, not a status).
  confirmado: [
    { tipo: 'send' },
    { tipo: 'read', detalhes: { classificacao: 'pessoa' } },
    { tipo: 'acknowledged', detalhes: { classificacao: 'pessoa' } },
    { tipo: 'click', detalhes: { classificacao: 'pessoa' }, affectsStatus: false },
  ],
  respondido: [{ tipo: 'send' }, { tipo: 'answered' }],
  falha: [{ tipo: 'erro', detalhes: { reasonFailure: '550 mailbox unavailable' } }],
  // Opened by an image proxy only: evidence kept, but not a read.
  proxy: [{ tipo: 'send' }, { tipo: 'track', detalhes: { classificacao: 'proxy-de-imagens' }, affectsStatus: false }],
};

const filtered = async (searchStatus: unknown) => {
  const res = await app.call('GET', `/emails/send?limit=100&searchStatus=${encodeURIComponent(JSON.stringify(searchStatus))}`, token);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body.pagination.rowCount).toBe(body.emails.length);
  return (body.emails as { ema_uni_name_to: string }[]).map((e) => e.ema_uni_name_to).sort();
};

const app = useTestApp({}, { startQueue: true, startWorkers: false });

beforeAll(async () => {
  token = await app.t.login('usuario@demo.local');
  const names = Object.keys(STATES);
  const res = await app.t.send(token, {
    destinataires: names.map((name) => ({ to: `${name}@cliente.test`, nameTo: name })),
    nameFrom: 'Cobranca Demo',
    subject: 'Aviso',
    content: '<p>Olá</p>',
  });
  expect(res.statusCode).toBe(200);
  const rows = await app.t.ctx.db.selectFrom('emails').select(['ema_uni_codigo', 'ema_uni_name_to']).execute();
  for (const r of rows) code[r.ema_uni_name_to] = r.ema_uni_codigo;
  for (const [name, events] of Object.entries(STATES)) {
    for (const e of events) expect(await recordEvent(app.t.ctx.db, { cod_email: code[name] as number, canal: 'email', ...e })).toBe(true);
  }
});

const EXPECTED: Record<string, string[]> = {
  processed: ['confirmado', 'entregue', 'enviado', 'falha', 'lido', 'processado', 'proxy', 'respondido'],
  send: ['confirmado', 'entregue', 'enviado', 'lido', 'proxy', 'respondido'],
  delivered: ['entregue'],
  read: ['confirmado', 'lido'],
  acknowledged: ['confirmado'],
  answered: ['respondido'],
  erro: ['falha'],
};

describe('GET /v2/emails/send, searchStatus', () => {
  it('finds under each e-mail option the messages that reached that status', async () => {
    for (const [option, names] of Object.entries(EXPECTED)) {
      expect({ option, names: await filtered({ email: [option] }) }).toEqual({ option, names });
    }
  });

  it('finds a read message under Lido after it was confirmed, and with a read by the tracking image too', async () => {
    expect(await filtered({ email: ['read'] })).toContain('confirmado');
    await recordEvent(app.t.ctx.db, {
      cod_email: code.entregue as number,
      canal: 'email',
      tipo: 'track',
      detalhes: { classificacao: 'pessoa' },
    });
    expect(await filtered({ email: ['read'] })).toEqual(['confirmado', 'entregue', 'lido']);
    expect(await filtered({ email: ['delivered'] })).toEqual(['entregue']);
  });

  it('joins several options, and channels not built yet match nothing', async () => {
    expect(await filtered({ email: ['acknowledged', 'erro'] })).toEqual(['confirmado', 'falha']);
    for (const channel of ['sms', 'whatsapp', 'voz']) {
      expect(await filtered({ [channel]: ['processed', 'send', 'delivered', 'read', 'erro'] })).toEqual([]);
    }
    expect(await filtered({ email: ['answered'], sms: ['read'] })).toEqual(['respondido']);
  });

  it('shows as icon the current status, the one the detail shows, which the filter finds', async () => {
    const res = await app.call('GET', '/emails/send?limit=100', token);
    const icons = Object.fromEntries(
      (res.json().emails as { ema_uni_name_to: string; lastStatus: { email: { type: string; label: string } } }[]).map((e) => [
        e.ema_uni_name_to,
        e.lastStatus.email.label,
      ]),
    );
    expect(icons).toEqual({
      processado: 'Processado',
      enviado: 'Enviado',
      entregue: 'Lido',
      lido: 'Lido',
      confirmado: 'Confirmado',
      respondido: 'Respondido',
      falha: 'Falha no Envio/Entrega',
      proxy: 'Enviado',
    });
    for (const name of ['confirmado', 'proxy']) {
      const detail = await app.call('GET', `/emails/send/${code[name]}`, token);
      expect(detail.json().lastStatus.email.label).toBe(icons[name]);
    }
  });

  it('refuses an unknown option with a message, and changes nothing', async () => {
    const res = await app.call('GET', `/emails/send?searchStatus=${encodeURIComponent(JSON.stringify({ email: ['aberto'] }))}`, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Filtro de status inválido.');
  });

  it('migration 0015 gives messages stored before it their statuses from their events', async () => {
    // CASCADE: the dashboard's status trigger (migration 0017) watches these columns; before 0015 it did not exist either.
    await sql`ALTER TABLE emails DROP COLUMN ema_alcance_email CASCADE, DROP COLUMN ema_alcance_sms CASCADE,
      DROP COLUMN ema_alcance_whatsapp CASCADE, DROP COLUMN ema_alcance_voz CASCADE`.execute(app.t.ctx.db);
    await reachedStatuses(app.t.ctx.db as unknown as Kysely<unknown>);
    for (const [option, names] of Object.entries({ ...EXPECTED, read: ['confirmado', 'entregue', 'lido'] })) {
      expect({ option, names: await filtered({ email: [option] }) }).toEqual({ option, names });
    }
  });
});
