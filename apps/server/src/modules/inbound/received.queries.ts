import type { ReceivedListQuery } from '@ar/core';
import { type Kysely, sql } from 'kysely';
import { pagedList, searchTextMatches, searchWords } from '../../db/paged-list.ts';
import type { DB } from '../../db/schema.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';

const SORTABLE = {
  ema_uni_codigo: 'r.rec_codigo',
  from: 'r.rec_from',
  ema_uni_subject: 'r.rec_subject',
  ema_uni_data_criacao: 'r.rec_data_criacao',
  data_entrega: 'r.rec_data_recebimento',
};

const DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** A day typed dd/mm/aaaa as the UTC interval of that day in Brasília time (UTC-3, no daylight saving since 2019). */
export function brasiliaDay(term: string): { start: Date; end: Date } | null {
  const m = DATE.exec(term);
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const start = new Date(Date.UTC(y, mo - 1, d, 3));
  if (start.getUTCFullYear() !== y || start.getUTCMonth() !== mo - 1 || start.getUTCDate() !== d) return null;
  return { start, end: new Date(start.getTime() + 86_400_000) };
}

/**
 * One page of the user's received messages (GET /emails/received). The search term is an ID
 * (digits), a date dd/mm/aaaa (written or received that day), or text in the sender's address
 * or name or the subject.
 */
export async function listReceived(db: Kysely<DB>, scope: TenantScope, q: ReceivedListQuery) {
  // Words first, then a part inside words when they find nothing (as the sent list, migration 0026).
  const words = q.searchTerm && !brasiliaDay(q.searchTerm) ? await searchWords(db, q.searchTerm, 'emails_recebidos_busca_palavras') : null;
  const listed = await listReceivedBy(db, scope, q, words);
  return words !== null && listed.pagination.rowCount === 0 ? listReceivedBy(db, scope, q, null) : listed;
}

function listReceivedBy(db: Kysely<DB>, scope: TenantScope, q: ReceivedListQuery, words: string | null) {
  let base = db.selectFrom('emails_recebidos as r').where(scope.own('r'));
  const term = q.searchTerm;
  if (term) {
    const day = brasiliaDay(term);
    const text = searchTextMatches('r.rec_busca', term, words);
    if (day) {
      base = base.where((eb) =>
        eb.or([
          eb.and([eb('r.rec_data_criacao', '>=', day.start), eb('r.rec_data_criacao', '<', day.end)]),
          eb.and([eb('r.rec_data_recebimento', '>=', day.start), eb('r.rec_data_recebimento', '<', day.end)]),
        ]),
      );
    } else if (/^\d{1,9}$/.test(term)) {
      base = base.where((eb) => eb.or([eb('r.rec_codigo', '=', Number(term)), text]));
    } else {
      base = base.where(text);
    }
  }
  return pagedList(
    base.select([
      'r.rec_codigo',
      'r.rec_from',
      'r.rec_name_from',
      'r.rec_to',
      'r.rec_subject',
      'r.rec_data_criacao',
      'r.rec_data_recebimento',
      'r.rec_data_visualizacao',
      'r.cod_email_reply_base',
      sql<number>`jsonb_array_length(r.rec_attachments->'attachments')`.as('attachmentCount'),
    ]),
    q,
    { sortable: SORTABLE, tiebreak: 'r.rec_codigo' },
  );
}

/** One received message of the user, with the AR-Email it answers. */
export function findOwnReceived(db: Kysely<DB>, scope: TenantScope, id: number) {
  return db
    .selectFrom('emails_recebidos as r')
    .innerJoin('emails as e', 'e.ema_uni_codigo', 'r.cod_email_reply_base')
    .select([
      'r.rec_codigo',
      'r.rec_from',
      'r.rec_name_from',
      'r.rec_to',
      'r.rec_subject',
      'r.rec_content',
      'r.rec_text',
      'r.rec_attachments',
      'r.rec_data_criacao',
      'r.rec_data_recebimento',
      'r.rec_data_visualizacao',
      'r.cod_email_reply_base',
      'e.ema_uni_id',
      'e.ema_uni_subject',
    ])
    .where(scope.own('r'))
    .where('r.rec_codigo', '=', id)
    .executeTakeFirst();
}

/** The first opening of the user's own received message: when and by whom, kept once (a later opening changes nothing). */
export async function markViewed(db: Kysely<DB>, scope: TenantScope, id: number, who: Record<string, unknown>): Promise<Date | null> {
  const row = await db
    .updateTable('emails_recebidos')
    .set({ rec_data_visualizacao: sql<Date>`now()`, rec_visualizacao: JSON.stringify(who) })
    .where(scope.own('emails_recebidos'))
    .where('rec_codigo', '=', id)
    .where('rec_data_visualizacao', 'is', null)
    .returning('rec_data_visualizacao')
    .executeTakeFirst();
  return row?.rec_data_visualizacao ?? null;
}

export function findOwnSentCode(db: Kysely<DB>, scope: TenantScope, id: number) {
  return db.selectFrom('emails').select('ema_uni_codigo').where(scope.own('emails')).where('ema_uni_codigo', '=', id).executeTakeFirst();
}
