import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { type EventForHash, eventHash, genesisHash, type MessageForHash, messageHash } from './canonical.ts';
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

export interface ChainedEventInput {
  cod_email: number;
  canal: DB['email_eventos']['evt_canal'];
  tipo: string;
  ip: string | null;
  userAgent: string | null;
  geo: GeoIp | null;
  detalhes: Record<string, unknown>;
}

/**
 * Appends one event at the end of its message's chain. Must run inside a transaction: the message
 * row is locked (FOR UPDATE), so appends of one message are serialised and the chain cannot fork;
 * the unique (cod_email, evt_seq) index would refuse a fork anyway. The time comes from the
 * database clock, cut to milliseconds so the stored value is exactly the one hashed.
 * Answers null when the event already exists (a second 'send' of a channel).
 */
export async function appendChainedEvent(
  trx: Transaction<DB>,
  e: ChainedEventInput,
): Promise<{ evt_codigo: number; evt_hash: string } | null> {
  const msg = await trx
    .selectFrom('emails')
    .select([...MESSAGE_HASH_COLUMNS, 'ema_uni_hash', sql<Date>`date_trunc('milliseconds', clock_timestamp())`.as('agora')])
    .where('ema_uni_codigo', '=', e.cod_email)
    .forUpdate()
    .executeTakeFirstOrThrow();
  let msgHash = msg.ema_uni_hash;
  if (!msgHash) {
    msgHash = messageHash(msg as MessageForHash);
    await trx.updateTable('emails').set({ ema_uni_hash: msgHash }).where('ema_uni_codigo', '=', e.cod_email).execute();
  }
  if (e.tipo === 'send') {
    const sent = await trx
      .selectFrom('email_eventos')
      .select('evt_codigo')
      .where('cod_email', '=', e.cod_email)
      .where('evt_canal', '=', e.canal)
      .where('evt_tipo', '=', 'send')
      .executeTakeFirst();
    if (sent) return null;
  }
  const last = await trx
    .selectFrom('email_eventos')
    .select(['evt_seq', 'evt_hash'])
    .where('cod_email', '=', e.cod_email)
    .orderBy('evt_seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  const fields = eventFields(e, msg, msgHash, last);
  const hash = eventHash(fields);
  const inserted = await trx
    .insertInto('email_eventos')
    .values(eventRow(e, fields, hash))
    .onConflict((oc) => oc.columns(['cod_email', 'evt_canal']).where('evt_tipo', '=', 'send').doNothing())
    .returning('evt_codigo')
    .executeTakeFirst();
  return inserted ? { evt_codigo: Number(inserted.evt_codigo), evt_hash: hash } : null;
}

/**
 * Appends one event to each of several messages' chains (different messages, so different chains)
 * with a fixed number of statements whatever their number: the messages locked and read in one
 * query, their last events in one (and their 'send' events, for a batch of sends), the events
 * inserted in one, message hashes fixed in one. Same rules, fields and hashes as
 * appendChainedEvent: a 'send' of a channel that already has one is left out. Answers the events
 * appended, in the order given.
 */
export async function appendChainedEvents(
  trx: Transaction<DB>,
  events: ChainedEventInput[],
): Promise<{ cod_email: number; evt_codigo: number; evt_hash: string }[]> {
  if (events.length === 0) return [];
  const ids = events.map((e) => e.cod_email);
  if (new Set(ids).size !== ids.length) throw new Error('appendChainedEvents: one event per message');
  const messages = await trx
    .selectFrom('emails')
    .select([
      'ema_uni_codigo',
      ...MESSAGE_HASH_COLUMNS,
      'ema_uni_hash',
      sql<Date>`date_trunc('milliseconds', clock_timestamp())`.as('agora'),
    ])
    .where('ema_uni_codigo', 'in', ids)
    .orderBy('ema_uni_codigo')
    .forUpdate()
    .execute();
  const byId = new Map(messages.map((m) => [Number(m.ema_uni_codigo), m]));
  const lasts = await trx
    .selectFrom('email_eventos')
    .select(['cod_email', 'evt_seq', 'evt_hash'])
    .distinctOn('cod_email')
    .where('cod_email', 'in', ids)
    .orderBy('cod_email')
    .orderBy('evt_seq', 'desc')
    .execute();
  const lastOf = new Map(lasts.map((l) => [Number(l.cod_email), l]));
  const sent = events.some((e) => e.tipo === 'send')
    ? await trx
        .selectFrom('email_eventos')
        .select(['cod_email', 'evt_canal'])
        .where('cod_email', 'in', ids)
        .where('evt_tipo', '=', 'send')
        .execute()
    : [];
  const isSent = new Set(sent.map((r) => `${r.cod_email}|${r.evt_canal}`));
  const todo = events.filter((e) => e.tipo !== 'send' || !isSent.has(`${e.cod_email}|${e.canal}`));
  if (todo.length === 0) return [];
  const newHashes: { id: number; hash: string }[] = [];
  const rows = todo.map((e) => {
    const msg = byId.get(e.cod_email);
    if (!msg) throw new Error(`message ${e.cod_email} not found`);
    let msgHash = msg.ema_uni_hash;
    if (!msgHash) {
      msgHash = messageHash(msg as MessageForHash);
      newHashes.push({ id: e.cod_email, hash: msgHash });
    }
    const fields = eventFields(e, msg, msgHash, lastOf.get(e.cod_email));
    return { fields, hash: eventHash(fields), cod_email: e.cod_email, canal: e.canal };
  });
  if (newHashes.length) {
    // ema_uni_hash is set once (a trigger refuses any later change): only where it is still null.
    await sql`UPDATE emails AS m SET ema_uni_hash = v.hash
      FROM (VALUES ${sql.join(newHashes.map((h) => sql`(${h.id}::bigint, ${h.hash}::text)`))}) AS v(id, hash)
      WHERE m.ema_uni_codigo = v.id AND m.ema_uni_hash IS NULL`.execute(trx);
  }
  const inserted = await trx
    .insertInto('email_eventos')
    .values(rows.map((r) => eventRow(r, r.fields, r.hash)))
    .onConflict((oc) => oc.columns(['cod_email', 'evt_canal']).where('evt_tipo', '=', 'send').doNothing())
    .returning(['evt_codigo', 'cod_email'])
    .execute();
  const codeOf = new Map(inserted.map((r) => [Number(r.cod_email), Number(r.evt_codigo)]));
  return rows
    .filter(({ cod_email }) => codeOf.has(cod_email))
    .map(({ hash, cod_email }) => ({ cod_email, evt_codigo: codeOf.get(cod_email) as number, evt_hash: hash }));
}

/**
 * The first event of a message that is stored in the same statement as the event (a send's
 * 'processed' events): seq 1 after the genesis hash, at the database time `msg.agora` read in the
 * same transaction. Same fields and hashes as appendChainedEvent gives a message without events.
 * The message hash is over `msg` as given: the caller must check it against the row as stored
 * (messageHash of the RETURNING values) and give up the statement if they differ.
 */
export function firstChainedEvent(
  msg: MessageForHash & { agora: Date },
  e: ChainedEventInput,
): { messageHash: string; row: Insertable<DB['email_eventos']> } {
  const msgHash = messageHash(msg);
  const fields = eventFields(e, msg, msgHash, undefined);
  return { messageHash: msgHash, row: eventRow(e, fields, eventHash(fields)) };
}

/** The hashed fields of the event appended after `last` (or first, after the genesis hash). */
function eventFields(
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
function eventRow(
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
 * never refused for a stray byte in a user agent or a bounce report).
 */
function storable(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll(String.fromCharCode(0), '\uFFFD').replace(LONE_SURROGATE, '\uFFFD');
  if (Array.isArray(value)) return value.map(storable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storable(k) as string, storable(v)]));
  }
  return value;
}

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

