import { tsaLabel } from '@ar/core';
import { type Kysely, type QueryCreator, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { EMAIL_STATUS_CHANNEL } from '../../realtime/channels.ts';

/**
 * The statements of a message's events (events.ts): its channels' current and reached statuses on
 * the message row, and the reads of its history. Events are keyed by their message: a signed-in
 * user's request reaches them only through a message found in its scope (findOwnMessage,
 * findOwnMessageForProof); the workers, inbound SMTP and the public page by their own keys.
 */

const STATUS_COLUMN = {
  email: 'ema_status_email',
  sms: 'ema_status_sms',
  whatsapp: 'ema_status_whatsapp',
  voz: 'ema_status_voz',
  carta: 'ema_status_carta',
} as const;

/** The statuses each channel has reached (the sent list's filter; migration 0015). */
const REACHED_COLUMN = {
  email: 'ema_alcance_email',
  sms: 'ema_alcance_sms',
  whatsapp: 'ema_alcance_whatsapp',
  voz: 'ema_alcance_voz',
  carta: 'ema_alcance_carta',
} as const;

/** The channels whose status the message row keeps (a letter's since migration 0027-cartas). */
export type StatusChannel = keyof typeof STATUS_COLUMN;

/** A channel's current status on the message row. */
export async function channelStatusOf(db: Kysely<DB>, cod_email: number, channel: StatusChannel): Promise<string | null> {
  const column = STATUS_COLUMN[channel];
  const current = await db.selectFrom('emails').select(column).where('ema_uni_codigo', '=', cod_email).executeTakeFirst();
  return (current as Record<string, string | null> | undefined)?.[column] ?? null;
}

/**
 * Tells the owner's open screens that a channel took a step that is evidence without a status of its
 * own (a call's recording, a letter in transit, a download): the same `ar_email_status` NOTIFY the
 * status trigger sends (docs/realtime.md), with the channel's current status and `p` (a step: no
 * status changed, so no notification or totals), so the sent list and detail reload as for a status change. In the event's transaction: PostgreSQL (and PGlite)
 * deliver it at commit and drop it on a rollback.
 */
export async function notifyChannelStep(db: Kysely<DB>, cod_email: number, channel: StatusChannel): Promise<void> {
  const column = sql.ref(`e.${STATUS_COLUMN[channel]}`);
  await sql`SELECT pg_notify(${EMAIL_STATUS_CHANNEL}, json_build_object('s', current_schema(), 'u', e.cod_usu,
      'e', json_build_array(json_build_array(e.ema_uni_codigo, e.ema_uni_id, ${channel}::text, ${column})), 'p', true)::text)
    FROM emails e WHERE e.ema_uni_codigo = ${cod_email}`.execute(db);
}

/** notifyChannelStep for several messages of one channel: one NOTIFY per owner, every message of theirs in it. */
export async function notifyChannelSteps(db: Kysely<DB>, cod_emails: number[], channel: StatusChannel): Promise<void> {
  if (cod_emails.length === 0) return;
  const column = sql.ref(`e.${STATUS_COLUMN[channel]}`);
  await sql`SELECT pg_notify(${EMAIL_STATUS_CHANNEL}, json_build_object('s', current_schema(), 'u', e.cod_usu,
      'e', json_agg(json_build_array(e.ema_uni_codigo, e.ema_uni_id, ${channel}::text, ${column})), 'p', true)::text)
    FROM emails e WHERE e.ema_uni_codigo IN (${sql.join(cod_emails)}) GROUP BY e.cod_usu`.execute(db);
}

/** Sets a channel's current status (unless `tipo` is null) and adds `reachedBit` to the statuses it has reached. */
export async function setChannelStatus(
  db: Kysely<DB>,
  cod_email: number,
  channel: StatusChannel,
  change: { tipo: string | null; reachedBit: number },
): Promise<void> {
  const column = STATUS_COLUMN[channel];
  const reached = REACHED_COLUMN[channel];
  await db
    .updateTable('emails')
    .set({
      ...(change.tipo !== null ? { [column]: change.tipo } : {}),
      [reached]: sql`${sql.ref(reached)} | ${change.reachedBit}`,
    })
    .where('ema_uni_codigo', '=', cod_email)
    .execute();
}

/**
 * The same for several messages in one statement: the status becomes `tipo` unless the channel is
 * already at one of `unlessAt` (the statuses ranked ahead of it), and `reachedBit` is added. The
 * send worker's journal rows in `forget` (email_aceites, their 'send' events just recorded) are
 * deleted by the same statement.
 */
export async function advanceChannelStatuses(
  db: Kysely<DB>,
  ids: number[],
  channel: StatusChannel,
  change: { tipo: string; unlessAt: string[]; reachedBit: number; forget?: number[] },
): Promise<void> {
  const column = STATUS_COLUMN[channel];
  const reached = REACHED_COLUMN[channel];
  const { tipo, unlessAt } = change;
  const moves = unlessAt.length
    ? sql<string>`CASE WHEN ${sql.ref(column)} IS NULL OR ${sql.ref(column)} NOT IN (${sql.join(unlessAt)}) THEN ${tipo} ELSE ${sql.ref(column)} END`
    : sql<string>`${tipo}`;
  const forget = change.forget ?? [];
  const source = forget.length
    ? (db.with('esquecidas', (w) => w.deleteFrom('email_aceites').where('cod_email', 'in', forget)) as unknown as QueryCreator<DB>)
    : db;
  await source
    .updateTable('emails')
    .set({ [column]: moves, [reached]: sql`${sql.ref(reached)} | ${change.reachedBit}` })
    .where('ema_uni_codigo', 'in', ids)
    .execute();
}

export function eventsOf(db: Kysely<DB>, cod_email: number) {
  return db
    .selectFrom('email_eventos')
    .select([
      'evt_codigo',
      'evt_canal',
      'evt_tipo',
      'evt_data',
      'evt_ip',
      'evt_user_agent',
      'evt_cidade',
      'evt_estado',
      'evt_pais',
      'evt_lat',
      'evt_lng',
      'evt_detalhes',
    ])
    .where('cod_email', '=', cod_email)
    .orderBy('evt_codigo')
    .execute();
}

export const hasSendEvent = async (db: Kysely<DB>, cod_email: number, canal: DB['email_eventos']['evt_canal']) =>
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
