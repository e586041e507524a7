import { type Channel, paginationOf, reachedMask, type SentListQuery, type StatusType } from '@ar/core';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { searchTextMatches, searchWords } from '../../db/paged-list.ts';
import type { DB } from '../../db/schema.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import { MAX_KEPT_MATCHES, searchMatchesOf } from './search-matches.ts';

const SORTABLE = {
  ema_uni_codigo: 'e.ema_uni_codigo',
  ema_uni_to: 'e.ema_uni_to',
  ema_uni_subject: 'e.ema_uni_subject',
  ema_uni_identificacao: 'e.ema_uni_identificacao',
  ema_uni_data_criacao: 'e.ema_uni_codigo',
};

/** The statuses each channel has reached (migration 0015): what the status filter reads. */
const REACHED_COLUMN = {
  email: 'e.ema_alcance_email',
  sms: 'e.ema_alcance_sms',
  whatsapp: 'e.ema_alcance_whatsapp',
  voz: 'e.ema_alcance_voz',
  carta: 'e.ema_alcance_carta',
} as const;

export interface SentListRow {
  ema_uni_codigo: number;
  ema_uni_id: string;
  ema_uni_to: string | null;
  ema_uni_name_to: string;
  ema_uni_subject: string;
  ema_uni_identificacao: string;
  ema_uni_data_criacao: Date;
  ema_uni_sms: { number: string; messageContent: string } | null;
  ema_uni_whatsapp: { numberReceived: string; content: string } | null;
  /** The page's tags and, per channel, the current status (the row's status column) and when it was recorded, read by the same query. */
  tags: { eti_codigo: number; eti_nome: string; eti_cor: string }[];
  events: { evt_canal: Channel; evt_tipo: string; evt_data: string }[];
  total: number | null;
}

/**
 * One page of the user's sent messages, newest first by default (GET /emails/send), with its
 * rowCount, tags and current statuses in one query (docs/sent-list.md):
 * - the inner query finds the page's ids and, when filtered, counts every match with a window
 *   count in the same scan (a search walks the trigram index and the matching rows once, not
 *   twice as a page query plus a count query would);
 * - unfiltered, the total is the count the database keeps per user (migration 0006);
 * - the outer query joins the 25 rows and reads their tags and, per channel, the event of its
 *   current status (the status column, which only moves forward: icons, detail and filter agree);
 * - a search on the search text alone reads its ordered ids once and keeps them while the user's
 *   messages are the same (listKept, search-matches.ts): its later pages read only their rows.
 */
export async function listSent(db: Kysely<DB>, scope: TenantScope, q: SentListQuery) {
  // A term is looked up by its words first (migration 0026); only when they find nothing is it
  // looked up as a part inside words (the trigram index), so 'ilva' still finds joao.silva@….
  const words = q.searchTerm ? await searchWords(db, q.searchTerm, 'emails_busca_palavras') : null;
  const listed = await listSentBy(db, scope, q, words);
  return words !== null && listed.pagination.rowCount === 0 ? listSentBy(db, scope, q, null) : listed;
}

