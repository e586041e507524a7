import {
  attachmentRequiredProblem,
  CREDIT_MSG,
  type CustomFieldDef,
  checkRemessaBytesAsync,
  messageUnits,
  REMESSA_FAILURE_TYPES,
  REMESSA_MSG,
  type RecipientChannels,
  type RemessaFailureType,
  type RemessaStatus,
  VOICE_MIN_CREDITS,
} from '@ar/core';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { userAsActor } from '../auth/auth.queries.ts';
import { defaultCascadeOf } from '../cascade/cascade-default.service.ts';
import { channelAvailable } from '../channels/channels.service.ts';
import { letterAvailable } from '../channels/letter/letter.service.ts';
import { voiceAvailable } from '../channels/voice/voice.service.ts';
import { InsufficientCreditsError } from '../credits/credits.service.ts';
import { checkBlacklistAll } from '../emails/check.service.ts';
import { findComposer } from '../emails/emails.queries.ts';
import { StoredDiffersError, storeMessagesInTransaction } from '../emails/send-store.ts';
import type { Composer, OutgoingMessage, SendCommon } from '../emails/send-values.ts';
import { creditState } from '../plans/plans.service.ts';
import { type TenantScope, tenantScope } from '../tenancy/tenant-scope.ts';
import { type LineBuilder, ThreadBuilds } from './line-builder.ts';
import {
  FileColumns,
  type LineAccount,
  type LineFailure,
  type LineTemplate,
  lineChannelProblem,
  lineChannels,
  lineMessage,
  lineProblem,
  templateIndex,
  templateOf,
} from './remessa-rows.ts';
import * as q from './remessas.queries.ts';

/**
 * A received file's way through the statuses (docs/remessas.md), run by the queue, never by the
 * request. Each step starts from the status the previous one left, so a job that dies anywhere
 * is resumed by its retry from where it stopped:
 *
 *   AGUARDANDO_VALIDACAO → the file's rules and each line's; the lines stored with their fate,
 *     the refused ones listed in the remessa's own failure type and reason → PROCESSADO (or
 *     FALHA_NA_VALIDACAO when no line is left to send);
 *   PROCESSADO → the account's checks before anything is sent (an account that requires an
 *     attachment: ERRO_CONFIGURACAO; credits for every line: ERRO_PROCESSAMENTO) → EM_PROCESSAMENTO;
 *   EM_PROCESSAMENTO → slices of lines become AR messages, each slice in one transaction with the
 *     mark of its lines → PROCESSADO_COM_SUCESSO, or PROCESSADO_COM_FALHAS when lines were refused.
 */

/** Lines per transaction while sending: big enough to amortise the statements, small enough to keep locks short. */
export const SLICE = 500;
/** Lines checked by the line rules between two yields to the event loop (~a few ms). */
const RULES_BETWEEN_YIELDS = 250;
/** Gives the event loop back: the requests waiting are answered before the file's next piece. */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Reasons listed in a remessa's failure reason (the rest are in the preview). */
const LISTED = 50;

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

export async function processRemessa(ctx: AppContext, rem_codigo: number, hooks: ProcessHooks = {}): Promise<void> {
  let rem = await q.findRemessaForWork(ctx.db, rem_codigo);
  if (!rem) return;
  const actor = await userAsActor(ctx.db, { usu_codigo: rem.cod_usu });
  if (!actor) return;
  const scope = tenantScope(actor);
  // The units of the lines this run validated, priced as it stored them (a resumed run reads them).
  let units: LinesPrice | null = null;
  // The lines this run validated, handed to the line builder thread (PGlite); a resumed run builds its own.
  let builds: ThreadBuilds | null = null;
  if (rem.rem_status_processamento === 'AGUARDANDO_VALIDACAO') {
    ({ units, builds } = await validate(ctx, scope, rem, hooks.builder));
    rem = await q.findRemessaForWork(ctx.db, rem_codigo);
  }
  if (rem?.rem_status_processamento === 'PROCESSADO') {
    await checkAccount(ctx, scope, rem, units);
    rem = await q.findRemessaForWork(ctx.db, rem_codigo);
  }
  if (rem?.rem_status_processamento === 'EM_PROCESSAMENTO') await send(ctx, scope, rem, hooks, builds);
}

