import type { Channel } from '@ar/core';
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { messagesWithSender } from '../evidence/evidence.queries.ts';

/** A message as its public pages need it, with the owner's flags, the entity and the time it left. */
function publicSelect(db: Kysely<DB>) {
  return messagesWithSender(db).select([
    'm.ema_uni_codigo',
    'm.ema_uni_id',
    'm.ema_uni_subject',
    'm.ema_uni_name_from',
    'm.ema_uni_name_to',
    'm.ema_uni_to',
    'm.ema_uni_content',
    'm.ema_uni_data_criacao',
    'm.ema_uni_content_sha256',
    'm.ema_uni_hash',
    'm.ema_uni_sms',
    'm.ema_uni_whatsapp',
    'm.ema_uni_voz',
    'm.ema_uni_carta',
    'm.ema_uni_attachments',
    'm.ema_uni_oficio',
    'm.ema_uni_origem',
    'm.ema_verif_pergunta',
    'm.ema_verif_resposta',
    'm.ema_status_email',
    'u.usu_visualizar_geolocalizacao',
    'ent.ent_nome_fantasia',
    (eb) =>
      eb
        .selectFrom('email_eventos as s')
        .select('s.evt_data')
        .whereRef('s.cod_email', '=', 'm.ema_uni_codigo')
        .where('s.evt_canal', '=', 'email')
        .where('s.evt_tipo', '=', 'send')
        .limit(1)
        .as('sentAt'),
  ]);
}

export type PublicRow = NonNullable<Awaited<ReturnType<typeof findPublicMessage>>>;

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

export function findPublicMessage(db: Kysely<DB>, uuid: string) {
  if (!isUuid(uuid)) return Promise.resolve(undefined);
  return publicSelect(db).where('m.ema_uni_id', '=', uuid.toLowerCase()).executeTakeFirst();
}

/**
 * What decides whether a cached public page is still current (page-cache.ts): the question (checked
 * on every request), the owner's flag and entity name the page shows, and how many events the
 * message has, from its chain's head (one row by key, kept by the database on every event: docs/
 * evidence.md). A chain of one event has no head row: the message hash, fixed with the first event,
 * says whether there is that one.
 */
export async function findPublicVersion(db: Kysely<DB>, uuid: string) {
  if (!isUuid(uuid)) return undefined;
  const row = await messagesWithSender(db)
    .leftJoin('email_cadeias as cad', 'cad.cod_email', 'm.ema_uni_codigo')
    .select([
      'm.ema_uni_codigo',
      'm.ema_uni_id',
      'm.ema_verif_pergunta',
      'm.ema_verif_resposta',
      'u.usu_visualizar_geolocalizacao',
      'ent.ent_nome_fantasia',
      'cad.cad_seq',
      sql<boolean>`m.ema_uni_hash IS NOT NULL`.as('hashed'),
    ])
    .where('m.ema_uni_id', '=', uuid.toLowerCase())
    .executeTakeFirst();
  if (!row) return undefined;
  const { cad_seq, hashed, ...rest } = row;
  return { ...rest, eventos: cad_seq ?? (hashed ? 1 : 0) };
}

/** How many of a message's events are stamped (the page cache's check while some are still on their way). */
export async function countStamps(db: Kysely<DB>, cod_email: number): Promise<number> {
  const row = await db
    .selectFrom('email_eventos as e')
    .innerJoin('email_carimbos as c', 'c.evt_codigo', 'e.evt_codigo')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('e.cod_email', '=', cod_email)
    .executeTakeFirstOrThrow();
  return row.n;
}

export type PublicVersion = NonNullable<Awaited<ReturnType<typeof findPublicVersion>>>;

export function findPublicMessageByCode(db: Kysely<DB>, cod_email: number) {
  return publicSelect(db).where('m.ema_uni_codigo', '=', cod_email).executeTakeFirst();
}

export async function findMessageByAttachment(db: Kysely<DB>, attachmentUuid: string) {
  if (!isUuid(attachmentUuid)) return undefined;
  const msg = await publicSelect(db)
    .where(sql<boolean>`m.ema_uni_attachments->'attachments' @> ${JSON.stringify([{ uuidFilename: attachmentUuid.toLowerCase() }])}::jsonb`)
    .orderBy('m.ema_uni_codigo')
    .executeTakeFirst();
  const ref = msg?.ema_uni_attachments.attachments.find((a) => a.uuidFilename === attachmentUuid.toLowerCase());
  return msg && ref ? { msg, ref } : undefined;
}

export function findLink(db: Kysely<DB>, lnk: string) {
  if (!isUuid(lnk)) return Promise.resolve(undefined);
  return db.selectFrom('email_links').select(['cod_email', 'lnk_url']).where('lnk_uuid', '=', lnk.toLowerCase()).executeTakeFirst();
}

/** When a channel of the message was handed to its provider (its first 'send' event), or null. */
export async function channelSentAt(db: Kysely<DB>, cod_email: number, canal: Channel): Promise<Date | null> {
  const row = await db
    .selectFrom('email_eventos')
    .select('evt_data')
    .where('cod_email', '=', cod_email)
    .where('evt_canal', '=', canal)
    .where('evt_tipo', '=', 'send')
    .orderBy('evt_codigo')
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.evt_data) : null;
}

export async function hasEvent(db: Kysely<DB>, cod_email: number, canal: Channel, tipo: string) {
  return !!(await db
    .selectFrom('email_eventos')
    .select(sql<number>`1`.as('x'))
    .where('cod_email', '=', cod_email)
    .where('evt_canal', '=', canal)
    .where('evt_tipo', '=', tipo)
    .executeTakeFirst());
}

/** AR-Voz: the number called, the call's status, and its last recording's event (docs/voice.md). */
export async function findVoiceRecording(db: Kysely<DB>, cod_email: number) {
  const msg = await db
    .selectFrom('emails')
    .select(['ema_uni_voz', 'ema_status_voz'])
    .where('ema_uni_codigo', '=', cod_email)
    .executeTakeFirst();
  if (!msg?.ema_uni_voz) return undefined;
  const event = await db
    .selectFrom('email_eventos')
    .select(['evt_detalhes', 'evt_data'])
    .where('cod_email', '=', cod_email)
    .where('evt_canal', '=', 'voz')
    .where(sql<SqlBool>`evt_detalhes->>'etapa' = 'gravação da chamada'`)
    .orderBy('evt_seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { voz: msg.ema_uni_voz, status: msg.ema_status_voz, event };
}
