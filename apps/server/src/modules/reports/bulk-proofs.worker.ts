import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type BulkProofFilter, csvLine, dayLabel, describeProofFilter, type SendingProof, STATUS_LABELS, type StatusType } from '@ar/core';
import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { warmQueueCache } from '../../queue/boss.ts';
import { userAsActor } from '../auth/auth.queries.ts';
import { sendingProof } from '../proofs/proofs.service.ts';
import { type TenantScope, tenantScope } from '../tenancy/tenant-scope.ts';
import type { TocEntry, ZipPart } from './bulk-proof-files.ts';
import { notifyProofReady } from './bulk-proofs.notify.ts';
import {
  type BulkDocumentLog,
  completeProof,
  failProof,
  findExpiredProofFiles,
  findProofForJob,
  findProofsInProcessing,
  insertBulkDocumentLogs,
  type JobProof,
  markProofFileRemoved,
  type ProofMessageSummary,
  proofMessagePage,
  updateProofProgress,
} from './bulk-proofs-job.queries.ts';

export const BULK_PROOF_QUEUE = 'bulk-proofs';
export const BULK_PROOF_FAILED_QUEUE = 'bulk-proofs-failed';
export const BULK_PROOF_CLEANUP_QUEUE = 'bulk-proofs-cleanup';

/** The job of a proof: one per proof (its code as singleton key), so a requeue at start never runs it twice. */
export const bulkProofJob = (comp_codigo: number) => ({ data: { comp_codigo }, singletonKey: `comprovante:${comp_codigo}` });

/** Messages read per page, and how often the progress ('N de M') is written. */
const PAGE = 50;
const PROGRESS_EVERY = 10;

/**
 * The queues. A worker that dies mid-way stops refreshing the job's heartbeat; the supervisor
 * (every 10 s, queue/boss.ts) takes the job back and another worker (or this one, restarted) runs
 * it again: a PDF is made again from the start (up to 500 proofs), a ZIP resumes after the last
 * part on disk. A job that fails 5 times lands in the failed queue, which marks the proof 'falha'.
 */
export async function createBulkProofQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(BULK_PROOF_FAILED_QUEUE);
  await boss.createQueue(BULK_PROOF_QUEUE, {
    policy: 'short',
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: 3600,
    heartbeatSeconds: 10,
    deadLetter: BULK_PROOF_FAILED_QUEUE,
  });
  await boss.createQueue(BULK_PROOF_CLEANUP_QUEUE, { policy: 'short', retryLimit: 0 });
  await warmQueueCache(boss, [BULK_PROOF_QUEUE, BULK_PROOF_FAILED_QUEUE, BULK_PROOF_CLEANUP_QUEUE]);
}

export async function startBulkProofWorkers(ctx: AppContext, opts: { pollingIntervalSeconds?: number } = {}): Promise<void> {
  const boss = ctx.boss;
  if (!boss) return;
  const polling = opts.pollingIntervalSeconds ?? 1;
  await createBulkProofQueues(boss);
  // One proof at a time per process: rendering is CPU, and the sends share the cores.
  await boss.work<{ comp_codigo: number }>(
    BULK_PROOF_QUEUE,
    { batchSize: 1, localConcurrency: 1, pollingIntervalSeconds: polling },
    async ([job]) => {
      if (job) await generateBulkProof(ctx, job.data.comp_codigo);
    },
  );
  await boss.work<{ comp_codigo: number }>(BULK_PROOF_FAILED_QUEUE, { batchSize: 1, pollingIntervalSeconds: polling }, async ([job]) => {
    if (!job) return;
    await failProof(ctx.db, job.data.comp_codigo, 'A geração falhou após várias tentativas.');
    await fs.rm(workDir(ctx, job.data.comp_codigo), { recursive: true, force: true });
  });
  await boss.work(BULK_PROOF_CLEANUP_QUEUE, { batchSize: 1, pollingIntervalSeconds: Math.max(polling, 5) }, async () => {
    await removeExpiredProofs(ctx);
  });
  await boss.schedule(BULK_PROOF_CLEANUP_QUEUE, '17 * * * *');
  // Proofs left in processing by a previous run whose job is gone get one again (the singleton key
  // keeps a job still waiting or retrying from being doubled).
  for (const { comp_codigo } of await findProofsInProcessing(ctx.db)) {
    const { data, singletonKey } = bulkProofJob(comp_codigo);
    await boss.send(BULK_PROOF_QUEUE, data, { singletonKey });
  }
}

const workDir = (ctx: AppContext, comp_codigo: number) => path.join(ctx.config.dataDir, 'tmp', 'comprovantes', String(comp_codigo));

