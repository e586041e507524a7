import type { CustomFieldDef, RemessaFailureType } from '@ar/core';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { InsufficientCreditsError } from '../credits/credits.service.ts';
import { findComposer } from '../emails/emails.queries.ts';
import { StoredDiffersError, storeMessagesInTransaction } from '../emails/send-store.ts';
import type { OutgoingMessage, SendCommon } from '../emails/send-values.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import { type LineBuilder, ThreadBuilds } from './line-builder.ts';
import { lineMessage } from './remessa-line-message.ts';
import { FileColumns, type LineAccount, type LineTemplate, lineChannelProblem, templateIndex, templateOf } from './remessa-rows.ts';
import { customFieldsOf, lineAccount, refusedLines } from './remessa-validation.ts';
import * as q from './remessas.queries.ts';

/** A file's last step (EM_PROCESSAMENTO, remessa-processing.service.ts): its valid lines become AR messages, slice by slice. */

/** Lines per transaction while sending: big enough to amortise the statements, small enough to keep locks short. */
export const SLICE = 500;
export interface ProcessHooks {
  /** Called after each committed slice (tests stop the run here, as a crash would). */
  afterSlice?: (sent: number) => void | Promise<void>;
  slice?: number;
  /**
   * Build each slice's messages ahead, while the previous slice's statements run (readAhead; on by
   * default). The worker turns it off on PGlite, whose statements run in the server's own thread:
   * nothing to overlap there, only the lines read twice.
   */
  readAhead?: boolean;
  /**
   * The line builder thread (PGlite, where readAhead is off): the lines validated by this run are
   * handed to it at once and each slice takes their built messages (line-builder.ts).
   */
  builder?: LineBuilder;
}

/**
 * The valid lines, slice by slice: the slice's lines are read after the remessa's row lock, made
 * into messages and marked with them in one transaction (storeMessagesInTransaction: the same
 * rows, events, jobs and debit as compose). A run that dies between slices leaves the committed
 * ones marked; its retry starts at the first line without a message.
 */
export async function send(
  ctx: AppContext,
  scope: TenantScope,
  rem: q.WorkRemessa,
  hooks: ProcessHooks,
  builds: ThreadBuilds | null,
): Promise<void> {
  const user = await findComposer(ctx.db, scope);
  const account = lineAccount(ctx, user);
  const customFields = customFieldsOf(user);
  const cols = new FileColumns((rem.rem_cabecalho as string[] | null) ?? []);
  const common: SendCommon = {
    user,
    envio: rem.rem_uuid,
    origem: 'remessa',
    nameFrom: user.usu_nome.trim(),
    fromAddress: user.usu_login,
    attachmentRefs: [],
    tags: [],
    processedDetails: { remessa: rem.rem_codigo },
    reply: { codEmailReply: null, codEmailReplyBase: null },
    oficio: null,
  };
  const size = hooks.slice ?? SLICE;
  let creditsEnded: string | null = null;
  // Each slice's messages are built ahead, while the previous slice's statements run (readAhead).
  // On PGlite, the lines validated by this run come built by the thread (builds) instead.
  const build = (after: number): Promise<ReadyLines> =>
    hooks.readAhead === false || builds ? Promise.resolve(new Map()) : readAhead(ctx, scope, rem, cols, customFields, size, after);
  let ahead = build(0);
  for (;;) {
    // The thread's next lines built before the slice's transaction: none of its time is spent waiting there.
    await builds?.ahead(size);
    const ready = await ahead;
    const outcome = await sendSlice(ctx, scope, rem, cols, common, customFields, account, size, builds ?? ready, (last) => {
      ahead = build(last);
    }).catch((error) => {
      if (error instanceof InsufficientCreditsError) return { creditsEnded: error.message };
      throw error;
    });
    if ('creditsEnded' in outcome) {
      creditsEnded = outcome.creditsEnded;
      break;
    }
    if (outcome.done) break;
    await hooks.afterSlice?.(outcome.sent);
  }
  if (creditsEnded) {
    await q.failLines(ctx.db, rem.rem_codigo, 'pending', 'CREDITS_ERROR', `${creditsEnded} A linha não foi enviada.`);
  }
  const refused = await refusedLines(ctx, rem);
  const after = await q.findRemessaForWork(ctx.db, rem.rem_codigo);
  const anySent = (after?.rem_enfileiradas ?? 0) > 0;
  await q.moveRemessa(ctx.db, rem.rem_codigo, 'EM_PROCESSAMENTO', {
    rem_falhas: refused.count,
    ...(anySent
      ? {
          rem_status_processamento: refused.count > 0 ? 'PROCESSADO_COM_FALHAS' : 'PROCESSADO_COM_SUCESSO',
          tipo_falha: refused.tipo_falha,
          motivo_falha: refused.motivo_falha,
        }
      : {
          rem_status_processamento: 'ERRO_PROCESSAMENTO',
          tipo_falha: 'CREDITS_ERROR',
          motivo_falha: creditsEnded ?? 'Nenhuma linha foi enviada.',
        }),
  });
}

