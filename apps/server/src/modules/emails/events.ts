import { type Channel, REACHED_BITS, type StatusType, tsaLabel } from '@ar/core';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { PgBoss } from 'pg-boss';
import type { DB } from '../../db/schema.ts';
import { appendChainedEvent, appendChainedEvents } from '../evidence/chain.ts';
import { lookupGeo } from '../evidence/geo.ts';
import { queueStamps } from '../evidence/stamp.worker.ts';

/** How far a channel's status has come; a failure outranks sending and delivery, not a read. */
const STATUS_RANK: Record<string, number> = {
  processed: 0,
  send: 1,
  delivered: 2,
  viewed: 3,
  erro: 3,
  track: 4,
  read: 5,
  acknowledged: 6,
  answered: 7,
};
export const statusRank = (tipo: string | null) => (tipo === null ? -1 : (STATUS_RANK[tipo] ?? 0));

export interface NewEvent {
  cod_email: number;
  canal: Channel;
  tipo: StatusType;
  ip?: string | null;
  userAgent?: string | null;
  detalhes?: Record<string, unknown>;
  /**
   * Whether the event becomes the channel's current status (default). Evidence that is not a
   * status of its own (a click, a download, an open by an image proxy) is recorded without.
   */
  affectsStatus?: boolean;
}

const STATUS_COLUMN = {
  email: 'ema_status_email',
  sms: 'ema_status_sms',
  whatsapp: 'ema_status_whatsapp',
  voz: 'ema_status_voz',
} as const;

/** The statuses each channel has reached (the sent list's filter; migration 0015). */
const REACHED_COLUMN = {
  email: 'ema_alcance_email',
  sms: 'ema_alcance_sms',
  whatsapp: 'ema_alcance_whatsapp',
  voz: 'ema_alcance_voz',
} as const;

/**
 * Appends one event to a message's history and keeps the channel's last status on the message.
 * Answers false when the event was already recorded (a second 'send' of the same channel), which
 * is how the send workers stay idempotent.
 *
 * Evidence (docs/evidence.md): the event gets the place of its IP, its position in the message's
 * hash chain and its hash (appendChainedEvent, which locks the message row, so runs in a
 * transaction: the caller's, or one of its own); with `boss`, its time-stamp job is queued in the
 * same transaction (without, the stamp sweep queues it).
 */
export async function recordEvent(db: Kysely<DB>, e: NewEvent, boss?: PgBoss | null): Promise<boolean> {
  // Before the transaction: the first lookup reads the geolocation database from disk.
  const geo = lookupGeo(e.ip);
  const append = async (trx: Transaction<DB>) => {
    const appended = await appendChainedEvent(trx, {
      cod_email: e.cod_email,
      canal: e.canal,
      tipo: e.tipo,
      ip: e.ip?.slice(0, 64) ?? null,
      userAgent: e.userAgent ?? null,
      geo,
      detalhes: e.detalhes ?? {},
    });
    if (!appended) return false;
    if (e.canal !== 'carta' && e.affectsStatus !== false) {
      // The current status only moves forward: a late delivery report never hides a read, and
      // nothing hides an acceptance or a reply. (The message row is locked by the append.)
      // Every status event is also kept among the statuses the channel has reached.
      const column = STATUS_COLUMN[e.canal];
      const reached = REACHED_COLUMN[e.canal];
      const current = await trx.selectFrom('emails').select(column).where('ema_uni_codigo', '=', e.cod_email).executeTakeFirst();
      const now = (current as Record<string, string | null> | undefined)?.[column] ?? null;
      await trx
        .updateTable('emails')
        .set({
          ...(statusRank(e.tipo) >= statusRank(now) ? { [column]: e.tipo } : {}),
          [reached]: sql`${sql.ref(reached)} | ${REACHED_BITS[e.tipo] ?? 0}`,
        })
        .where('ema_uni_codigo', '=', e.cod_email)
        .execute();
    }
    if (boss) await queueStampsSafely(trx, boss, [appended.evt_codigo]);
    return true;
  };
  return db.isTransaction ? append(db as Transaction<DB>) : db.transaction().execute(append);
}

/**
 * recordEvent for one event of each of several messages (a send's 'processed' events, a worker
 * batch's 'send' events), in the caller's transaction, with a fixed number of statements: the chain
 * appends (appendChainedEvents), the statuses, and one insert of every stamp job. Same evidence as
 * one recordEvent per message. Answers the messages whose event was recorded (a second 'send' of a
 * channel is not).
 */