async function listSentBy(db: Kysely<DB>, scope: TenantScope, q: SentListQuery, words: string | null) {
  let base = db.selectFrom('emails as e').where(scope.own('e'));
  if (q.searchTerm) base = base.where(searchTextMatches('e.ema_uni_busca', q.searchTerm, words));
  if (q.searchTags.length) {
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('email_etiquetas as et')
          .select(sql`1`.as('x'))
          .whereRef('et.cod_email', '=', 'e.ema_uni_codigo')
          .where('et.cod_etiqueta', 'in', q.searchTags),
      ),
    );
  }
  const statusFilters = Object.entries(q.searchStatus).filter(([, values]) => values && values.length > 0);
  const unfiltered = !q.searchTerm && q.searchTags.length === 0 && statusFilters.length === 0;
  if (statusFilters.length) {
    // An option matches the messages whose channel reached that status (docs/sent-list.md, "Status filter"),
    // read from the row like the current status was: no scan of the events.
    base = base.where((eb) =>
      eb.or(
        statusFilters.map(
          ([channel, values]) =>
            sql<boolean>`(${sql.ref(REACHED_COLUMN[channel as keyof typeof REACHED_COLUMN])} & ${reachedMask(values as StatusType[])}) <> 0`,
        ),
      ),
    );
  }
  const sortRef = SORTABLE[q.column as keyof typeof SORTABLE];
  if (!sortRef) throw new Error(`column ${q.column} not in the allow-list`);
  const direction = q.order === 'DESC' ? 'desc' : 'asc';
  const sortRefs = sortRef === 'e.ema_uni_codigo' ? [sortRef] : [sortRef, 'e.ema_uni_codigo'];

  // A search on what never changes (the search text; the sort columns are written once): its
  // ordered ids are kept while the user's messages are the same (search-matches.ts).
  if (q.searchTerm && q.searchTags.length === 0 && statusFilters.length === 0) {
    const kept = await listKept(db, scope, q, base, sortRefs, direction, words);
    if (kept) return kept;
  }

  let page = base.select([
    'e.ema_uni_codigo',
    unfiltered ? sql<number | null>`null::int`.as('total') : sql<number>`(count(*) over ())::int`.as('total'),
  ]);
  for (const ref of sortRefs) page = page.orderBy(sql.ref(ref), direction);
  page = page.limit(q.limit).offset(q.offset);

  const joined = db.selectFrom(page.as('p')).innerJoin('emails as e', 'e.ema_uni_codigo', 'p.ema_uni_codigo');
  // The join's 'p' is only read by the total below; the columns are the same as a kept search's page.
  let query = withPageColumns(joined as unknown as PageSource).select(
    unfiltered
      ? sql<number | null>`(SELECT c.total FROM emails_contagem c WHERE ${scope.own('c')})`.as('total')
      : sql<number>`p.total`.as('total'),
  );
  for (const ref of sortRefs) query = query.orderBy(sql.ref(ref), direction);
  const rows: SentListRow[] = await query.execute();

  let rowCount = rows[0]?.total ?? null;
  if (rowCount === null) {
    // An empty page (past the end, or nothing matches) carries no total: ask for it.
    rowCount =
      q.offset === 0 && !unfiltered
        ? 0
        : unfiltered
          ? ((await db.selectFrom('emails_contagem').select('total').where(scope.own('emails_contagem')).executeTakeFirst())?.total ?? 0)
          : (((await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst()) as { n: number } | undefined)?.n ?? 0);
  }
  return { rows, pagination: paginationOf(q.offset, q.limit, rowCount) };
}

/** The columns of a page's rows, with their tags and current status per channel, read in the same query. */
type PageSource = SelectQueryBuilder<DB & { e: DB['emails'] }, 'e', object>;

function withPageColumns(qb: PageSource) {
  return qb.select([
    'e.ema_uni_codigo',
    'e.ema_uni_id',
    'e.ema_uni_to',
    'e.ema_uni_name_to',
    'e.ema_uni_subject',
    'e.ema_uni_identificacao',
    'e.ema_uni_data_criacao',
    'e.ema_uni_sms',
    'e.ema_uni_whatsapp',
    sql<SentListRow['tags']>`coalesce((
      SELECT json_agg(json_build_object('eti_codigo', t.eti_codigo, 'eti_nome', t.eti_nome, 'eti_cor', t.eti_cor) ORDER BY t.eti_nome)
      FROM email_etiquetas et JOIN etiquetas t ON t.eti_codigo = et.cod_etiqueta
      WHERE et.cod_email = e.ema_uni_codigo), '[]'::json)`.as('tags'),
    sql<SentListRow['events']>`coalesce((
      SELECT json_agg(json_build_object('evt_canal', x.evt_canal, 'evt_tipo', x.evt_tipo,
        'evt_data', to_char(x.evt_data AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY x.evt_canal)
      FROM (SELECT DISTINCT ON (v.evt_canal) v.evt_canal, v.evt_tipo, v.evt_data FROM email_eventos v
            WHERE v.cod_email = e.ema_uni_codigo
              AND v.evt_tipo = CASE v.evt_canal WHEN 'email' THEN e.ema_status_email WHEN 'sms' THEN e.ema_status_sms
                WHEN 'whatsapp' THEN e.ema_status_whatsapp WHEN 'voz' THEN e.ema_status_voz
                WHEN 'carta' THEN e.ema_status_carta ELSE v.evt_tipo END
              AND coalesce(v.evt_detalhes->>'classificacao', 'pessoa') = 'pessoa'
            ORDER BY v.evt_canal, v.evt_codigo DESC) x), '[]'::json)`.as('events'),
  ]);
}

/**
 * A page of a kept search: its ids from the kept list, its rows and the user's version in one
 * query. A version that moved (a message added or removed since) drops the list and reads it
 * again; null when the search matches too many rows to keep, or moved twice in a row — the caller
 * then reads it the usual way.
 */
