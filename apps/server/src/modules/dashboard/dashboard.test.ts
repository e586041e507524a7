import { randomUUID } from 'node:crypto';
import { brasiliaIsoDay, DASHBOARD_MSG, dashboardDays, defaultDashboardRange, REACHED_BITS, type StatusType } from '@ar/core';
import { type Kysely, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, withoutSession } from '../../../test/harness.ts';
import { useTenants } from '../../../test/tenants.ts';
import { backfillDashboardCounts } from '../../db/migrations/0017-dashboard-counts.ts';
import type { DB } from '../../db/schema.ts';
import { recordEvent } from '../emails/events.ts';
import { mailDomain } from '../emails/send.worker.ts';
import { replyAddress } from '../inbound/addresses.ts';
import { fileInboundMessage } from '../inbound/inbound.service.ts';
import { accept, pageRead } from '../public/public.service.ts';

/**
 * The dashboard (spec 000 §2, §3, §5, §7, §8; docs/dashboard.md): messages in known states over
 * several Brasília days, each call's figures, the range rules, the scope per level, tenant
 * isolation, and the kept counts against a recount from the messages, their events and replies.
 */
const app = useTestApp({}, { startQueue: true, startWorkers: false });
const { ids, as } = useTenants(app);

const today = brasiliaIsoDay();
const [first] = defaultDashboardRange(today);
const daysBack = (k: number) => new Date(Date.parse(`${today}T12:00:00Z`) - k * 86_400_000).toISOString().slice(0, 10);
/** Noon in Brasília of a day. */
const noonOf = (day: string) => `${day}T15:00:00Z`;
const RANGE = [first, today];
const days = dashboardDays(first, today);
const at = (day: string) => days.indexOf(day);

const PERSON = {
  ip: '200.147.67.142',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
};
const PROGRAM = { ip: '203.0.113.9', userAgent: 'curl/8.5.0' };

let db: Kysely<DB>;
const codes: Record<string, { code: number; id: string }> = {};
let tagA: number;
let tagB: number;
let otherTag: number;

/** A message of `login` made at `at` (its 'processed' event recorded after, as a status change). */
async function message(login: string, name: string, when: string) {
  const user = await db
    .selectFrom('usuarios')
    .select(['usu_codigo', 'cod_ger_entidade'])
    .where('usu_login', '=', login)
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('emails')
    .values({
      cod_usu: user.usu_codigo,
      cod_ger_entidade: user.cod_ger_entidade,
      ema_uni_envio: randomUUID(),
      ema_uni_name_from: 'Teste',
      ema_uni_from: login,
      ema_uni_name_to: name,
      ema_uni_to: `${name}@cliente.test`,
      ema_uni_subject: 'Aviso',
      ema_uni_content: '<p>Olá</p>',
      ema_uni_content_sha256: '0'.repeat(64),
      ema_uni_data_criacao: new Date(when),
    })
    .returning(['ema_uni_codigo', 'ema_uni_id'])
    .executeTakeFirstOrThrow();
  codes[name] = { code: row.ema_uni_codigo, id: row.ema_uni_id };
  await event(name, 'processed');
  return row.ema_uni_codigo;
}

const event = (name: string, tipo: StatusType, detalhes: Record<string, unknown> = {}) =>
  recordEvent(db, { cod_email: codes[name]?.code as number, canal: 'email', tipo, detalhes });

