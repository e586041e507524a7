import { attachmentRequiredProblem, CREDIT_MSG, type RemessaFailureType, type RemessaStatus, VOICE_MIN_CREDITS } from '@ar/core';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { userAsActor } from '../auth/auth.queries.ts';
import { findComposer } from '../emails/emails.queries.ts';
import { creditState } from '../plans/plans.service.ts';
import { type TenantScope, tenantScope } from '../tenancy/tenant-scope.ts';
import type { ThreadBuilds } from './line-builder.ts';
import { FileColumns, lineChannels } from './remessa-rows.ts';
import { type ProcessHooks, send } from './remessa-sending.ts';
import { type LinesPrice, priceOf, validate } from './remessa-validation.ts';
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