export interface ChainReport {
  cod_email: number;
  uuid: string;
  /** Hash of the message as stored now, and the one fixed when its first event was chained. */
  messageHash: string;
  storedMessageHash: string | null;
  events: number;
  isIntact: boolean;
  /** The first event whose stored hash is not what its fields and predecessor give. */
  firstBroken: { evt_codigo: number; evt_seq: number; reason: string } | null;
  lastHash: string | null;
}

/**
 * Recomputes a message's chain from what is stored: the message hash from its content, the
 * genesis, then each event in order. Any changed byte (content, an event field, a deleted or
 * reordered event) shows up as the first broken event.
 */
export async function checkChain(db: Kysely<DB>, cod_email: number): Promise<ChainReport | null> {
  const msg = await db
    .selectFrom('emails')
    .select([...MESSAGE_HASH_COLUMNS, 'ema_uni_hash'])
    .where('ema_uni_codigo', '=', cod_email)
    .executeTakeFirst();
  if (!msg) return null;
  const events: StoredEvent[] = await db
    .selectFrom('email_eventos')
    .select([...EVENT_HASH_COLUMNS])
    .where('cod_email', '=', cod_email)
    .orderBy('evt_seq')
    .execute();
  const current = messageHash(msg as MessageForHash);
  const report: ChainReport = {
    cod_email,
    uuid: msg.ema_uni_id,
    messageHash: current,
    storedMessageHash: msg.ema_uni_hash,
    events: events.length,
    isIntact: true,
    firstBroken: null,
    lastHash: null,
  };
  const broken = (ev: StoredEvent, reason: string) => {
    report.isIntact = false;
    report.firstBroken = { evt_codigo: Number(ev.evt_codigo), evt_seq: ev.evt_seq, reason };
    return report;
  };
  let previous = genesisHash(msg.ema_uni_id, current);
  for (const [i, ev] of events.entries()) {
    if (ev.evt_seq !== i + 1) return broken(ev, `sequência ${ev.evt_seq} onde se esperava ${i + 1} (evento removido ou fora de ordem)`);
    if (ev.evt_hash_anterior !== previous) {
      return broken(
        ev,
        i === 0 && msg.ema_uni_hash !== current
          ? 'o conteúdo da mensagem não é o que foi registrado (hash da mensagem diferente)'
          : 'o hash anterior gravado não é o hash do evento anterior',
      );
    }
    const hash = recomputeEventHash(msg.ema_uni_id, ev, previous);
    if (hash !== ev.evt_hash) return broken(ev, 'os dados do evento não correspondem ao seu hash');
    previous = hash;
    report.lastHash = hash;
  }
  return report;
}