/** The last retry failed: the file ends in ERRO_SISTEMA, saying how far it went. */
export async function failRemessa(ctx: AppContext, rem_codigo: number, error: string): Promise<void> {
  const rem = await q.findRemessaForWork(ctx.db, rem_codigo);
  if (
    !rem ||
    ['PROCESSADO_COM_SUCESSO', 'PROCESSADO_COM_FALHAS', 'FALHA_NA_VALIDACAO', 'ERRO_PROCESSAMENTO', 'ERRO_CONFIGURACAO'].includes(
      rem.rem_status_processamento,
    )
  )
    return;
  ctx.log.error({ rem_codigo, error }, 'remessa failed for good');
  await q.updateRemessa(ctx.db, rem_codigo, {
    rem_status_processamento: 'ERRO_SISTEMA' satisfies RemessaStatus,
    tipo_falha: 'SYSTEM_ERROR' satisfies RemessaFailureType,
    motivo_falha: `Falha interna ao processar a remessa depois de várias tentativas; ${rem.rem_enfileiradas} linha(s) já tinham virado mensagens. Envie as demais em um novo arquivo ou fale com o suporte.`,
  });
}

/** The account's settings and the installation's channels, as the line rules read them. */
function lineAccount(ctx: AppContext, user: Composer): LineAccount {
  return {
    emailRequired: user.set_envia_email_obrigatorio,
    whatsappAllowed: user.usu_aceita_ar_whatsapp,
    vozAllowed: user.usu_aceita_ar_voz,
    available: {
      sms: channelAvailable(ctx, 'sms'),
      whatsapp: channelAvailable(ctx, 'whatsapp'),
      voz: voiceAvailable(ctx),
      carta: letterAvailable(ctx),
    },
    cascade: defaultCascadeOf(user.usu_settings),
  };
}

/** What the lines to send cost: their units as compose counts its recipients', and whether any has a call (VOICE_MIN_CREDITS). */
interface LinesPrice {
  units: number;
  voice: boolean;
}

const priceOf = (channels: Required<RecipientChannels>[]): LinesPrice => ({
  units: messageUnits(channels),
  voice: channels.some((c) => c.voz),
});

/** The custom variables of the user's account (usu_settings.customField), as compose reads them. */
function customFieldsOf(user: Composer): CustomFieldDef[] {
  return ((user.usu_settings as { customField?: { data?: CustomFieldDef[] } })?.customField?.data ?? []) as CustomFieldDef[];
}

/**
 * Answers the price of the lines it stored as valid (null when it stored none: the file refused,
 * or another run moved it), and, given the line builder thread, the valid lines handed to it.
 */