/** The proof's messages in protocol order, a page at a time. */
async function* messagesOf(ctx: AppContext, proof: JobProof, filter: BulkProofFilter, after = 0): AsyncGenerator<ProofMessageSummary> {
  for (;;) {
    const page = await proofMessagePage(ctx.db, proof, filter, after, PAGE);
    yield* page;
    if (page.length < PAGE) return;
    after = page[page.length - 1]?.ema_uni_codigo ?? after;
  }
}

const statusLabel = (s: string | null) => (s && s in STATUS_LABELS ? STATUS_LABELS[s as StatusType].label : 'Aguardando processamento');

/**
 * Makes the file of one proof and stores it (never half a file as ready: it is written aside,
 * stored whole, and only then does one statement mark the proof ready with its expiry), logs each
 * single proof it holds in email_documentos, and raises the notification.
 */
export async function generateBulkProof(ctx: AppContext, comp_codigo: number): Promise<void> {
  const proof = await findProofForJob(ctx.db, comp_codigo);
  if (proof?.comp_status !== 'processando') return; // done, failed, or gone
  const owner = await userAsActor(ctx.db, { usu_codigo: proof.cod_usu });
  if (!owner) {
    await failProof(ctx.db, comp_codigo, 'O usuário do comprovante não existe mais.');
    return;
  }
  // The proofs are made by the same scoped service as a single one, as the owner.
  const scope = tenantScope(owner);
  const issuer = { nome: owner.usu_nome, login: owner.usu_login };
  const { payload } = proof.comp_payload;
  const dir = workDir(ctx, comp_codigo);
  await fs.mkdir(path.join(dir, 'partes'), { recursive: true });
  const out = path.join(dir, `arquivo.${proof.comp_formato}`);

  // pdfkit and the zip writer load on first use: a server that never makes a bulk proof does not hold them (docs/performance.md).
  const { writePdfBundle, writeZipBundle } = await import('./bulk-proof-files.ts');
  let written: { sha256: string; size: number };
  let logs: BulkDocumentLog[] = [];
  if (proof.comp_formato === 'pdf') {
    // Up to 500 messages: the contents are read first (bounded by that cap), then each proof.
    const toc: TocEntry[] = [];
    for await (const m of messagesOf(ctx, proof, payload.filter))
      toc.push({
        ema_uni_codigo: m.ema_uni_codigo,
        destinatario: m.ema_uni_name_to,
        assunto: m.ema_uni_subject,
        status: statusLabel(m.ema_status_email),
      });
    async function* proofs(): AsyncGenerator<SendingProof> {
      for (const t of toc) yield await sendingProof(ctx, scope, t.ema_uni_codigo);
    }
    written = await writePdfBundle({
      file: out,
      cover: {
        nameProof: payload.nameProof,
        period: `${dayLabel(payload.startDate)} a ${dayLabel(payload.finalDate)}`,
        filter: describeProofFilter(payload.filter),
        total: toc.length,
        issuer,
        createdAt: new Date(),
      },
      toc,
      proofs: proofs(),
      onProof: async (done) => {
        if (done % PROGRESS_EVERY === 0) await updateProofProgress(ctx.db, comp_codigo, done, toc[done - 1]?.ema_uni_codigo ?? 0);
      },
    });
    // One signature over the whole file (PAdES, docs/signatures.md): the file is read back whole
    // (500 proofs at most, a few MB), signed by an incremental update, and its hash taken again.
    const { signDocument, SIGNATURE_REASON } = await import('../signing/signing.service.ts');
    const signedBundle = await signDocument(ctx.config, await fs.readFile(out), SIGNATURE_REASON.lote);
    await fs.writeFile(`${out}.tmp`, signedBundle);
    await fs.rename(`${out}.tmp`, out);
    written = { sha256: createHash('sha256').update(signedBundle).digest('hex'), size: signedBundle.length };
    logs = toc.map((t) => ({ cod_email: t.ema_uni_codigo, sha256: written.sha256 }));
  } else {
    await renderParts(ctx, proof, scope, issuer, dir);
    written = await writeZipBundle({
      file: out,
      manifestFile: path.join(dir, 'manifesto.csv'),
      manifestHeader: ['Arquivo', 'Protocolo', 'Identificador', 'Destinatário', 'E-mail', 'Assunto', 'Status do e-mail', 'SHA-256'],
      line: (cells) => csvLine(cells),
      parts: zipParts(ctx, proof, scope, issuer, dir),
    });
  }

  const chave = `comprovantes/${proof.cod_usu}/${proof.comp_cod_referencia}.${proof.comp_formato}`;
  await ctx.storage.putFile(chave, out, proof.comp_formato === 'pdf' ? 'application/pdf' : 'application/zip');
  const expiracao = new Date(Date.now() + ctx.config.proofsExpiryDays * 86_400_000);
  const completed = await inTransaction(ctx.db, async (trx) => {
    const ok = await completeProof(trx, comp_codigo, {
      chave,
      tamanho: written.size,
      sha256: written.sha256,
      expiracao,
      total: proof.comp_total,
    });
    if (ok) await insertBulkDocumentLogs(trx, proof, owner, logs);
    return ok;
  });
  await fs.rm(dir, { recursive: true, force: true });
  if (!completed) {
    // Another run finished it first: this file is not the one the proof points to.
    if (chave) ctx.log.warn({ comp_codigo }, 'bulk proof already completed by another run');
    return;
  }
  await notifyProofReady(ctx, proof);
}

