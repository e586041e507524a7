import type { ListQuery } from '@ar/core';
import { type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import { pagedList } from '../../db/paged-list.ts';
import type { DB } from '../../db/schema.ts';
import { storable } from '../evidence/chain-fields.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import type { PhoneChannel, ProviderName } from './channel.ts';

/**
 * Replies that name no message (docs/unassigned-replies.md). The webhook side is
 * a system path (a verified callback, no signed-in user); what an administrator reads goes through
 * the tenant scope.
 */

/** At most this many messages of one tenant are weighed per reply (its latest), and this many in all. */
export const CANDIDATES_PER_TENANT = 10;
export const MAX_CANDIDATES = 100;
/**
 * At most this many of the latest messages to the number are read per reply: the webhook's hot path
 * stays bounded however many messages one number was sent. A number with more than this many in
 * the window cannot be shown to be one tenant's, so its replies are never filed by guess.
 */
export const MAX_SCANNED = 1000;

/** Text as PostgreSQL's text takes it (chain-fields.ts, storable): a stray NUL never makes a 500. */
const text = (value: string) => storable(value) as string;

/**
 * The messages of a channel a provider sent to a number since `since` (every one when null), the
 * latest first, each with its tenant: the administration of its owner, as the tenant scope draws
 * it (the company of the owner's entity, else the owner's cod_ger_adm, else the owner itself).
 * Each tenant's latest CANDIDATES_PER_TENANT among the latest MAX_SCANNED (`complete`: there were
 * no more), so however many one tenant sent, another's message is not crowded out: when only one
 * tenant is answered and the scan was complete, no other exists.
 */
export async function findReplyCandidates(
  db: Kysely<DB>,
  q: { provedor: ProviderName; canal: PhoneChannel; numero: string; since: Date | null },
) {
  // The latest MAX_SCANNED on the index (canal, numero, criado DESC), before any join.
  let latest = db
    .selectFrom('mensagens_provedor')
    .select(['cod_email', 'canal', 'criado'])
    .where('canal', '=', q.canal)
    .where('numero', '=', q.numero)
    .where('provedor', '=', q.provedor)
    .orderBy('criado', 'desc')
    .orderBy('cod_email', 'desc')
    .limit(MAX_SCANNED);
  if (q.since) latest = latest.where('criado', '>=', q.since);
  const tenant = sql<number>`coalesce(emp.cod_ger_adm, u.cod_ger_adm, u.usu_codigo)`;
  const sent = db
    .selectFrom(latest.as('mp'))
    .innerJoin('emails as e', 'e.ema_uni_codigo', 'mp.cod_email')
    .innerJoin('usuarios as u', 'u.usu_codigo', 'e.cod_usu')
    .leftJoin('entidades as ent', 'ent.ent_codigo', 'u.cod_ger_entidade')
    .leftJoin('empresas as emp', 'emp.emp_codigo', 'ent.cod_ger_empresa')
    .select([
      'mp.cod_email',
      'mp.canal',
      'mp.criado',
      tenant.as('tenant'),
      sql<number>`row_number() OVER (PARTITION BY ${tenant} ORDER BY mp.criado DESC, mp.cod_email DESC)`.as('ordem'),
      sql<string>`count(*) OVER ()`.as('lidas'),
    ]);
  const rows = await db
    .selectFrom(sent.as('c'))
    .select(['c.cod_email', 'c.canal', 'c.criado', 'c.tenant', 'c.lidas'])
    .where('c.ordem', '<=', CANDIDATES_PER_TENANT)
    .orderBy('c.criado', 'desc')
    .orderBy('c.cod_email', 'desc')
    .limit(MAX_CANDIDATES)
    .execute();
  return {
    candidates: rows.map(({ lidas: _, ...c }) => c),
    complete: rows.length === 0 || Number(rows[0]?.lidas) < MAX_SCANNED,
  };
}

export type ReplyCandidate = Awaited<ReturnType<typeof findReplyCandidates>>['candidates'][number];

/** Whether a provider's reply event was kept as an unassigned reply already (a redelivery). */
export async function unassignedReplyKnown(db: Kysely<DB>, provedor: ProviderName, chave: string): Promise<boolean> {
  const row = await db
    .selectFrom('respostas_sem_destino')
    .select('rsd_codigo')
    .where('rsd_provedor', '=', provedor)
    .where('rsd_chave', '=', text(chave.slice(0, 300)))
    .executeTakeFirst();
  return !!row;
}

/** Keeps an unassigned reply; undefined when its key was kept already (two deliveries at once). */
export async function insertUnassignedReply(
  trx: Transaction<DB>,
  row: {
    canal: PhoneChannel;
    provedor: ProviderName;
    chave: string;
    numero: string;
    tipo: 'answered' | 'acknowledged';
    texto: string;
    payload: unknown;
    referencia: string | null;
    ocorrido: Date;
  },
): Promise<number | undefined> {
  const inserted = await trx
    .insertInto('respostas_sem_destino')
    .values({
      rsd_canal: row.canal,
      rsd_provedor: row.provedor,
      rsd_chave: text(row.chave.slice(0, 300)),
      rsd_numero: text(row.numero.slice(0, 20)),
      rsd_tipo: row.tipo,
      rsd_texto: text(row.texto),
      rsd_payload: JSON.stringify(storable(row.payload ?? {})),
      rsd_referencia: row.referencia ? text(row.referencia.slice(0, 200)) : null,
      rsd_ocorrido: row.ocorrido,
    })
    .onConflict((oc) => oc.columns(['rsd_provedor', 'rsd_chave']).doNothing())
    .returning('rsd_codigo')
    .executeTakeFirst();
  return inserted?.rsd_codigo;
}

/** The open messages an unassigned reply may answer. */
export async function insertReplyCandidates(trx: Transaction<DB>, cod_resposta: number, cod_emails: number[]): Promise<void> {
  if (cod_emails.length === 0) return;
  await trx
    .insertInto('respostas_sem_destino_mensagens')
    .values(cod_emails.map((cod_email) => ({ cod_resposta, cod_email })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * The notice of an ambiguity: made by the first reply that meets it (`created`), found by the
 * later ones. Two replies at once: the unique key makes one of them the maker.
 */
export async function claimReplyNotice(
  trx: Transaction<DB>,
  row: { ambiguidade: string; canal: PhoneChannel; provedor: ProviderName; numero: string },
): Promise<{ avi_codigo: number; created: boolean }> {
  const inserted = await trx
    .insertInto('respostas_avisos')
    .values({ avi_ambiguidade: row.ambiguidade, avi_canal: row.canal, avi_provedor: row.provedor, avi_numero: row.numero.slice(0, 20) })
    .onConflict((oc) => oc.column('avi_ambiguidade').doNothing())
    .returning('avi_codigo')
    .executeTakeFirst();
  if (inserted) return { avi_codigo: inserted.avi_codigo, created: true };
  const existing = await trx
    .selectFrom('respostas_avisos')
    .select('avi_codigo')
    .where('avi_ambiguidade', '=', row.ambiguidade)
    .executeTakeFirstOrThrow();
  return { avi_codigo: existing.avi_codigo, created: false };
}

/** Ties an unassigned reply to the notice of its ambiguity. */
export async function setReplyNotice(trx: Transaction<DB>, rsd_codigo: number, avi_codigo: number): Promise<void> {
  await trx.updateTable('respostas_sem_destino').set({ cod_aviso: avi_codigo }).where('rsd_codigo', '=', rsd_codigo).execute();
}

/** A notice to send. */
export function findReplyNotice(db: Kysely<DB>, avi_codigo: number) {
  return db
    .selectFrom('respostas_avisos')
    .select(['avi_codigo', 'avi_canal', 'avi_provedor', 'avi_numero', 'avi_situacao'])
    .where('avi_codigo', '=', avi_codigo)
    .executeTakeFirst();
}

/** A notice the provider took (its id) or refused for good; a pending one keeps the last error of a try. */
export async function markReplyNotice(
  db: Kysely<DB>,
  avi_codigo: number,
  change: { situacao: 'enviado'; id_provedor: string } | { situacao: 'falhou' | 'pendente'; erro: string },
): Promise<void> {
  await db
    .updateTable('respostas_avisos')
    .set(
      change.situacao === 'enviado'
        ? { avi_situacao: 'enviado', avi_id_provedor: change.id_provedor.slice(0, 200), avi_enviado: new Date(), avi_erro: null }
        : { avi_situacao: change.situacao, avi_erro: change.erro.slice(0, 1000) },
    )
    .where('avi_codigo', '=', avi_codigo)
    .where('avi_situacao', '=', 'pendente')
    .execute();
}

/** Whether a provider's id is one of our notices (its statuses are not of any message). */
export async function isReplyNoticeId(db: Kysely<DB>, provedor: ProviderName, id_provedor: string): Promise<boolean> {
  const row = await db
    .selectFrom('respostas_avisos')
    .select('avi_codigo')
    .where('avi_provedor', '=', provedor)
    .where('avi_id_provedor', '=', id_provedor)
    .executeTakeFirst();
  return !!row;
}

// ---------------------------------------------------------------- what an administrator reads

/** The candidates of reply `r` whose owner the actor reaches. */
const candidatesInScope = (scope: TenantScope, reply: string) =>
  sql<SqlBool>`EXISTS (SELECT 1 FROM respostas_sem_destino_mensagens sm
    JOIN emails se ON se.ema_uni_codigo = sm.cod_email
    JOIN usuarios su ON su.usu_codigo = se.cod_usu
    WHERE sm.cod_resposta = ${sql.ref(`${reply}.rsd_codigo`)} AND ${scope.users('su')})`;

const REPLY_COLUMNS = [
  'r.rsd_codigo',
  'r.rsd_canal',
  'r.rsd_numero',
  'r.rsd_tipo',
  'r.rsd_recebido',
  'a.avi_situacao',
  'a.avi_enviado',
] as const;

/**
 * The unassigned replies one of whose candidates belongs to a user the actor reaches, the latest
 * first (the one column: `codigo`). Never the text nor the payload: they may be another tenant's.
 */
export function listUnassignedReplies(db: Kysely<DB>, scope: TenantScope, q: ListQuery) {
  const base = db
    .selectFrom('respostas_sem_destino as r')
    .leftJoin('respostas_avisos as a', 'a.avi_codigo', 'r.cod_aviso')
    .select(REPLY_COLUMNS)
    .where(candidatesInScope(scope, 'r'));
  return pagedList(base, q, { sortable: { codigo: 'r.rsd_codigo' }, tiebreak: 'r.rsd_codigo' });
}

/** One unassigned reply, if one of its candidates belongs to a user the actor reaches. */
export function findUnassignedReply(db: Kysely<DB>, scope: TenantScope, rsd_codigo: number) {
  return db
    .selectFrom('respostas_sem_destino as r')
    .leftJoin('respostas_avisos as a', 'a.avi_codigo', 'r.cod_aviso')
    .select(REPLY_COLUMNS)
    .where('r.rsd_codigo', '=', rsd_codigo)
    .where(candidatesInScope(scope, 'r'))
    .executeTakeFirst();
}

export type UnassignedReplyRow = NonNullable<Awaited<ReturnType<typeof findUnassignedReply>>>;

/** The candidates of these replies whose owner the actor reaches (only those: never another tenant's message). */
export function candidateMessagesInScope(db: Kysely<DB>, scope: TenantScope, replies: number[]) {
  if (replies.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('respostas_sem_destino_mensagens as m')
    .innerJoin('emails as e', 'e.ema_uni_codigo', 'm.cod_email')
    .innerJoin('usuarios as u', 'u.usu_codigo', 'e.cod_usu')
    .innerJoin('respostas_sem_destino as r', 'r.rsd_codigo', 'm.cod_resposta')
    .innerJoin('mensagens_provedor as mp', (j) => j.onRef('mp.cod_email', '=', 'm.cod_email').onRef('mp.canal', '=', 'r.rsd_canal'))
    .select([
      'm.cod_resposta',
      'e.ema_uni_codigo',
      'e.ema_uni_id',
      'e.ema_uni_subject',
      'u.usu_codigo',
      'u.usu_nome',
      'u.usu_login',
      'mp.criado',
    ])
    .where('m.cod_resposta', 'in', replies)
    .where(scope.users('u'))
    .orderBy('mp.criado', 'desc')
    .orderBy('e.ema_uni_codigo', 'desc')
    .execute();
}

export type CandidateMessageRow = Awaited<ReturnType<typeof candidateMessagesInScope>>[number];