async function listKept(
  db: Kysely<DB>,
  scope: TenantScope,
  q: SentListQuery,
  base: PageSource,
  sortRefs: string[],
  direction: 'asc' | 'desc',
  words: string | null,
) {
  const matches = searchMatchesOf(db);
  const key = [scope.owner, (q.searchTerm ?? '').toLowerCase(), sortRefs[0], direction, words ?? ''].join('\u0000');
  const versionOf = sql<string | null>`(SELECT c.versao::text FROM emails_contagem c WHERE ${scope.own('c')})`;
  for (let attempt = 0; attempt < 2; attempt++) {
    const entry = await matches.load(key, async () => {
      let ids = base.select('e.ema_uni_codigo');
      for (const ref of sortRefs) ids = ids.orderBy(sql.ref(ref), direction);
      // Version and ids in one statement: one snapshot.
      const row = await db
        .selectNoFrom([versionOf.as('version'), sql<number[]>`ARRAY(${ids.limit(MAX_KEPT_MATCHES + 1)})`.as('ids')])
        .executeTakeFirstOrThrow();
      return row.ids.length > MAX_KEPT_MATCHES ? null : { version: row.version ?? '0', ids: Int32Array.from(row.ids) };
    });
    if (!entry) return null;
    const pageIds = Array.from(entry.ids.subarray(q.offset, q.offset + q.limit));
    let rows: SentListRow[] = [];
    let version: string | null | undefined;
    if (pageIds.length > 0) {
      let query = withPageColumns(db.selectFrom('emails as e'))
        .select(versionOf.as('version'))
        .where(scope.own('e'))
        .where('e.ema_uni_codigo', 'in', pageIds);
      for (const ref of sortRefs) query = query.orderBy(sql.ref(ref), direction);
      const found = await query.execute();
      rows = found.map(({ version: _, ...r }) => ({ ...r, total: entry.ids.length }));
      version = found.length === pageIds.length ? (found[0]?.version ?? '0') : undefined;
    } else {
      version = (await db.selectNoFrom(versionOf.as('version')).executeTakeFirstOrThrow()).version ?? '0';
    }
    if (version === entry.version) return { rows, pagination: paginationOf(q.offset, q.limit, entry.ids.length) };
    matches.drop(key, entry);
  }
  return null;
}

/** The tags of one of the user's messages, by name (its tags are the user's own labels). */
export function tagsOfMessage(db: Kysely<DB>, scope: TenantScope, cod_email: number) {
  return db
    .selectFrom('email_etiquetas as et')
    .innerJoin('etiquetas as t', 't.eti_codigo', 'et.cod_etiqueta')
    .select(['t.eti_codigo', 't.eti_nome', 't.eti_cor'])
    .where(scope.own('t'))
    .where('et.cod_email', '=', cod_email)
    .orderBy('t.eti_nome')
    .execute();
}

export function findOwnMessage(db: Kysely<DB>, scope: TenantScope, id: number) {
  return db.selectFrom('emails').selectAll().where(scope.own('emails')).where('ema_uni_codigo', '=', id).executeTakeFirst();
}

/** Whether the signed-in user may view geolocation (usu_visualizar_geolocalizacao): the tracking panel's permission. */
export async function mayViewGeolocation(db: Kysely<DB>, scope: TenantScope): Promise<boolean> {
  const row = await db
    .selectFrom('usuarios')
    .select('usu_visualizar_geolocalizacao')
    .where(scope.own('usuarios', 'usu_codigo'))
    .executeTakeFirst();
  return !!row?.usu_visualizar_geolocalizacao;
}

/**
 * Puts the user's own tags on the user's own message: the rows inserted are those of the message
 * and the tags found in scope, so another user's message or tag adds nothing.
 */
export async function addTags(db: Kysely<DB>, scope: TenantScope, cod_email: number, codes: number[]) {
  await db
    .insertInto('email_etiquetas')
    .columns(['cod_email', 'cod_etiqueta'])
    .expression(
      db
        .selectFrom('emails as e')
        .innerJoin('etiquetas as t', (join) => join.on(scope.own('t')).on('t.eti_codigo', 'in', codes))
        .select(['e.ema_uni_codigo', 't.eti_codigo'])
        .where(scope.own('e'))
        .where('e.ema_uni_codigo', '=', cod_email),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Takes a tag off the user's own message; false when there was none (or the message is not the user's). */
export async function removeTag(db: Kysely<DB>, scope: TenantScope, cod_email: number, code: number) {
  const res = await db
    .deleteFrom('email_etiquetas')
    .where('cod_email', '=', cod_email)
    .where('cod_etiqueta', '=', code)
    .where((eb) =>
      eb.exists(eb.selectFrom('emails as e').select(sql`1`.as('x')).where(scope.own('e')).where('e.ema_uni_codigo', '=', cod_email)),
    )
    .executeTakeFirst();
  return Number(res.numDeletedRows ?? 0) > 0;
}