/** One proof's PDF in the parts folder: written aside and renamed, so a part on disk is always whole. */
async function renderPart(ctx: AppContext, scope: TenantScope, issuer: { nome: string; login: string }, dir: string, codigo: number) {
  const { renderSendingProof } = await import('../proofs/sending-proof.pdf.ts');
  const { signDocument, SIGNATURE_REASON } = await import('../signing/signing.service.ts');
  const pdf = await signDocument(
    ctx.config,
    await renderSendingProof(await sendingProof(ctx, scope, codigo), issuer),
    SIGNATURE_REASON.comprovante,
  );
  const file = partPath(dir, codigo);
  await fs.writeFile(`${file}.tmp`, pdf);
  await fs.rename(`${file}.tmp`, file);
  return createHash('sha256').update(pdf).digest('hex');
}
const partPath = (dir: string, codigo: number) => path.join(dir, 'partes', `${codigo}.pdf`);

/**
 * The ZIP's parts, resuming after the last one recorded (comp_cursor): each is the single sending
 * proof, byte for byte what PUT /emails/sending-proof gives, logged with its SHA-256 as it is made.
 */
async function renderParts(ctx: AppContext, proof: JobProof, scope: TenantScope, issuer: { nome: string; login: string }, dir: string) {
  let done = proof.comp_feitos;
  let logs: BulkDocumentLog[] = [];
  const flush = async (cursor: number) => {
    await insertBulkDocumentLogs(ctx.db, proof, { usu_nome: issuer.nome, usu_login: issuer.login }, logs);
    await updateProofProgress(ctx.db, proof.comp_codigo, done, cursor);
    logs = [];
  };
  let last = proof.comp_cursor;
  for await (const m of messagesOf(ctx, proof, proof.comp_payload.payload.filter, proof.comp_cursor)) {
    logs.push({ cod_email: m.ema_uni_codigo, sha256: await renderPart(ctx, scope, issuer, dir, m.ema_uni_codigo) });
    done++;
    last = m.ema_uni_codigo;
    if (done % PROGRESS_EVERY === 0) await flush(last);
  }
  await flush(last);
}

/** Every part in protocol order; one recorded as done but not on this disk (another worker made it) is made again here. */
async function* zipParts(
  ctx: AppContext,
  proof: JobProof,
  scope: TenantScope,
  issuer: { nome: string; login: string },
  dir: string,
): AsyncGenerator<ZipPart> {
  for await (const m of messagesOf(ctx, proof, proof.comp_payload.payload.filter)) {
    const file = partPath(dir, m.ema_uni_codigo);
    if (!(await fs.stat(file).catch(() => null))) await renderPart(ctx, scope, issuer, dir, m.ema_uni_codigo);
    yield {
      name: `comprovante-envio-${m.ema_uni_codigo}.pdf`,
      path: file,
      manifest: [
        `comprovante-envio-${m.ema_uni_codigo}.pdf`,
        m.ema_uni_codigo,
        m.ema_uni_id,
        m.ema_uni_name_to,
        m.ema_uni_to ?? '',
        m.ema_uni_subject,
        statusLabel(m.ema_status_email),
      ],
    };
  }
}

/** The scheduled job: expired proofs' files leave storage (the row stays, shown expired with Gerar Novamente). */
export async function removeExpiredProofs(ctx: AppContext, now = new Date()): Promise<number> {
  let removed = 0;
  for (;;) {
    const expired = await findExpiredProofFiles(ctx.db, now, 100);
    for (const p of expired) {
      if (p.comp_chave) await ctx.storage.remove(p.comp_chave);
      await markProofFileRemoved(ctx.db, p.comp_codigo);
      removed++;
    }
    if (expired.length < 100) return removed;
  }
}