/** The recipient's reply, through inbound SMTP's filing. */
async function reply(name: string) {
  const domain = mailDomain(app.t.ctx.config.mailFrom);
  const m = codes[name] as { id: string };
  const raw = [
    `From: "${name}" <${name}@cliente.test>`,
    `To: ${replyAddress(m.id, domain)}`,
    'Subject: Re: Aviso',
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <resposta-${m.id}@cliente.test>`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Recebi.',
    '',
  ].join('\r\n');
  await fileInboundMessage(app.t.ctx, Buffer.from(raw), {
    mailFrom: `${name}@cliente.test`,
    rcptTo: [replyAddress(m.id, domain)],
    remoteAddress: '127.0.0.1',
    clientHostname: 'mx.cliente.test',
  });
}

const call = async (path: string, headers: Record<string, string>, body: Record<string, unknown> = {}) => {
  const res = await app.call('POST', `/dashboard/${path}`, headers, { dateRange: RANGE, tag: null, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

async function label(headers: Record<string, string>, eti_nome: string) {
  const res = await app.call('POST', '/etiquetas', headers, { eti_nome, eti_cor: '#336699' });
  expect(res.statusCode).toBe(201);
  return res.json().etiqueta.eti_codigo as number;
}

beforeAll(async () => {
  db = app.t.ctx.db;
  // usuario@demo.local: two days ago, sent only / delivered / failed.
  await message('usuario@demo.local', 'a-enviada', noonOf(daysBack(2)));
  await message('usuario@demo.local', 'b-entregue', noonOf(daysBack(2)));
  await event('b-entregue', 'delivered');
  await message('usuario@demo.local', 'c-falha', noonOf(daysBack(2)));
  await event('c-falha', 'erro', { reasonFailure: '550 mailbox unavailable' });
  // Yesterday: read by a person (twice), opened only by a program, confirmed, answered.
  await message('usuario@demo.local', 'd-lida', noonOf(daysBack(1)));
  await pageRead(app.t.ctx, codes['d-lida']?.id as string, undefined, PERSON);
  await pageRead(app.t.ctx, codes['d-lida']?.id as string, undefined, PERSON);
  await message('usuario@demo.local', 'e-robo', noonOf(daysBack(1)));
  await pageRead(app.t.ctx, codes['e-robo']?.id as string, undefined, PROGRAM);
  await message('usuario@demo.local', 'f-confirmada', noonOf(daysBack(1)));
  await pageRead(app.t.ctx, codes['f-confirmada']?.id as string, undefined, PERSON);
  await accept(app.t.ctx, codes['f-confirmada']?.id as string, undefined, PERSON);
  await message('usuario@demo.local', 'g-respondida', noonOf(daysBack(1)));
  await reply('g-respondida');
  // 02:30 UTC today is 23:30 of yesterday in Brasília.
  await message('usuario@demo.local', 'h-noite', `${today}T02:30:00Z`);
  // Forty days ago, read: outside the range.
  await message('usuario@demo.local', 'z-antiga', noonOf(daysBack(40)));
  await pageRead(app.t.ctx, codes['z-antiga']?.id as string, undefined, PERSON);

  // Today, through the API with a tag (the send's single statement inserts messages and tags).
  const usuario = await app.as('usuario@demo.local');
  tagA = await label(usuario, 'Cobrança');
  tagB = await label(usuario, 'Contratos');
  const sent = await app.t.send(usuario.authorization?.slice(7) as string, {
    destinataires: [
      { to: 'i-hoje@cliente.test', nameTo: 'i-hoje' },
      { to: 'j-hoje@cliente.test', nameTo: 'j-hoje' },
    ],
    nameFrom: 'Teste',
    subject: 'Aviso',
    content: '<p>Olá</p>',
    etiquetasSelected: [tagA],
  });
  expect(sent.statusCode, sent.body).toBe(200);
  for (const m of sent.json().emails as { ema_uni_codigo: number; ema_uni_id: string; ema_uni_to: string }[])
    codes[m.ema_uni_to.split('@')[0] as string] = { code: m.ema_uni_codigo, id: m.ema_uni_id };
  // Tags after the send: Contratos on i, Cobrança off j and on the answered g.
  expect((await app.call('POST', `/emails/send/${codes['i-hoje']?.code}/etiquetas`, usuario, [tagB])).statusCode).toBe(200);
  expect((await app.call('DELETE', `/emails/send/${codes['j-hoje']?.code}/etiquetas/${tagA}`, usuario)).statusCode).toBe(200);
  expect((await app.call('POST', `/emails/send/${codes['g-respondida']?.code}/etiquetas`, usuario, [tagA])).statusCode).toBe(200);

  // Others: the manager of the same entity, the postpaid entity's user, and another administration.
  await message('gerente@demo.local', 'k-gerente', noonOf(daysBack(1)));
  await event('k-gerente', 'delivered');
  await message('pos@demo.local', 'l-pos', noonOf(daysBack(1)));
  await message('usuario@outra.local', 'm-outra', noonOf(daysBack(1)));
  await event('m-outra', 'read', { classificacao: 'pessoa' });
  otherTag = await label(await app.as('usuario@outra.local'), 'Outra');
  expect(
    (await app.call('POST', `/emails/send/${codes['m-outra']?.code}/etiquetas`, await app.as('usuario@outra.local'), [otherTag]))
      .statusCode,
  ).toBe(200);
});

describe('POST /v2/dashboard/*, the figures', () => {
  it('sums the range: sent per channel send, delivered, read by people only, received replies', async () => {
    expect(await call('resume', as.usuario)).toEqual({ totalReceived: 1, totalSent: 10, totalDelivered: 4, totalOpen: 3, totalTags: 3 });
  });

  it('answers one entry per Brasília day of the range, zero days included', async () => {
    const rs = await call('receivedSent', as.usuario);
    expect(rs.dateXaxis).toEqual(days);
    expect(rs.dateXaxis).toHaveLength(30);
    const expected = (values: Record<string, number>) => days.map((d) => values[d] ?? 0);
    expect(rs.sentData).toEqual(expected({ [daysBack(2)]: 3, [daysBack(1)]: 5, [today]: 2 }));
    expect(rs.receivedData).toEqual(expected({ [today]: 1 }));
    const sd = await call('sentDelivered', as.usuario);
    expect(sd.sentData).toEqual(rs.sentData);
    expect(sd.deliveredData).toEqual(expected({ [daysBack(2)]: 1, [daysBack(1)]: 3 }));
    const dopen = await call('deliveredOpen', as.usuario);
    expect(dopen.deliveredData).toEqual(sd.deliveredData);
    expect(dopen.openData).toEqual(expected({ [daysBack(1)]: 3 }));
    const ch = await call('channels', as.usuario);
    expect(ch.totalEmails).toEqual(rs.sentData);
    for (const key of ['totalSMS', 'totalWhats', 'totalVoz', 'totalCarta']) expect(ch[key]).toEqual(expected({}));
  });

  it('counts the tags the messages carry now, and filters every call by one', async () => {
    expect(await call('tags', as.usuario)).toEqual({
      series: [2, 1],
      labels: ['Cobrança', 'Contratos'],
      colors: ['#336699', '#336699'],
      codes: [tagA, tagB],
    });
    // Cobrança: i (sent today) and the answered g (sent, delivered, read yesterday; its reply today).
    expect(await call('resume', as.usuario, { tag: tagA })).toEqual({
      totalReceived: 1,
      totalSent: 2,
      totalDelivered: 1,
      totalOpen: 1,
      totalTags: 2,
    });
    expect((await call('deliveredOpen', as.usuario, { tag: tagA })).openData[at(daysBack(1))]).toBe(1);
    expect(await call('tags', as.usuario, { tag: tagB })).toMatchObject({ series: [1], labels: ['Contratos'] });
    // Another administration's tag code finds nothing of this user (nor leaks that tag's figures).
    expect(await call('resume', as.usuario, { tag: otherTag })).toEqual({
      totalReceived: 0,
      totalSent: 0,
      totalDelivered: 0,
      totalOpen: 0,
      totalTags: 0,
    });
  });

  it('moves the counts when a message is read later, and a second read adds nothing', async () => {
    await pageRead(app.t.ctx, codes['a-enviada']?.id as string, undefined, PERSON);
    const after = await call('resume', as.usuario);
    expect(after).toMatchObject({ totalSent: 10, totalDelivered: 5, totalOpen: 4 });
    await pageRead(app.t.ctx, codes['a-enviada']?.id as string, undefined, PERSON);
    expect(await call('resume', as.usuario)).toEqual(after);
  });
});

describe('POST /v2/dashboard/*, whose messages', () => {
  it('gives a manager its own or its entity’s, an administrator also its company’s, never another tenant’s', async () => {
    const own = await call('resume', as.gerente);
    expect(own).toMatchObject({ totalSent: 1, totalDelivered: 1 });
    const entity = await call('resume', as.gerente, { escopo: 'entidade' });
    const usuario = await call('resume', as.usuario);
    expect(entity.totalSent).toBe(usuario.totalSent + 1);
    expect(await call('resume', as.admin, { escopo: 'entidade' })).toEqual(entity);
    // The company: both demo entities (pos@demo.local included), not the other administration.
    expect((await call('resume', as.admin, { escopo: 'empresa' })).totalSent).toBe(entity.totalSent + 1);
    expect(await call('resume', as.otherAdmin, { escopo: 'empresa' })).toEqual({
      totalReceived: 0,
      totalSent: 1,
      totalDelivered: 1,
      totalOpen: 1,
      totalTags: 1,
    });
    expect(await call('tags', as.otherAdmin, { escopo: 'empresa' })).toMatchObject({ labels: ['Outra'] });
    expect((await call('tags', as.admin, { escopo: 'empresa' })).labels).toEqual(['Cobrança', 'Contratos']);
  });

  it('refuses a scope the level may not choose with 403', async () => {
    for (const [headers, escopo] of [
      [as.usuario, 'entidade'],
      [as.usuario, 'empresa'],
      [as.gerente, 'empresa'],
    ] as const) {
      const res = await app.call('POST', '/dashboard/resume', headers, { dateRange: RANGE, tag: null, escopo });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(DASHBOARD_MSG.scopeNotAllowed);
    }
  });

  it('answers 401 without a session', async () => {
    const calls = ['resume', 'receivedSent', 'tags', 'sentDelivered', 'deliveredOpen', 'channels'].map((c) => `POST /dashboard/${c}`);
    expect(await withoutSession(app, calls, { dateRange: RANGE, tag: null })).toEqual([]);
  });
});

describe('POST /v2/dashboard/*, the range (spec 000 §5, §9)', () => {
  it('refuses with the spec text: a missing date, more than 30 days, from after to, a future day', async () => {
    const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    for (const dateRange of [
      undefined,
      [],
      [today],
      [today, null],
      [daysBack(30), today],
      [today, daysBack(1)],
      [today, tomorrow],
      ['x', today],
    ]) {
      for (const path of ['resume', 'channels', 'tags']) {
        const res = await app.call('POST', `/dashboard/${path}`, as.usuario, { dateRange, tag: null });
        expect({ dateRange, status: res.statusCode, message: res.json().message }).toEqual({
          dateRange,
          status: 400,
          message: DASHBOARD_MSG.invalidRange,
        });
      }
    }
    expect((await call('resume', as.usuario, { dateRange: [daysBack(29), today] })).totalSent).toBeGreaterThan(0);
  });
});

/**
 * The counts recomputed from the base tables: each message's statuses from its events (a person's
 * only: classified 'pessoa' or unclassified, as docs/reads.md), its tags, its replies.
 */
async function recount() {
  const messages = await db.selectFrom('emails').select(['ema_uni_codigo', 'cod_usu', 'ema_uni_data_criacao']).execute();
  const events = await db.selectFrom('email_eventos').select(['cod_email', 'evt_canal', 'evt_tipo', 'evt_detalhes']).execute();
  const tags = await db.selectFrom('email_etiquetas').select(['cod_email', 'cod_etiqueta']).execute();
  const replies = await db.selectFrom('emails_recebidos').select(['cod_usu', 'cod_email_reply_base', 'rec_data_recebimento']).execute();
  const reached = new Map<string, number>();
  for (const e of events) {
    const classe = (e.evt_detalhes as { classificacao?: string }).classificacao;
    if (classe !== undefined && classe !== 'pessoa') continue;
    const key = `${e.cod_email}|${e.evt_canal}`;
    reached.set(key, (reached.get(key) ?? 0) | (REACHED_BITS[e.evt_tipo as StatusType] ?? 0));
  }
  const tagsOf = (cod: number) => [0, ...tags.filter((t) => t.cod_email === cod).map((t) => t.cod_etiqueta)];
  const counts = new Map<string, number[]>();
  const add = (key: string, figures: number[]) => {
    const now = counts.get(key) ?? [0, 0, 0, 0];
    counts.set(
      key,
      now.map((v, i) => v + (figures[i] ?? 0)),
    );
  };
  const readBits = REACHED_BITS.track! | REACHED_BITS.read! | REACHED_BITS.acknowledged! | REACHED_BITS.answered!;
  const deliveredBits = readBits | REACHED_BITS.delivered! | REACHED_BITS.viewed!;
  for (const m of messages) {
    for (const canal of ['email', 'sms', 'whatsapp', 'voz']) {
      const bits = reached.get(`${m.ema_uni_codigo}|${canal}`) ?? 0;
      if (bits === 0) continue;
      for (const tag of tagsOf(m.ema_uni_codigo))
        add(`${m.cod_usu}|${tag}|${brasiliaIsoDay(m.ema_uni_data_criacao)}|${canal}`, [
          1,
          bits & deliveredBits ? 1 : 0,
          bits & readBits ? 1 : 0,
          0,
        ]);
    }
  }
  for (const r of replies)
    for (const tag of tagsOf(r.cod_email_reply_base))
      add(`${r.cod_usu}|${tag}|${brasiliaIsoDay(r.rec_data_recebimento)}|email`, [0, 0, 0, 1]);
  return Object.fromEntries([...counts].filter(([, v]) => v.some((x) => x !== 0)).sort());
}

async function kept() {
  const rows = await db
    .selectFrom('dashboard_contagem')
    .select([
      'cod_usu',
      'cod_etiqueta',
      sql<string>`to_char(dia, 'YYYY-MM-DD')`.as('dia'),
      'canal',
      'enviados',
      'entregues',
      'lidos',
      'recebidos',
    ])
    .execute();
  return Object.fromEntries(
    rows
      .map((r) => [`${r.cod_usu}|${r.cod_etiqueta}|${r.dia}|${r.canal}`, [r.enviados, r.entregues, r.lidos, r.recebidos]] as const)
      .filter(([, v]) => v.some((x) => x !== 0))
      .sort(),
  );
}

describe('the kept counts (migration 0017)', () => {
  it('agree with a recount after sends, reads by people and programs, failures, replies and tag changes', async () => {
    const expected = await recount();
    expect(Object.keys(expected).length).toBeGreaterThan(10);
    expect(await kept()).toEqual(expected);
  });

  it('stay right when a label is deleted and a message without events is removed', async () => {
    const usuario = await app.as('usuario@demo.local');
    expect((await app.call('DELETE', `/etiquetas/${tagB}`, usuario)).statusCode).toBe(200);
    const bare = await db
      .insertInto('emails')
      .values({
        cod_usu: ids.demo.usuario,
        ema_uni_envio: randomUUID(),
        ema_uni_name_from: 'Teste',
        ema_uni_from: 'usuario@demo.local',
        ema_uni_name_to: 'n',
        ema_uni_to: 'n@cliente.test',
        ema_uni_subject: 'Aviso',
        ema_uni_content: '<p>Olá</p>',
        ema_uni_content_sha256: '0'.repeat(64),
        ema_alcance_email: REACHED_BITS.processed,
      })
      .returning('ema_uni_codigo')
      .executeTakeFirstOrThrow();
    await db.insertInto('email_etiquetas').values({ cod_email: bare.ema_uni_codigo, cod_etiqueta: tagA }).execute();
    expect((await call('resume', as.usuario, { tag: tagA })).totalSent).toBe(3);
    await db.deleteFrom('emails').where('ema_uni_codigo', '=', bare.ema_uni_codigo).execute();
    expect((await call('resume', as.usuario, { tag: tagA })).totalSent).toBe(2);
    expect(await kept()).toEqual(await recount());
  });

  it('are rebuilt from the stored messages by the migration’s backfill', async () => {
    const before = await kept();
    await db.deleteFrom('dashboard_contagem').execute();
    await backfillDashboardCounts(db as unknown as Kysely<unknown>);
    expect(await kept()).toEqual(before);
  });
});