export async function recordEvents(trx: Transaction<DB>, events: NewEvent[], boss?: PgBoss | null): Promise<Set<number>> {
  if (events.length === 0) return new Set();
  const appended = await appendChainedEvents(
    trx,
    events.map((e) => ({
      cod_email: e.cod_email,
      canal: e.canal,
      tipo: e.tipo,
      ip: e.ip?.slice(0, 64) ?? null,
      userAgent: e.userAgent ?? null,
      geo: lookupGeo(e.ip),
      detalhes: e.detalhes ?? {},
    })),
  );
  // The statuses, grouped by channel and type; each only moves forward (the rows are locked by the
  // append), and is added to the statuses the channel has reached, in the same statement.
  type Group = { channel: keyof typeof STATUS_COLUMN; tipo: StatusType; ids: number[] };
  const groups = new Map<string, Group>();
  const recorded = new Set(appended.map((a) => a.cod_email));
  for (const e of events) {
    if (e.canal === 'carta' || e.affectsStatus === false || !recorded.has(e.cod_email)) continue;
    const group = groups.get(`${e.canal}|${e.tipo}`) ?? { channel: e.canal, tipo: e.tipo, ids: [] };
    group.ids.push(e.cod_email);
    groups.set(`${e.canal}|${e.tipo}`, group);
  }
  for (const { channel, tipo, ids } of groups.values()) {
    const column = STATUS_COLUMN[channel];
    const reached = REACHED_COLUMN[channel];
    const below = Object.entries(STATUS_RANK)
      .filter(([, rank]) => rank > statusRank(tipo))
      .map(([t]) => t);
    const moves = below.length
      ? sql<string>`CASE WHEN ${sql.ref(column)} IS NULL OR ${sql.ref(column)} NOT IN (${sql.join(below)}) THEN ${tipo} ELSE ${sql.ref(column)} END`
      : sql<string>`${tipo}`;
    await trx
      .updateTable('emails')
      .set({ [column]: moves, [reached]: sql`${sql.ref(reached)} | ${REACHED_BITS[tipo] ?? 0}` })
      .where('ema_uni_codigo', 'in', ids)
      .execute();
  }
  if (boss)
    await queueStampsSafely(
      trx,
      boss,
      appended.map((a) => a.evt_codigo),
    );
  return recorded;
}

/**
 * The stamp job must never cost the event: a queue that fails (stopped, unreachable) is rolled back
 * to a savepoint and the event commits unstamped; the stamp sweep queues it later.
 */
export async function queueStampsSafely(trx: Transaction<DB>, boss: PgBoss, evt_codigos: number[]): Promise<void> {
  await sql`SAVEPOINT carimbo`.execute(trx);
  try {
    await queueStamps(trx, boss, evt_codigos);
    await sql`RELEASE SAVEPOINT carimbo`.execute(trx);
  } catch {
    await sql`ROLLBACK TO SAVEPOINT carimbo`.execute(trx);
  }
}

export function eventsOf(db: Kysely<DB>, cod_email: number) {
  return db
    .selectFrom('email_eventos')
    .select(['evt_codigo', 'evt_canal', 'evt_tipo', 'evt_data', 'evt_ip', 'evt_user_agent', 'evt_detalhes'])
    .where('cod_email', '=', cod_email)
    .orderBy('evt_codigo')
    .execute();
}

export const hasSendEvent = async (db: Kysely<DB>, cod_email: number, canal: Channel) =>
  !!(await db
    .selectFrom('email_eventos')
    .select(sql<number>`1`.as('x'))
    .where('cod_email', '=', cod_email)
    .where('evt_canal', '=', canal)
    .where('evt_tipo', '=', 'send')
    .executeTakeFirst());

/** Every event of the message in chain order, with its time stamp when it has one. */
export function eventsWithStamps(db: Kysely<DB>, cod_email: number) {
  return db
    .selectFrom('email_eventos as e')
    .leftJoin('email_carimbos as c', 'c.evt_codigo', 'e.evt_codigo')
    .select([
      'e.evt_codigo',
      'e.evt_seq',
      'e.evt_canal',
      'e.evt_tipo',
      'e.evt_data',
      'e.evt_ip',
      'e.evt_user_agent',
      'e.evt_cidade',
      'e.evt_estado',
      'e.evt_pais',
      'e.evt_lat',
      'e.evt_lng',
      'e.evt_detalhes',
      'e.evt_hash_anterior',
      'e.evt_hash',
      'c.car_token',
      'c.car_serial',
      'c.car_gen_time',
      'c.car_tsa',
      'c.car_tsa_url',
    ])
    .where('e.cod_email', '=', cod_email)
    .orderBy('e.evt_seq')
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, car_tsa: tsaLabel(r.car_tsa) })));
}
export type EventWithStamp = Awaited<ReturnType<typeof eventsWithStamps>>[number];
