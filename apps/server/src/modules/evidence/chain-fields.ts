import type { Insertable, Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { type EventForHash, eventHash, genesisHash } from './canonical.ts';
import type { GeoIp } from './geo.ts';

/** The columns of a message that its hash covers (canonical.ts, messageSerialisation). */
export const MESSAGE_HASH_COLUMNS = [
  'ema_uni_id',
  'ema_uni_from',
  'ema_uni_to',
  'ema_uni_subject',
  'ema_uni_content',
  'ema_uni_sms',
  'ema_uni_whatsapp',
  'ema_uni_attachments',
] as const;

/** The columns of an event that its hash covers, with its id and the hashes stored. */
export const EVENT_HASH_COLUMNS = [
  'evt_codigo',
  'evt_seq',
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
  'evt_hash_anterior',
  'evt_hash',
] as const;

export type StoredEvent = Pick<Selectable<DB['email_eventos']>, (typeof EVENT_HASH_COLUMNS)[number]>;

export interface ChainedEventInput {
  cod_email: number;
  canal: DB['email_eventos']['evt_canal'];
  tipo: string;
  ip: string | null;
  userAgent: string | null;
  geo: GeoIp | null;
  detalhes: Record<string, unknown>;
}

/** The hashed fields of the event appended after `last` (or first, after the genesis hash). */
export function eventFields(
  e: ChainedEventInput,
  msg: { ema_uni_id: string; agora: Date },
  msgHash: string,
  last: { evt_seq: number; evt_hash: string } | undefined,
): EventForHash {
  return {
    uuid: msg.ema_uni_id,
    seq: (last?.evt_seq ?? 0) + 1,
    canal: e.canal,
    tipo: e.tipo,
    data: new Date(msg.agora),
    ip: e.ip === null ? null : (storable(e.ip) as string),
    userAgent: e.userAgent === null ? null : (storable(e.userAgent) as string),
    cidade: e.geo?.cidade ?? null,
    estado: e.geo?.estado ?? null,
    pais: e.geo?.pais ?? null,
    lat: e.geo?.lat ?? null,
    lng: e.geo?.lng ?? null,
    // What jsonb will give back: the hash must be over the stored value, not over a Date or undefined.
    detalhes: storable(JSON.parse(JSON.stringify(e.detalhes))) as Record<string, unknown>,
    hashAnterior: last?.evt_hash ?? genesisHash(msg.ema_uni_id, msgHash),
  };
}

/** The email_eventos row of hashed fields. */
export function eventRow(
  { cod_email, canal }: Pick<ChainedEventInput, 'cod_email' | 'canal'>,
  fields: EventForHash,
  hash: string,
): Insertable<DB['email_eventos']> {
  return {
    cod_email,
    evt_seq: fields.seq,
    evt_canal: canal,
    evt_tipo: fields.tipo,
    evt_data: fields.data,
    evt_ip: fields.ip,
    evt_user_agent: fields.userAgent,
    evt_cidade: fields.cidade,
    evt_estado: fields.estado,
    evt_pais: fields.pais,
    evt_lat: fields.lat,
    evt_lng: fields.lng,
    evt_detalhes: JSON.stringify(fields.detalhes),
    evt_hash_anterior: fields.hashAnterior,
    evt_hash: hash,
  };
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Strings as PostgreSQL stores them: text and jsonb refuse NUL, and UTF-8 has no lone surrogates.
 * Both become U+FFFD before hashing, so the hash is over exactly what is stored (and the event is
 * never refused for a stray byte in a user agent or a bounce report). Also what keeps a reply
 * without a reference storable (unassigned-replies.queries.ts).
 */
export function storable(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll(String.fromCharCode(0), '\uFFFD').replace(LONE_SURROGATE, '\uFFFD');
  if (Array.isArray(value)) return value.map(storable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storable(k) as string, storable(v)]));
  }
  return value;
}

/** The hash an event's stored fields give, chained to `previous`. */
export function recomputeEventHash(uuid: string, ev: StoredEvent, previous: string): string {
  return eventHash({
    uuid,
    seq: ev.evt_seq,
    canal: ev.evt_canal,
    tipo: ev.evt_tipo,
    data: new Date(ev.evt_data),
    ip: ev.evt_ip,
    userAgent: ev.evt_user_agent,
    cidade: ev.evt_cidade,
    estado: ev.evt_estado,
    pais: ev.evt_pais,
    lat: ev.evt_lat === null ? null : Number(ev.evt_lat),
    lng: ev.evt_lng === null ? null : Number(ev.evt_lng),
    detalhes: ev.evt_detalhes,
    hashAnterior: previous,
  });
}