async function validate(
  ctx: AppContext,
  scope: TenantScope,
  rem: q.WorkRemessa,
  builder?: LineBuilder,
): Promise<{ units: LinesPrice | null; builds: ThreadBuilds | null }> {
  const bytes = rem.rem_arquivo ? await ctx.storage.read(rem.rem_arquivo) : null;
  if (!bytes) throw new Error(`remessa ${rem.rem_codigo}: file ${rem.rem_arquivo} missing from storage`);
  // The server takes UTF-8 only: the browser converts ISO-8859-1 after asking (spec 002 §5).
  // Parsed in pieces with the event loop given back between them: a 5 MB file (100,000 short
  // rows) is not a second during which no other request is answered (bench/remessa-upload.mjs).
  const checked = await checkRemessaBytesAsync(new Uint8Array(bytes), { convertLatin1: false }, yieldToLoop);
  if ('convert' in checked || 'problem' in checked) {
    const problem = 'problem' in checked ? checked.problem : { tipo: 'ENCODING_ERROR' as const, message: REMESSA_MSG.encoding };
    await q.moveRemessa(ctx.db, rem.rem_codigo, 'AGUARDANDO_VALIDACAO', {
      rem_status_processamento: 'FALHA_NA_VALIDACAO',
      tipo_falha: problem.tipo,
      motivo_falha: problem.message,
    });
    return { units: null, builds: null };
  }
  const { header, rows } = checked.file;
  const cols = new FileColumns(header);
  const refs = [...new Set(rows.map((r) => cols.cell(r.cells, 'MODELO')).filter(Boolean))];
  const templates = templateIndex(await q.findTemplatesByRef(ctx.db, scope, refs));
  const user = await findComposer(ctx.db, scope);
  const account = lineAccount(ctx, user);
  const problems = new Map<number, LineFailure>();
  for (const [i, r] of rows.entries()) {
    const problem = lineProblem(r.line, r.cells, cols, templates, account);
    if (problem) problems.set(r.line, problem);
    if (i % RULES_BETWEEN_YIELDS === RULES_BETWEEN_YIELDS - 1) await yieldToLoop();
  }
  // The blacklist and hard bounces, as compose checks them, for the lines that passed the rest
  // and have an e-mail (a line by SMS or WhatsApp alone has no address to check).
  const passing = rows.filter((r) => !problems.has(r.line) && cols.cell(r.cells, 'EMAIL_DESTINATARIO') !== '');
  const checks = await checkBlacklistAll(
    ctx.db,
    scope,
    passing.map((r) => cols.cell(r.cells, 'EMAIL_DESTINATARIO')),
  );
  passing.forEach((r, i) => {
    const check = checks[i];
    if (check && !check.valid) {
      problems.set(r.line, { tipo: 'BLOCKED_RECIPIENT', motivo: `Linha ${r.line}, coluna EMAIL_DESTINATARIO: ${check.msg}` });
    }
  });

  const lines = rows.map((r) => {
    const problem = problems.get(r.line);
    return {
      rem_codigo: rem.rem_codigo,
      lin_numero: r.line,
      lin_dados: JSON.stringify(r.cells),
      lin_status: problem ? ('falha' as const) : ('valida' as const),
      tipo_falha: problem?.tipo ?? null,
      lin_motivo: problem?.motivo ?? null,
    };
  });
  const allFailed = problems.size === rows.length;
  // The lines to send go to the builder thread now: their messages are made while the lines are
  // stored and the account checked (the slices take them only if nothing changed meanwhile).
  let builds: ThreadBuilds | null = null;
  if (builder?.ready && !allFailed) {
    builds = new ThreadBuilds(builder, { header, customFields: customFieldsOf(user), publicUrl: ctx.config.publicUrl });
    builds.submit(
      rows.flatMap((r) => {
        const template = problems.has(r.line) ? undefined : templateOf(cols.cell(r.cells, 'MODELO'), templates);
        return template?.mod_enable ? [{ lin_numero: r.line, cells: r.cells, template }] : [];
      }),
    );
  }
  const units = await inTransaction(ctx.db, async (trx) => {
    // One remessa per file (issue 43): its refused lines are listed in its own type and reason.
    const moved = await q.moveRemessa(trx, rem.rem_codigo, 'AGUARDANDO_VALIDACAO', {
      rem_status_processamento: allFailed ? 'FALHA_NA_VALIDACAO' : 'PROCESSADO',
      rem_cabecalho: JSON.stringify(header),
      rem_quantidade_registros: rows.length,
      rem_falhas: problems.size,
      ...(problems.size > 0 ? summary([...problems.values()]) : {}),
    });
    if (!moved) return null;
    await q.insertLines(trx, lines);
    return allFailed ? null : priceOf(rows.filter((r) => !problems.has(r.line)).map((r) => lineChannels(r.cells, cols)));
  });
  return { units, builds: units === null ? null : builds };
}

/** The refused lines' type (the commonest of them) and reason (the first lines, one a line), for the remessa. */
function summary(failures: LineFailure[]): { tipo_falha: RemessaFailureType; motivo_falha: string } {
  const counts = new Map<RemessaFailureType, number>();
  for (const f of failures) counts.set(f.tipo, (counts.get(f.tipo) ?? 0) + 1);
  const tipo = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'INVALID_FORMAT';
  const listed = failures.slice(0, LISTED).map((f) => f.motivo);
  const more = failures.length - listed.length;
  const tail = more > 0 ? [`… e mais ${more} linha(s) recusada(s): veja todas na prévia do retorno.`] : [];
  const head = `${failures.length} linha(s) recusada(s) (${REMESSA_FAILURE_TYPES[tipo]}).`;
  return { tipo_falha: tipo, motivo_falha: [head, ...listed, ...tail].join('\n') };
}

