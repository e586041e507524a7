import { createHash, randomUUID } from 'node:crypto';
import {
  brasiliaDateTime,
  detectEncoding,
  isCsvFile,
  REMESSA_DUPLICATE_HOURS,
  REMESSA_MAX_BYTES,
  REMESSA_MSG,
  type RemessaListQuery,
  type RemessaReportQuery,
} from '@ar/core';
import { fromKysely, type PgBoss } from 'pg-boss';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { dataUrlBuffer } from '../../http/data-url.ts';
import { AppError, badRequest, notFound, queueUnavailable } from '../../http/errors.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import * as q from './remessas.queries.ts';
import { REMESSA_QUEUE, wakeRemessaWorker } from './remessas.queue.ts';

/**
 * POST /remessas/upload: the envelope is checked here (a data URL of a csv, at most 5 MB: 400 with
 * the spec's texts, nothing kept); everything inside the file is the worker's (docs/remessas.md).
 * The same file (SHA-256) received from this user within 24 h, and not failed before sending,
 * answers 409 with the question until the call says `confirmarDuplicada`. The file is stored,
 * then its remessa and its job are one transaction: no remessa without its job.
 */
export async function uploadRemessa(
  ctx: AppContext,
  scope: TenantScope,
  body: { contentBase64: string; fileName: string; confirmarDuplicada: boolean },
): Promise<{ rem_codigo: number }> {
  const boss = ctx.boss;
  if (!boss) throw queueUnavailable();
  const decoded = await dataUrlBuffer(body.contentBase64);
  if (!decoded || !isCsvFile({ name: body.fileName, type: decoded.type })) throw badRequest(REMESSA_MSG.invalidFile);
  if (decoded.bytes.length > REMESSA_MAX_BYTES) throw badRequest(REMESSA_MSG.tooLarge);
  const data = decoded.bytes;
  const sha256 = createHash('sha256').update(data).digest('hex');
  if (!body.confirmarDuplicada) {
    const since = new Date(Date.now() - REMESSA_DUPLICATE_HOURS * 3_600_000);
    const same = await q.findSameFileSince(ctx.db, scope, sha256, since);
    if (same) {
      throw new AppError(409, REMESSA_MSG.duplicate(brasiliaDateTime(same.rem_data_criacao), same.rem_codigo), {
        duplicada: {
          rem_codigo: same.rem_codigo,
          rem_nome: same.rem_nome,
          rem_data_criacao: new Date(same.rem_data_criacao).toISOString(),
        },
      });
    }
  }
  const uuid = randomUUID();
  const key = `remessas/${scope.owner}/${uuid}.csv`;
  await ctx.storage.put(key, data, 'text/csv');
  const stored = await inTransaction(ctx.db, async (trx) => {
    const row = await q.insertRemessa(trx, scope, {
      rem_uuid: uuid,
      rem_nome: body.fileName.trim(),
      rem_sha256: sha256,
      rem_arquivo: key,
      rem_tamanho: data.length,
    });
    await (boss as PgBoss).insert(REMESSA_QUEUE, [{ data: { rem_codigo: row.rem_codigo }, singletonKey: `remessa:${row.rem_codigo}` }], {
      db: fromKysely(trx),
    });
    return row;
  });
  wakeRemessaWorker(boss);
  return stored;
}

/** POST /remessas/encoding-remessa: the encoding of the file's bytes ('UTF-8', 'ISO-8859-1' or another name). */
export async function encodingOf(content: string): Promise<string> {
  const decoded = await dataUrlBuffer(content);
  if (!decoded) throw badRequest(REMESSA_MSG.invalidFile);
  return detectEncoding(decoded.bytes);
}

export const listRemessas = (ctx: AppContext, scope: TenantScope, query: RemessaListQuery) => q.listRemessas(ctx.db, scope, query);
export const remessaStats = (ctx: AppContext, scope: TenantScope) => q.countRemessas(ctx.db, scope);

/**
 * The return preview of one remessa: its lines with their messages, or null while it is not
 * ready (a file still being validated or sent; a file refused whole has no lines and never is).
 */
export async function remessaPreview(ctx: AppContext, scope: TenantScope, id: number) {
  const rem = await q.findRemessa(ctx.db, scope, id);
  if (!rem) throw notFound();
  return { rem, lines: await readyLines(ctx, scope, rem) };
}

const NOT_READY = new Set(['AGUARDANDO_VALIDACAO', 'PROCESSADO', 'EM_PROCESSAMENTO']);

async function readyLines(ctx: AppContext, scope: TenantScope, rem: NonNullable<Awaited<ReturnType<typeof q.findRemessa>>>) {
  if (NOT_READY.has(rem.rem_status_processamento)) return null;
  const lines = await q.previewLines(ctx.db, scope, rem);
  return lines.length > 0 ? lines : null;
}

/** GET /remessas/retorno-full: the ready previews of several remessas (ids of others are not found: 404). */
export async function remessaPreviews(ctx: AppContext, scope: TenantScope, ids: number[]) {
  const rems = await q.findRemessas(ctx.db, scope, ids);
  if (rems.length !== ids.length) throw notFound();
  const out = [];
  for (const rem of rems) {
    const lines = await readyLines(ctx, scope, rem);
    if (lines) out.push({ rem, lines });
  }
  return out;
}

/**
 * The period report's remessas: received from 00:00:00 of the first day to 23:59:59 of the last,
 * Brasília time (UTC-3 all year since 2019: no daylight saving).
 */
export function remessasOfPeriod(ctx: AppContext, scope: TenantScope, query: RemessaReportQuery) {
  const from = new Date(`${query.dataInicial}T00:00:00-03:00`);
  const to = new Date(new Date(`${query.dataFinal}T00:00:00-03:00`).getTime() + 86_400_000);
  return q.remessasBetween(ctx.db, scope, from, to);
}

/** The clean-up job: remessas that failed whole, past their 90 days, and the files they held. */
export async function removeExpiredFailures(ctx: AppContext, before: Date): Promise<number> {
  const keys = await q.deleteFailuresBefore(ctx.db, before);
  for (const key of keys) await ctx.storage.remove(key).catch((err) => ctx.log.warn({ err, key }, 'remessa file not removed'));
  return keys.length;
}
