import { REMESSA_FAILURE_STATUSES, type RemessaListQuery } from '@ar/core';
import { type Insertable, type Kysely, sql, type Transaction, type Updateable } from 'kysely';
import { unnestRows } from '../../db/insert-many.ts';
import { containsPattern, pagedList } from '../../db/paged-list.ts';
import type { DB, RemessasTable } from '../../db/schema.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';

/*
 * Every statement of the batch area. What a signed-in user reads or sends takes the scope (a
 * remessa is the user's own row: scope.own). The worker and the clean-up job run for the system
 * and reach a remessa by its key, as the send worker reaches a message: the job was queued by a
 * scoped upload, and the worker builds the owner's scope for everything it reads of the owner's
 * data (templates, plan, blacklist).
 */

/** A message whose every channel failed for good. */
const allFailed = sql<boolean>`((e.ema_uni_to IS NULL OR (e.ema_alcance_email & 16) <> 0)
  AND (e.ema_uni_sms IS NULL OR (e.ema_alcance_sms & 16) <> 0)
  AND (e.ema_uni_whatsapp IS NULL OR (e.ema_alcance_whatsapp & 16) <> 0))`;
const FAILED = sql.join(REMESSA_FAILURE_STATUSES.map((s) => sql.lit(s)));

const LIST_COLUMNS = [
  'r.rem_codigo',
  'r.rem_nome',
  'r.rem_data_criacao',
  'r.rem_data_processamento',
  'r.rem_status_processamento',
  'r.rem_quantidade_registros',
  'r.motivo_falha',
  'r.tipo_falha',
  'r.rem_origem',
  'r.rem_enfileiradas',
  'r.rem_falhas',
] as const;

/**
 * The file's messages as they are now, through the lines that made them, each counted once:
 * failed for good (bit 'erro' on every channel the message has), else handed on (bit 'send' of
 * any channel: the relay accepted the e-mail, or the provider reported the SMS or WhatsApp sent);
 * the rest are still in the queues (presentRemessa). A message sent, then bounced, is a failure.
 */
const progress = sql<{ enviadas: number; erros: number }>`(
  SELECT json_build_object(
    'enviadas', count(*) FILTER (WHERE ((e.ema_alcance_email | e.ema_alcance_sms | e.ema_alcance_whatsapp) & 2) <> 0 AND NOT ${allFailed}),
    'erros', count(*) FILTER (WHERE ${allFailed}))
    FROM remessa_linhas l JOIN emails e ON e.ema_uni_codigo = l.cod_email
   WHERE l.rem_codigo = r.rem_codigo)`;

/** One tab of the user's remessas: the failures (ERRO/FALHA statuses) or everything else. */
export function listRemessas(db: Kysely<DB>, scope: TenantScope, q: RemessaListQuery) {
  let base = db
    .selectFrom('remessas as r')
    .select(LIST_COLUMNS)
    .select(progress.as('progresso'))
    .where(scope.own('r'))
    .where(sql<boolean>`r.rem_status_processamento ${sql.raw(q.tipo === 'falha' ? 'IN' : 'NOT IN')} (${FAILED})`);
  const term = q.searchTerm;
  if (term)
    base = base.where((eb) => eb.or([eb(sql<string>`r.rem_codigo::text`, '=', term), eb('r.rem_nome', 'ilike', containsPattern(term))]));
  return pagedList(base, q, {
    sortable: {
      rem_codigo: 'r.rem_codigo',
      rem_nome: 'r.rem_nome',
      rem_data_processamento: 'r.rem_data_processamento',
      rem_status_processamento: 'r.rem_status_processamento',
      rem_quantidade_registros: 'r.rem_quantidade_registros',
    },
    tiebreak: 'r.rem_codigo',
  });
}
export type RemessaRow = Awaited<ReturnType<typeof listRemessas>>['rows'][number];

/** The two tabs' counts. */
export function countRemessas(db: Kysely<DB>, scope: TenantScope) {
  return db
    .selectFrom('remessas as r')
    .select([
      sql<number>`count(*) FILTER (WHERE r.rem_status_processamento NOT IN (${FAILED}))::int`.as('total_sucessos'),
      sql<number>`count(*) FILTER (WHERE r.rem_status_processamento IN (${FAILED}))::int`.as('total_falhas'),
    ])
    .where(scope.own('r'))
    .executeTakeFirstOrThrow();
}

/** One of the user's remessas. */
export function findRemessa(db: Kysely<DB>, scope: TenantScope, id: number) {
  return db
    .selectFrom('remessas as r')
    .select([...LIST_COLUMNS, 'r.rem_cabecalho'])
    .where(scope.own('r'))
    .where('r.rem_codigo', '=', id)
    .executeTakeFirst();
}

/** Several of the user's remessas (the ids that are not the user's are simply not found). */
export function findRemessas(db: Kysely<DB>, scope: TenantScope, ids: number[]) {
  return db
    .selectFrom('remessas as r')
    .select([...LIST_COLUMNS, 'r.rem_cabecalho'])
    .where(scope.own('r'))
    .where('r.rem_codigo', 'in', ids)
    .orderBy('r.rem_codigo')
    .execute();
}

