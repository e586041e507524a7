import type { BulkProofFilter } from '@ar/core';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { matchesFilter } from './bulk-proofs.queries.ts';

/**
 * The bulk proof worker's statements. A queue job has no signed-in user: it reaches the proof by
 * its code (the job's key) and acts as the proof's owner, whose tenant scope it builds from the
 * owner's row (bulk-proofs.worker.ts) for everything about messages (the proofs themselves are
 * made by the same scoped service as a single proof).
 */

/** The proof the job is for, with what the worker needs. */
export function findProofForJob(db: Kysely<DB>, comp_codigo: number) {
  return db
    .selectFrom('comprovantes as c')
    .select([
      'c.comp_codigo',
      'c.comp_cod_referencia',
      'c.cod_usu',
      'c.comp_payload',
      'c.comp_status',
      'c.comp_formato',
      'c.comp_periodo_inicio',
      'c.comp_periodo_fim',
      'c.comp_ultimo_email',
      'c.comp_total',
      'c.comp_feitos',
      'c.comp_cursor',
      'c.comp_data_criacao',
    ])
    .where('c.comp_codigo', '=', comp_codigo)
    .executeTakeFirst();
}
export type JobProof = NonNullable<Awaited<ReturnType<typeof findProofForJob>>>;

/**
 * One page of the proof's messages after `after`, in protocol order: the owner's messages of the
 * period that match the filter, up to the highest code when it was asked (messages sent later are
 * not in it, so a resumed job makes the same file). With what the table of contents shows.
 */
export function proofMessagePage(db: Kysely<DB>, proof: JobProof, filter: BulkProofFilter, after: number, limit: number) {
  return db
    .selectFrom('emails as e')
    .select([
      'e.ema_uni_codigo',
      'e.ema_uni_id',
      'e.ema_uni_name_to',
      'e.ema_uni_to',
      'e.ema_uni_subject',
      'e.ema_status_email',
      'e.ema_uni_data_criacao',
    ])
    .where('e.cod_usu', '=', proof.cod_usu)
    .where('e.ema_uni_data_criacao', '>=', proof.comp_periodo_inicio)
    .where('e.ema_uni_data_criacao', '<=', proof.comp_periodo_fim)
    .where('e.ema_uni_codigo', '<=', proof.comp_ultimo_email)
    .where('e.ema_uni_codigo', '>', after)
    .where(matchesFilter(filter))
    .orderBy('e.ema_uni_codigo')
    .limit(limit)
    .execute();
}
export type ProofMessageSummary = Awaited<ReturnType<typeof proofMessagePage>>[number];

export async function updateProofProgress(db: Kysely<DB>, comp_codigo: number, feitos: number, cursor: number) {
  await db
    .updateTable('comprovantes')
    .set({ comp_feitos: feitos, comp_cursor: cursor })
    .where('comp_codigo', '=', comp_codigo)
    .where('comp_status', '=', 'processando')
    .execute();
}

/** The file is stored: the proof is ready, with its expiry, in the one statement that leaves processing. */
export async function completeProof(
  db: Kysely<DB>,
  comp_codigo: number,
  file: { chave: string; tamanho: number; sha256: string; expiracao: Date; total: number },
): Promise<boolean> {
  const result = await db
    .updateTable('comprovantes')
    .set({
      comp_status: 'pronto',
      comp_chave: file.chave,
      comp_tamanho: file.tamanho,
      comp_sha256: file.sha256,
      comp_feitos: file.total,
      comp_data_conclusao: sql`now()`,
      comp_data_expiracao: file.expiracao,
    })
    .where('comp_codigo', '=', comp_codigo)
    .where('comp_status', '=', 'processando')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function failProof(db: Kysely<DB>, comp_codigo: number, erro: string) {
  await db
    .updateTable('comprovantes')
    .set({ comp_status: 'falha', comp_erro: erro.slice(0, 2000), comp_data_conclusao: sql`now()` })
    .where('comp_codigo', '=', comp_codigo)
    .where('comp_status', '=', 'processando')
    .execute();
}

/** Who made the proofs: each single proof in a bulk file is logged like one handed out alone (email_documentos). */
export interface BulkDocumentLog {
  cod_email: number;
  sha256: string;
}

export async function insertBulkDocumentLogs(
  db: Kysely<DB>,
  proof: Pick<JobProof, 'comp_codigo' | 'cod_usu'>,
  owner: { usu_nome: string; usu_login: string },
  logs: BulkDocumentLog[],
) {
  if (!logs.length) return;
  await db
    .insertInto('email_documentos')
    .values(
      logs.map((l) => ({
        cod_email: l.cod_email,
        cod_usu: proof.cod_usu,
        cod_comprovante: proof.comp_codigo,
        doc_tipo: 'comprovante-lote' as const,
        doc_usuario_nome: owner.usu_nome.slice(0, 200),
        doc_usuario_login: owner.usu_login.slice(0, 320),
        doc_sha256: l.sha256,
      })),
    )
    .execute();
}

/** Ready proofs whose file expired and is still stored, oldest first. */
export function findExpiredProofFiles(db: Kysely<DB>, now: Date, limit: number) {
  return db
    .selectFrom('comprovantes')
    .select(['comp_codigo', 'comp_chave'])
    .where('comp_data_expiracao', '<', now)
    .where('comp_chave', 'is not', null)
    .where('comp_data_remocao', 'is', null)
    .orderBy('comp_data_expiracao')
    .limit(limit)
    .execute();
}

export async function markProofFileRemoved(db: Kysely<DB>, comp_codigo: number) {
  await db.updateTable('comprovantes').set({ comp_data_remocao: sql`now()` }).where('comp_codigo', '=', comp_codigo).execute();
}

/** Proofs in processing (a start resumes those whose job was lost; pg-boss retries the others itself). */
export function findProofsInProcessing(db: Kysely<DB>) {
  return db.selectFrom('comprovantes').select('comp_codigo').where('comp_status', '=', 'processando').orderBy('comp_codigo').execute();
}