/** The file's refused lines, from the lines themselves (a slice may have refused more): their count, type and reasons. */
async function refusedLines(ctx: AppContext, rem: q.WorkRemessa) {
  const failed = await q.failedLines(ctx.db, rem.rem_codigo);
  const listed = summary(
    failed.map((f) => ({ tipo: (f.tipo_falha ?? 'INVALID_FORMAT') as RemessaFailureType, motivo: f.lin_motivo ?? '' })),
  );
  return { count: failed.length, ...(failed.length > 0 ? listed : { tipo_falha: null, motivo_falha: null }) };
}

/**
 * Before anything is sent: a prepaid plan must hold the credits of every line to send (each
 * line's units as compose counts a recipient's: e-mail and SMS one, WhatsApp, AR-Voz and AR-Carta
 * one more each), and at least VOICE_MIN_CREDITS when a line has a call, as compose asks; and be
 * active. A file that cannot be paid for sends nothing.
 */
async function checkAccount(ctx: AppContext, scope: TenantScope, rem: q.WorkRemessa, validated: LinesPrice | null): Promise<void> {
  const cols = new FileColumns((rem.rem_cabecalho as string[] | null) ?? []);
  // The lines just validated by this run are priced as they were stored; a run resumed here reads them.
  const price =
    validated ?? priceOf((await q.pendingLineCells(ctx.db, rem.rem_codigo)).map((l) => lineChannels(l.lin_dados as string[], cols)));
  const pending = price.units;
  // Compose refuses a send without attachments for an account that requires one; a file has none.
  const user = await findComposer(ctx.db, scope);
  const configuration = attachmentRequiredProblem(0, user);
  if (configuration) {
    const reason = `${configuration}: a conta exige anexo em todo envio e a remessa não tem anexos. Nenhuma linha foi enviada.`;
    await inTransaction(ctx.db, async (trx) => {
      const moved = await q.moveRemessa(trx, rem.rem_codigo, 'PROCESSADO', {
        rem_status_processamento: 'ERRO_CONFIGURACAO',
        tipo_falha: 'REQUIRED_FIELDS',
        motivo_falha: reason,
      });
      if (moved) await q.failLines(trx, rem.rem_codigo, 'pending', 'REQUIRED_FIELDS', reason);
    });
    return;
  }
  const plan = await creditState(ctx, scope, {});
  const short = plan.pla_tipo_plano === '1' && plan.pla_total_credito < pending;
  const voiceShort = plan.pla_tipo_plano === '1' && price.voice && plan.pla_total_credito < VOICE_MIN_CREDITS;
  if (plan.pla_ativo === 0 || short || voiceShort) {
    const reason =
      plan.pla_ativo === 0
        ? 'O plano de créditos está inativo; a remessa não foi enviada.'
        : short
          ? `Créditos insuficientes: a remessa precisa de ${pending} crédito(s) e o plano tem ${plan.pla_total_credito}. Nenhuma linha foi enviada.`
          : `${CREDIT_MSG.voiceMinimum} A remessa tem linhas com AR-Voz e o plano tem ${plan.pla_total_credito}. Nenhuma linha foi enviada.`;
    await inTransaction(ctx.db, async (trx) => {
      const moved = await q.moveRemessa(trx, rem.rem_codigo, 'PROCESSADO', {
        rem_status_processamento: 'ERRO_PROCESSAMENTO',
        tipo_falha: 'CREDITS_ERROR',
        motivo_falha: reason,
      });
      if (moved) await q.failLines(trx, rem.rem_codigo, 'pending', 'CREDITS_ERROR', reason);
    });
    return;
  }
  await q.moveRemessa(ctx.db, rem.rem_codigo, 'PROCESSADO', { rem_status_processamento: 'EM_PROCESSAMENTO' });
}

/**
 * The valid lines, slice by slice: the slice's lines are read after the remessa's row lock, made
 * into messages and marked with them in one transaction (storeMessagesInTransaction: the same
 * rows, events, jobs and debit as compose). A run that dies between slices leaves the committed
 * ones marked; its retry starts at the first line without a message.
 */
async function send(
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