/**
 * The lines of a file, each with its message's protocol, status per channel and letter's tracking
 * code (a refused line with its reason), in file order. Reached only through a remessa found in the
 * user's scope (the caller's findRemessa).
 */
export function previewLines(db: Kysely<DB>, scope: TenantScope, rem: { rem_codigo: number }) {
  return db
    .selectFrom('remessa_linhas as l')
    .innerJoin('remessas as r', 'r.rem_codigo', 'l.rem_codigo')
    .leftJoin('emails as e', 'e.ema_uni_codigo', 'l.cod_email')
    .leftJoin('cartas as c', 'c.cod_email', 'l.cod_email')
    .select([
      'l.lin_numero',
      'l.lin_dados',
      'l.lin_status',
      'l.tipo_falha',
      'l.lin_motivo',
      'e.ema_uni_id',
      'e.ema_status_email',
      'e.ema_status_sms',
      'e.ema_status_whatsapp',
      'e.ema_status_voz',
      'e.ema_status_carta',
      'c.rastreio',
      // The channels of the message's cascade steps still waiting (the preview tells them from a step that was skipped).
      sql<string[]>`(SELECT coalesce(json_agg(ce.eta_canal), '[]'::json) FROM cascata_etapas ce
        WHERE ce.cod_email = l.cod_email AND ce.eta_situacao = 'aguardando')`.as('etapas_aguardando'),
    ])
    .where(scope.own('r'))
    .where('l.rem_codigo', '=', rem.rem_codigo)
    .orderBy('l.lin_numero')
    .execute();
}

/** The user's remessas received from `from` to before `to`, oldest first (the period report). */
export function remessasBetween(db: Kysely<DB>, scope: TenantScope, from: Date, to: Date) {
  return db
    .selectFrom('remessas as r')
    .select(LIST_COLUMNS)
    .select(progress.as('progresso'))
    .where(scope.own('r'))
    .where('r.rem_data_criacao', '>=', from)
    .where('r.rem_data_criacao', '<', to)
    .orderBy('r.rem_codigo')
    .execute();
}

/**
 * The user's file with this SHA-256 received since `since` that went (or is going) out: one that
 * failed before any line became a message asks nothing. Failure records of refused lines are not files.
 */
export function findSameFileSince(db: Kysely<DB>, scope: TenantScope, sha256: string, since: Date) {
  return db
    .selectFrom('remessas as r')
    .select(['r.rem_codigo', 'r.rem_nome', 'r.rem_data_criacao'])
    .where(scope.own('r'))
    .where('r.rem_sha256', '=', sha256)
    .where('r.rem_data_criacao', '>=', since)
    .where('r.rem_origem', 'is', null)
    .where((eb) => eb.or([eb('r.rem_status_processamento', 'not in', REMESSA_FAILURE_STATUSES), eb('r.rem_enfileiradas', '>', 0)]))
    .orderBy('r.rem_codigo', 'desc')
    .executeTakeFirst();
}

export function insertRemessa(
  db: Kysely<DB>,
  scope: TenantScope,
  v: Pick<Insertable<RemessasTable>, 'rem_uuid' | 'rem_nome' | 'rem_sha256' | 'rem_arquivo' | 'rem_tamanho'>,
) {
  return db
    .insertInto('remessas')
    .values({ ...v, cod_usu: scope.owner, rem_status_processamento: 'AGUARDANDO_VALIDACAO' })
    .returning(['rem_codigo'])
    .executeTakeFirstOrThrow();
}

