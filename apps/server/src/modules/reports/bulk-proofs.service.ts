import type { Readable } from 'node:stream';
import {
  BULK_PROOF_MSG,
  BULK_PROOF_PDF_MAX,
  type BulkProof,
  type BulkProofRequest,
  type ListQuery,
  PROOF_MSG,
  reportPeriod,
} from '@ar/core';
import { fromKysely } from 'pg-boss';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound, queueUnavailable } from '../../http/errors.ts';
import { clearNotification } from '../notifications/notifications.service.ts';
import { logDocument, type Requester, sendingProof } from '../proofs/proofs.service.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import { presentBulkProof } from './bulk-proofs.presenter.ts';
import {
  countProofMessages,
  findOwnMessageByUuid,
  findProofByReference,
  findProofNotifications,
  insertProof,
  listProofs,
} from './bulk-proofs.queries.ts';
import { BULK_PROOF_QUEUE, bulkProofJob } from './bulk-proofs.worker.ts';

/**
 * POST /reports/proofs: a proof of the user's messages of a period (at most 31 days, checked by the
 * contract) that match the filter. The set is counted and fixed now (the highest message code);
 * nothing matches: 422 'Não existe notificações para o período/filtro selecionado'. The proof and
 * its generation job are written in one transaction: both or neither.
 */
export async function createBulkProof(ctx: AppContext, scope: TenantScope, req: BulkProofRequest): Promise<BulkProof> {
  const period = reportPeriod({ dataInicial: req.startDate, dataFinal: req.finalDate });
  const { total, ultimo } = await countProofMessages(ctx.db, scope, period, req.filter);
  if (total === 0) throw new AppError(422, BULK_PROOF_MSG.noMessages);
  const boss = ctx.boss;
  if (!boss) throw queueUnavailable();
  const row = await inTransaction(ctx.db, async (trx) => {
    const proof = await insertProof(trx, scope, {
      payload: { nameProof: req.nameProof, startDate: req.startDate, finalDate: req.finalDate, filter: req.filter },
      formato: total <= BULK_PROOF_PDF_MAX ? 'pdf' : 'zip',
      period,
      ultimo,
      total,
    });
    await boss.insert(BULK_PROOF_QUEUE, [bulkProofJob(proof.comp_codigo)], { db: fromKysely(trx) });
    return proof;
  });
  return presentBulkProof(row);
}

export async function listBulkProofs(ctx: AppContext, scope: TenantScope, q: ListQuery) {
  const { rows, pagination } = await listProofs(ctx.db, scope, q);
  const now = new Date();
  return { comprovantes: rows.map((r) => presentBulkProof(r, now)), pagination };
}

export interface ProofFile {
  filename: string;
  contentType: string;
  size: number;
  stream: Readable;
}

const slug = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80) || 'comprovantes';

/**
 * GET /reports/proofs/{reference}: the user's proof file. Another user's reference answers 404 like
 * one that does not exist; in processing or failed 409; expired (or its file removed) 410. The
 * download reads the proof's notification, which clears the badges.
 */
export async function openBulkProof(ctx: AppContext, scope: TenantScope, referencia: string): Promise<ProofFile> {
  const row = await findProofByReference(ctx.db, scope, referencia);
  if (!row) throw notFound(BULK_PROOF_MSG.notFound);
  const proof = presentBulkProof(row);
  if (proof.status === 'processando') throw new AppError(409, BULK_PROOF_MSG.notReady);
  if (proof.status === 'falha') throw new AppError(409, BULK_PROOF_MSG.failed);
  const file = proof.status === 'expirado' || !row.comp_chave ? null : await ctx.storage.open(row.comp_chave);
  if (!file) throw new AppError(410, BULK_PROOF_MSG.expired);
  // The download reads the proof's notification: the badges (row and menu) go, on every tab.
  if (row.alerta)
    for (const id of await findProofNotifications(ctx.db, scope, row.comp_cod_referencia)) await clearNotification(ctx, scope, id);
  return {
    filename: `${slug(row.comp_payload.payload.nameProof)}.${row.comp_formato}`,
    contentType: row.comp_formato === 'pdf' ? 'application/pdf' : 'application/zip',
    size: file.size,
    stream: file.stream,
  };
}

/** GET /reports/proofs/single/{uuid}: the sending proof of one of the user's messages, by its uuid; logged like PUT /emails/sending-proof. */
export async function singleProofByUuid(ctx: AppContext, scope: TenantScope, uuid: string, who: Requester) {
  const id = await findOwnMessageByUuid(ctx.db, scope, uuid);
  if (id === undefined) throw notFound(PROOF_MSG.notFound);
  const proof = await sendingProof(ctx, scope, id);
  const { renderSendingProof } = await import('../proofs/sending-proof.pdf.ts');
  const { signDocument, SIGNATURE_REASON } = await import('../signing/signing.service.ts');
  const pdf = await signDocument(
    ctx.config,
    await renderSendingProof(proof, { nome: scope.actor.usu_nome, login: scope.actor.usu_login }),
    SIGNATURE_REASON.comprovante,
  );
  await logDocument(ctx, scope, id, 'comprovante', pdf, who);
  return { filename: `comprovante-envio-${proof.ema_uni_codigo}.pdf`, pdf };
}
