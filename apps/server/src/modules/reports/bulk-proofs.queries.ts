import {
  type BulkProofChannel,
  type BulkProofFilter,
  type BulkProofPayload,
  bulkProofStatusById,
  type ListQuery,
  PROOF_READY_KIND,
  reachedMask,
} from '@ar/core';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { pagedList } from '../../db/paged-list.ts';
import type { DB } from '../../db/schema.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';

const HAS_CHANNEL: Record<BulkProofChannel, RawBuilder<SqlBool>> = {
  email: sql<SqlBool>`e.ema_uni_to IS NOT NULL`,
  sms: sql<SqlBool>`e.ema_uni_sms IS NOT NULL`,
  whatsapp: sql<SqlBool>`e.ema_uni_whatsapp IS NOT NULL`,
  voz: sql<SqlBool>`e.ema_uni_voz IS NOT NULL`,
  carta: sql<SqlBool>`e.ema_uni_carta IS NOT NULL`,
};
const REACHED: Record<BulkProofChannel, string> = {
  email: 'e.ema_alcance_email',
  sms: 'e.ema_alcance_sms',
  whatsapp: 'e.ema_alcance_whatsapp',
  voz: 'e.ema_alcance_voz',
  carta: 'e.ema_alcance_carta',
};

/**
 * The proof filter as SQL over `emails as e`: the message went by one of the chosen channels (any,
 * when none is chosen) and, when statuses are chosen, one of its channels reached one of them (the
 * bits the sent list's filter reads, docs/sent-list.md).
 */
export function matchesFilter(filter: BulkProofFilter): RawBuilder<SqlBool> {
  const parts: RawBuilder<SqlBool>[] = [];
  if (filter.channels.length)
    parts.push(
      sql<SqlBool>`(${sql.join(
        filter.channels.map((c) => HAS_CHANNEL[c]),
        sql` OR `,
      )})`,
    );
  const masks = new Map<BulkProofChannel, number>();
  for (const id of filter.status) {
    const s = bulkProofStatusById(id);
    if (s) masks.set(s.channel, (masks.get(s.channel) ?? 0) | reachedMask([s.type]));
  }
  if (masks.size) {
    const reached = [...masks].map(([channel, mask]) => sql<SqlBool>`(${sql.ref(REACHED[channel])} & ${mask}) <> 0`);
    parts.push(sql<SqlBool>`(${sql.join(reached, sql` OR `)})`);
  }
  return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` AND `)})` : sql<SqlBool>`true`;
}

/** How many of the user's messages a proof would hold, and the highest code among them (the set is fixed with it). */
export async function countProofMessages(db: Kysely<DB>, scope: TenantScope, period: { start: Date; end: Date }, filter: BulkProofFilter) {
  const row = await db
    .selectFrom('emails as e')
    .select([sql<number>`count(*)::int`.as('total'), sql<number | null>`max(e.ema_uni_codigo)`.as('ultimo')])
    .where(scope.own('e'))
    .where('e.ema_uni_data_criacao', '>=', period.start)
    .where('e.ema_uni_data_criacao', '<=', period.end)
    .where(matchesFilter(filter))
    .executeTakeFirstOrThrow();
  return { total: row.total, ultimo: row.ultimo ?? 0 };
}

const PROOF_COLUMNS = [
  'comp_codigo',
  'comp_cod_referencia',
  'cod_usu',
  'comp_payload',
  'comp_status',
  'comp_formato',
  'comp_periodo_inicio',
  'comp_periodo_fim',
  'comp_ultimo_email',
  'comp_total',
  'comp_feitos',
  'comp_cursor',
  'comp_chave',
  'comp_tamanho',
  'comp_sha256',
  'comp_erro',
  'comp_data_criacao',
  'comp_data_conclusao',
  'comp_data_expiracao',
  'comp_data_remocao',
] as const;

export interface NewProof {
  payload: BulkProofPayload;
  formato: 'pdf' | 'zip';
  period: { start: Date; end: Date };
  ultimo: number;
  total: number;
}

/** A new proof of the user's, in processing. */
export function insertProof(db: Kysely<DB>, scope: TenantScope, p: NewProof) {
  return db
    .insertInto('comprovantes')
    .values({
      cod_usu: scope.owner,
      comp_payload: JSON.stringify({ payload: p.payload }),
      comp_formato: p.formato,
      comp_periodo_inicio: p.period.start,
      comp_periodo_fim: p.period.end,
      comp_ultimo_email: p.ultimo,
      comp_total: p.total,
    })
    .returning(PROOF_COLUMNS)
    .executeTakeFirstOrThrow();
}

export type ProofRow = Awaited<ReturnType<typeof insertProof>> & { alerta?: boolean };

/** The user's proofs, 10 a page, newest first (spec 002 §7: DESC by comp_codigo). */
export function listProofs(db: Kysely<DB>, scope: TenantScope, q: ListQuery) {
  const base = db
    .selectFrom('comprovantes')
    .select([...PROOF_COLUMNS, hasAlert])
    .where(scope.own('comprovantes'));
  return pagedList(base, q, { sortable: { comp_codigo: 'comp_codigo' }, tiebreak: 'comp_codigo' });
}

/** One of the user's proofs by its reference (anyone else's: undefined). */
export function findProofByReference(db: Kysely<DB>, scope: TenantScope, referencia: string) {
  return db
    .selectFrom('comprovantes')
    .select([...PROOF_COLUMNS, hasAlert])
    .where(scope.own('comprovantes'))
    .where('comp_cod_referencia', '=', referencia)
    .executeTakeFirst();
}

/** Whether the user has an unread notification of this proof being ready: the row's badge. */
const hasAlert = sql<boolean>`EXISTS (SELECT 1 FROM notificacoes n WHERE n.cod_usu = comprovantes.cod_usu AND n.not_lida_em IS NULL
  AND n.not_tipo = ${PROOF_READY_KIND} AND n.not_referencia = comprovantes.comp_cod_referencia::text)`.as('alerta');

/** The user's unread notifications of one proof (the download reads them). */
export async function findProofNotifications(db: Kysely<DB>, scope: TenantScope, referencia: string) {
  const rows = await db
    .selectFrom('notificacoes as n')
    .select('n.not_codigo')
    .where(scope.own('n'))
    .where('n.not_lida_em', 'is', null)
    .where('n.not_tipo', '=', PROOF_READY_KIND)
    .where('n.not_referencia', '=', referencia)
    .execute();
  return rows.map((r) => r.not_codigo);
}

/** The user's own message by its uuid (GET /reports/proofs/single/{uuid}): its code, or undefined. */
export async function findOwnMessageByUuid(db: Kysely<DB>, scope: TenantScope, uuid: string) {
  const row = await db
    .selectFrom('emails as e')
    .select('e.ema_uni_codigo')
    .where(scope.own('e'))
    .where('e.ema_uni_id', '=', uuid)
    .executeTakeFirst();
  return row?.ema_uni_codigo;
}