/** The user's templates a file names in MODELO: by code or by exact name. */
export function findTemplatesByRef(db: Kysely<DB>, scope: TenantScope, refs: string[]) {
  const codes = refs.filter((r) => /^\d{1,9}$/.test(r)).map(Number);
  if (refs.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('modelos')
    .select(['mod_codigo', 'mod_name', 'mod_subject', 'mod_content', 'mod_enable'])
    .where(scope.own('modelos'))
    .where((eb) => eb.or([eb('mod_name', 'in', refs), ...(codes.length ? [eb('mod_codigo', 'in', codes)] : [])]))
    .execute();
}
export type TemplateRef = Awaited<ReturnType<typeof findTemplatesByRef>>[number];

// ---- the worker (system: by the remessa's key) ----

/** A remessa as its job reads it. */
export function findRemessaForWork(db: Kysely<DB>, rem_codigo: number) {
  return db
    .selectFrom('remessas')
    .select([
      'rem_codigo',
      'cod_usu',
      'rem_uuid',
      'rem_nome',
      'rem_arquivo',
      'rem_status_processamento',
      'rem_cabecalho',
      'rem_enfileiradas',
      'rem_falhas',
      'rem_quantidade_registros',
    ])
    .where('rem_codigo', '=', rem_codigo)
    .where('rem_origem', 'is', null)
    .executeTakeFirst();
}
export type WorkRemessa = NonNullable<Awaited<ReturnType<typeof findRemessaForWork>>>;

export async function updateRemessa(db: Kysely<DB>, rem_codigo: number, set: Updateable<RemessasTable>) {
  await db
    .updateTable('remessas')
    .set({ ...set, rem_data_processamento: sql`now()` })
    .where('rem_codigo', '=', rem_codigo)
    .execute();
}

/** Moves a remessa on only from the status the worker read, so two runs cannot both move it. */
export async function moveRemessa(db: Kysely<DB>, rem_codigo: number, from: string, set: Updateable<RemessasTable>) {
  const r = await db
    .updateTable('remessas')
    .set({ ...set, rem_data_processamento: sql`now()` })
    .where('rem_codigo', '=', rem_codigo)
    .where('rem_status_processamento', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** A file's lines in one statement, one array per column (unnestRows: 5,000 lines, six parameters). */
export async function insertLines(trx: Transaction<DB>, rows: Insertable<DB['remessa_linhas']>[]): Promise<void> {
  if (rows.length === 0) return;
  const { columns, select } = await unnestRows(trx, 'remessa_linhas', rows);
  await trx
    .insertInto('remessa_linhas')
    .columns(columns as never)
    .expression(select)
    .execute();
}

/** Locks the remessa for one slice of its lines: a second worker on the same file waits here. */
export function lockRemessa(trx: Transaction<DB>, rem_codigo: number) {
  return trx
    .selectFrom('remessas')
    .select(['rem_codigo', 'rem_status_processamento'])
    .where('rem_codigo', '=', rem_codigo)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

/** The next valid lines that have no message yet, in file order (after line `after`, when given). */
export function nextPendingLines(db: Kysely<DB>, rem_codigo: number, limit: number, after?: number) {
  let query = db
    .selectFrom('remessa_linhas')
    .select(['lin_numero', 'lin_dados'])
    .where('rem_codigo', '=', rem_codigo)
    .where('lin_status', '=', 'valida')
    .where('cod_email', 'is', null);
  if (after !== undefined) query = query.where('lin_numero', '>', after);
  return query.orderBy('lin_numero').limit(limit).execute();
}

/** The cells of the lines still to become messages (their channels price the file before it goes). */
export function pendingLineCells(db: Kysely<DB>, rem_codigo: number) {
  return db
    .selectFrom('remessa_linhas')
    .select('lin_dados')
    .where('rem_codigo', '=', rem_codigo)
    .where('lin_status', '=', 'valida')
    .where('cod_email', 'is', null)
    .execute();
}

/** Each line's message, in the transaction that made the messages; the file's queued count with them. */
export async function markLinesSent(trx: Transaction<DB>, rem_codigo: number, sent: { lin_numero: number; cod_email: number }[]) {
  if (sent.length === 0) return;
  await sql`
    UPDATE remessa_linhas l SET lin_status = 'enviada', cod_email = v.cod_email
      FROM unnest(${sent.map((s) => s.lin_numero)}::int[], ${sent.map((s) => s.cod_email)}::int[]) AS v(lin_numero, cod_email)
     WHERE l.rem_codigo = ${rem_codigo} AND l.lin_numero = v.lin_numero AND l.cod_email IS NULL`.execute(trx);
  await sql`UPDATE remessas SET rem_enfileiradas = rem_enfileiradas + ${sent.length}, rem_data_processamento = now()
             WHERE rem_codigo = ${rem_codigo}`.execute(trx);
}

/**
 * Lines that cannot go after all (their template gone, the credits ended): refused with the
 * reason, prefixed by their line number. 'pending': every valid line without a message yet.
 */
export async function failLines(db: Kysely<DB>, rem_codigo: number, lines: number[] | 'pending', tipo: string, reason: string) {
  if (lines !== 'pending' && lines.length === 0) return 0;
  let q = db
    .updateTable('remessa_linhas')
    .set({ lin_status: 'falha', tipo_falha: tipo, lin_motivo: sql<string>`'Linha ' || lin_numero || ': ' || ${reason}::text` })
    .where('rem_codigo', '=', rem_codigo)
    .where('lin_status', '=', 'valida')
    .where('cod_email', 'is', null);
  if (lines !== 'pending') q = q.where('lin_numero', 'in', lines);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** The refused lines of a file: their type and reason, in file order. */
export function failedLines(db: Kysely<DB>, rem_codigo: number) {
  return db
    .selectFrom('remessa_linhas')
    .select(['lin_numero', 'tipo_falha', 'lin_motivo'])
    .where('rem_codigo', '=', rem_codigo)
    .where('lin_status', '=', 'falha')
    .orderBy('lin_numero')
    .execute();
}

// ---- the clean-up job (system) ----

/**
 * Failure records whose last change is older than `before` go, with their lines (cascade); the
 * storage keys of the files they held are answered, for the caller to remove.
 */
export async function deleteFailuresBefore(db: Kysely<DB>, before: Date): Promise<string[]> {
  const gone = await db
    .deleteFrom('remessas')
    .where('rem_status_processamento', 'in', REMESSA_FAILURE_STATUSES)
    .where('rem_data_processamento', '<', before)
    .returning(['rem_arquivo'])
    .execute();
  return gone.map((g) => g.rem_arquivo).filter((k): k is string => !!k);
}
