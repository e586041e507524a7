import {
  type CustomFieldDef,
  checkRemessaBytesAsync,
  messageUnits,
  REMESSA_FAILURE_TYPES,
  REMESSA_MSG,
  type RecipientChannels,
  type RemessaFailureType,
} from '@ar/core';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { defaultCascadeOf } from '../cascade/cascade-default.service.ts';
import { channelAvailable } from '../channels/channels.service.ts';
import { letterAvailable } from '../channels/letter/letter.service.ts';
import { voiceAvailable } from '../channels/voice/voice.service.ts';
import { checkBlacklistAll } from '../emails/check.service.ts';
import { findComposer } from '../emails/emails.queries.ts';
import type { Composer } from '../emails/send-values.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import { type LineBuilder, ThreadBuilds } from './line-builder.ts';
import { FileColumns, type LineAccount, type LineFailure, lineChannels, lineProblem, templateIndex, templateOf } from './remessa-rows.ts';
import * as q from './remessas.queries.ts';

/**
 * A received file's first step (AGUARDANDO_VALIDACAO, remessa-processing.service.ts): the file's
 * rules and each line's, the lines stored with their fate; and what the later steps read of it
 * (the account's line settings, the lines' price, the refused lines' summary).
 */

/** Lines checked by the line rules between two yields to the event loop (~a few ms). */
const RULES_BETWEEN_YIELDS = 250;
/** Gives the event loop back: the requests waiting are answered before the file's next piece. */
export const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Reasons listed in a remessa's failure reason (the rest are in the preview). */
const LISTED = 50;

/** The account's settings and the installation's channels, as the line rules read them. */
export function lineAccount(ctx: AppContext, user: Composer): LineAccount {
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
export interface LinesPrice {
  units: number;
  voice: boolean;
}

export const priceOf = (channels: Required<RecipientChannels>[]): LinesPrice => ({
  units: messageUnits(channels),
  voice: channels.some((c) => c.voz),
});

/** The custom variables of the user's account (usu_settings.customField), as compose reads them. */
export function customFieldsOf(user: Composer): CustomFieldDef[] {
  return ((user.usu_settings as { customField?: { data?: CustomFieldDef[] } })?.customField?.data ?? []) as CustomFieldDef[];
}

/**
 * Answers the price of the lines it stored as valid (null when it stored none: the file refused,
 * or another run moved it), and, given the line builder thread, the valid lines handed to it.
 */
export async function validate(
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
export async function refusedLines(ctx: AppContext, rem: q.WorkRemessa) {
  const failed = await q.failedLines(ctx.db, rem.rem_codigo);
  const listed = summary(
    failed.map((f) => ({ tipo: (f.tipo_falha ?? 'INVALID_FORMAT') as RemessaFailureType, motivo: f.lin_motivo ?? '' })),
  );
  return { count: failed.length, ...(failed.length > 0 ? listed : { tipo_falha: null, motivo_falha: null }) };
}