async function sendSlice(
  ctx: AppContext,
  scope: TenantScope,
  rem: q.WorkRemessa,
  cols: FileColumns,
  common: SendCommon,
  customFields: CustomFieldDef[],
  account: LineAccount,
  size: number,
  /** Messages built ahead: by the read-ahead (PostgreSQL), or by the line builder thread, taken for the slice's lines (PGlite). */
  prepared: ReadyLines | ThreadBuilds,
  /** Called with the slice's last line once its lines are read under the lock: the next slice may be built. */
  onLines: (last: number) => void,
): Promise<{ done: boolean; sent: number }> {
  const attempt = (stepByStep: boolean) =>
    inTransaction(ctx.db, async (trx) => {
      const locked = await q.lockRemessa(trx, rem.rem_codigo);
      if (locked?.rem_status_processamento !== 'EM_PROCESSAMENTO') return { done: true, sent: 0 };
      const lines = await q.nextPendingLines(trx, rem.rem_codigo, size);
      if (lines.length === 0) return { done: true, sent: 0 };
      onLines(lines[lines.length - 1]?.lin_numero as number);
      const ready = prepared instanceof ThreadBuilds ? await prepared.take(lines.map((l) => l.lin_numero)) : prepared;
      const cells = lines.map((l) => l.lin_dados as string[]);
      const refs = [...new Set(cells.map((c) => cols.cell(c, 'MODELO')))];
      const templates = templateIndex(await q.findTemplatesByRef(trx, scope, refs));
      const going: { lin_numero: number; template: LineTemplate; cells: string[] }[] = [];
      const gone: number[] = [];
      const refused = new Map<string, { tipo: RemessaFailureType; lines: number[] }>();
      lines.forEach((l, i) => {
        const line = cells[i] ?? [];
        const template = templateOf(cols.cell(line, 'MODELO'), templates);
        // The account's WhatsApp permission, the installation's provider or the user's default
        // cascade may have changed since the validation.
        const channel = lineChannelProblem(l.lin_numero, line, cols, account);
        if (!template?.mod_enable) gone.push(l.lin_numero);
        else if (channel) {
          // failLines writes 'Linha N: ' itself: the reason is grouped without its own line number.
          const reason = channel.motivo.replace(/^Linha \d+(, |: )/, '');
          const group = refused.get(reason) ?? { tipo: channel.tipo, lines: [] };
          group.lines.push(l.lin_numero);
          refused.set(reason, group);
        } else going.push({ lin_numero: l.lin_numero, template, cells: line });
      });
      for (const [reason, { tipo, lines: numbers }] of refused) await q.failLines(trx, rem.rem_codigo, numbers, tipo, reason);
      // A template removed or disabled after the validation: its lines are refused now.
      await q.failLines(
        trx,
        rem.rem_codigo,
        gone,
        'TEMPLATE_ERROR',
        'coluna MODELO: o modelo foi removido ou desativado depois do envio do arquivo.',
      );
      if (going.length === 0) return { done: false, sent: 0 };
      // The message built ahead when its line and template are still those it was built from (the
      // same pure function of them), else built now.
      const messages = going.map((g) => {
        const built = ready.get(g.lin_numero);
        return built && sameLine(built, g.cells, g.template)
          ? built.message
          : lineMessage(g.cells, cols, g.template, customFields, ctx.config.publicUrl);
      });
      const phones = messages.some((m) => m.sms || m.whatsapp || m.voz || m.carta);
      const emails = await storeMessagesInTransaction(ctx, trx, common, messages, {
        reason: `Remessa ${rem.rem_codigo} (${rem.rem_nome}): ${messages.length} ${phones ? 'mensagem(ns) AR Online' : 'AR-Email(s)'}`,
        stepByStep,
        cascade: account.cascade,
      });
      await q.markLinesSent(
        trx,
        rem.rem_codigo,
        going.map((g, i) => ({ lin_numero: g.lin_numero, cod_email: emails[i]?.ema_uni_codigo as number })),
      );
      return { done: false, sent: emails.length };
    });
  try {
    return await attempt(false);
  } catch (error) {
    if (!(error instanceof StoredDiffersError)) throw error;
    return attempt(true);
  }
}

