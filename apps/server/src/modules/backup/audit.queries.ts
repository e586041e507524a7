import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { EVENT_HASH_COLUMNS, MESSAGE_HASH_COLUMNS } from '../evidence/chain-fields.ts';

/** What the evidence audit narrows to: messages created since a day, or one message by its uuid or code. */
export interface AuditFilter {
  since?: Date;
  message?: { uuid: string } | { codigo: number };
}

/**
 * One page of messages after `after` (keyset on the primary key: each page is an index range, the
 * walk holds one page at a time whatever the table's size), with the head of each chain and the
 * letter's files.
 */
export function messagePage(db: Kysely<DB>, after: number, limit: number, filter: AuditFilter) {
  let q = db
    .selectFrom('emails')
    .leftJoin('email_cadeias', 'email_cadeias.cod_email', 'emails.ema_uni_codigo')
    .leftJoin('cartas', 'cartas.cod_email', 'emails.ema_uni_codigo')
    .select([
      'ema_uni_codigo',
      ...MESSAGE_HASH_COLUMNS,
      'ema_uni_hash',
      'ema_uni_identificacao',
      'email_cadeias.cad_seq',
      'email_cadeias.cad_hash',
      'cartas.pdf_chave',
      'cartas.pdf_sha256',
      'cartas.ar_chave',
      'cartas.ar_sha256',
    ])
    .where('ema_uni_codigo', '>', after)
    .orderBy('ema_uni_codigo')
    .limit(limit);
  if (filter.since) q = q.where('ema_uni_data_criacao', '>=', filter.since);
  const m = filter.message;
  if (m && 'uuid' in m) q = q.where(sql<string>`ema_uni_id::text`, '=', m.uuid.toLowerCase());
  if (m && 'codigo' in m) q = q.where('ema_uni_codigo', '=', m.codigo);
  return q.execute();
}

/** The events of a page's messages in chain order, each with its time stamp's token (null when not stamped yet). */
export function eventsOfPage(db: Kysely<DB>, ids: number[]) {
  return db
    .selectFrom('email_eventos as e')
    .leftJoin('email_carimbos as c', 'c.evt_codigo', 'e.evt_codigo')
    .select([...EVENT_HASH_COLUMNS.map((c) => `e.${c}` as const), 'e.cod_email', 'c.car_token'])
    .where('e.cod_email', 'in', ids)
    .orderBy('e.cod_email')
    .orderBy('e.evt_seq')
    .execute();
}