/** Lines read and made into messages ahead of their slice's transaction, by line number. */
type ReadyLines = Map<number, { cells: string[]; template: LineTemplate; message: OutgoingMessage }>;

/** Whether a message built ahead came from these very cells and this template (lineMessage reads its code, subject and body). */
function sameLine(built: { cells: string[]; template: LineTemplate }, cells: string[], template: LineTemplate): boolean {
  return (
    built.template.mod_codigo === template.mod_codigo &&
    built.template.mod_subject === template.mod_subject &&
    built.template.mod_content === template.mod_content &&
    built.cells.length === cells.length &&
    built.cells.every((c, i) => c === cells[i])
  );
}

/** Lines built between two yields to the event loop, so the running slice's replies are not kept waiting. */
const BUILD_CHUNK = 25;

/**
 * The next slice's lines (after line `after`), read without the remessa's lock, and their messages
 * built (lineMessage: the variables, then the sanitiser, the largest share of a slice's work in the
 * server) a few lines at a time, while the running slice's statements are in the database: on
 * PostgreSQL the two overlap (bench/remessas). Nothing is written here: the slice's transaction
 * reads its lines again under the lock and takes a built message only for a line whose cells and
 * template are those it was built from (sameLine), so what is stored is what building it in the
 * transaction would store. A failed read builds nothing (the slice builds its lines itself).
 */
async function readAhead(
  ctx: AppContext,
  scope: TenantScope,
  rem: q.WorkRemessa,
  cols: FileColumns,
  customFields: CustomFieldDef[],
  size: number,
  after: number,
): Promise<ReadyLines> {
  const ready: ReadyLines = new Map();
  try {
    const lines = await q.nextPendingLines(ctx.db, rem.rem_codigo, size, after);
    if (lines.length === 0) return ready;
    const cells = lines.map((l) => l.lin_dados as string[]);
    const templates = templateIndex(await q.findTemplatesByRef(ctx.db, scope, [...new Set(cells.map((c) => cols.cell(c, 'MODELO')))]));
    for (const [i, l] of lines.entries()) {
      if (i > 0 && i % BUILD_CHUNK === 0) await new Promise((resolve) => setImmediate(resolve));
      const line = cells[i] ?? [];
      const template = templateOf(cols.cell(line, 'MODELO'), templates);
      if (!template?.mod_enable) continue;
      ready.set(l.lin_numero, { cells: line, template, message: lineMessage(line, cols, template, customFields, ctx.config.publicUrl) });
    }
  } catch (error) {
    ctx.log.warn({ err: error, rem_codigo: rem.rem_codigo }, 'remessa lines not built ahead');
  }
  return ready;
}
