import {
  brasiliaDateTime,
  type CascadeChannel,
  type CascadeCondition,
  type CascadePlan,
  type CascadeRowChannels,
  type CascadeStep,
  cascadeStepsFor,
  cascadeUnits,
  describeCascadeCondition,
  initialStepCount,
  type RecipientChannels,
  recipientUnits,
} from '@ar/core';
import type { Kysely, Transaction } from 'kysely';
import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { findChannelMessage } from '../channels/channels.queries.ts';
import { debitCredits, InsufficientCreditsError } from '../credits/credits.service.ts';
import { recordEvent } from '../emails/events.ts';
import { queueSendJobs } from '../emails/send-jobs.ts';
import {
  addMessageUnits,
  findCascade,
  findCascadePayer,
  firstEvidence,
  insertCascade,
  type NewCascadeStep,
  type StoredCascadeStep,
  updateCascadeStep,
} from './cascade.queries.ts';
import { cascadeDeadline } from './cascade-deadline.ts';
import { ARRIVED, conditionHolds, ERRO, EVIDENCE_TYPES, EVIDENCE_WORDS, evidenceOf, list, NAMES, NONE_WORDS } from './cascade-evidence.ts';
import { queueCascadeStep } from './cascade-queue.ts';

/**
 * The channel cascade (docs/cascade.md): a message's channels go one step after the other, each
 * step only when the evidence recorded so far says it is needed. Compose stores the plan and sends
 * the first step (planCascade); each later step is a job of the 'cascata-etapa' queue that starts
 * at the step's deadline and decides it (decideCascadeStep).
 */

export interface CascadeAtCompose {
  steps: CascadeStep[];
  /** How many steps go with the send (the first and the `junto` ones after it). */
  initial: number;
  /** The channels that wait for their step: no 'processed' event, no job, no debit at compose. */
  deferred: Set<CascadeChannel>;
  /** What the row costs at compose, and at most (every step sent). */
  unitsNow: number;
  unitsAtMost: number;
}

/** A row's plan at compose: its steps, what goes now and what waits, and what each costs. */
export function cascadeAtCompose(plan: CascadePlan, row: CascadeRowChannels): CascadeAtCompose {
  const steps = cascadeStepsFor(plan, row);
  const initial = initialStepCount(steps);
  const units = cascadeUnits(plan, row);
  return { steps, initial, deferred: new Set(steps.slice(initial).map((s) => s.canal)), unitsNow: units.now, unitsAtMost: units.atMost };
}

/**
 * Stores a message's cascade in the send's transaction, once its first steps' channels are stored
 * with their 'processed' events and jobs (send.service.ts): the steps that went are 'enviada', the
 * first that waits gets its deadline and its job, and the plan is chained in the message's history
 * (a 'processed' step of the first channel, which changes no status).
 */
export async function planCascade(
  ctx: AppContext,
  trx: Transaction<DB>,
  cod_email: number,
  plan: CascadePlan,
  at: CascadeAtCompose,
  now: Date,
): Promise<void> {
  const { steps, initial } = at;
  const first = steps[0];
  if (!first) return;
  const sent: RecipientChannels = {};
  const rows: NewCascadeStep[] = steps.map((step, i) => {
    if (i < initial) {
      const before = recipientUnits(sent);
      sent[step.canal] = true;
      return {
        eta_ordem: i,
        eta_canal: step.canal,
        eta_condicao: step.condicao ?? null,
        eta_situacao: 'enviada',
        eta_desde: now,
        eta_prazo: now,
        eta_decidida: now,
        eta_motivo: i === 0 ? `${NAMES[step.canal]} enviado com a mensagem.` : `${NAMES[step.canal]} enviado junto com a etapa anterior.`,
        eta_creditos: recipientUnits(sent) - before,
      };
    }
    const next = i === initial;
    return {
      eta_ordem: i,
      eta_canal: step.canal,
      eta_condicao: step.condicao ?? null,
      eta_situacao: 'aguardando',
      eta_desde: next ? now : null,
      eta_prazo: next ? cascadeDeadline(now, step.condicao) : null,
      eta_decidida: null,
      eta_motivo: null,
      eta_creditos: 0,
    };
  });
  await insertCascade(trx, cod_email, plan.modelo, rows);
  const waiting = rows[initial];
  if (waiting?.eta_prazo) await queueCascadeStep(trx, ctx.boss as PgBoss, cod_email, waiting.eta_ordem, waiting.eta_prazo);
  await recordEvent(
    trx,
    {
      cod_email,
      canal: first.canal,
      tipo: 'processed',
      affectsStatus: false,
      detalhes: {
        etapa: 'régua de notificação',
        modelo: plan.modelo,
        etapas: steps.map((s, i) => ({ ordem: i + 1, canal: s.canal, condicao: describeCascadeCondition(s.condicao) })),
        ...(waiting?.eta_prazo ? { proximaVerificacao: waiting.eta_prazo.toISOString() } : {}),
      },
    },
    ctx.boss,
  );
}

// ---- the step's decision ----

export type StepOutcome = 'enviada' | 'pulada' | 'aguardando' | 'nada';

/**
 * Decides a waiting step at `now` on the evidence recorded so far, in one transaction (the steps
 * locked): before its deadline it waits (a 'falhou' step goes as soon as every channel sent so far
 * failed); then it goes when its condition holds — its channel debited (only what it adds: spec 001
 * §9's shared unit of e-mail and SMS), its 'processed' event chained with the reason, its job
 * queued, the `junto` steps after it with it, and the next step's wait started — or the cascade
 * ends there, every step left 'pulada', the reason chained on the channel of the last step sent.
 */
export async function decideCascadeStep(ctx: AppContext, cod_email: number, ordem: number, now: Date = new Date()): Promise<StepOutcome> {
  return inTransaction(ctx.db, async (trx) => {
    const cascade = await findCascade(trx, cod_email, { lock: true });
    const step = cascade?.steps.find((s) => s.eta_ordem === ordem);
    if (!cascade || !step || step.eta_situacao !== 'aguardando' || !step.eta_prazo) return 'nada';
    const msg = await findChannelMessage(trx, cod_email, { lock: true });
    if (!msg) return 'nada';
    const sent = cascade.steps.filter((s) => s.eta_situacao === 'enviada').map((s) => s.eta_canal as CascadeChannel);
    const ev = evidenceOf(msg, sent);
    const condition = step.eta_condicao as CascadeCondition;
    const { holds, evidence } = conditionHolds(condition, ev);
    const due = now.getTime() >= new Date(step.eta_prazo).getTime();
    if (!due && !(condition.tipo === 'falhou' && holds)) return 'aguardando';
    const prazo = brasiliaDateTime(new Date(step.eta_prazo));
    const when = describeCascadeCondition(condition);
    if (!holds) {
      let reason: string;
      if (evidence && evidence !== 'erro') {
        const first = await firstEvidence(trx, cod_email, sent, EVIDENCE_TYPES[evidence]);
        reason = first
          ? `${NAMES[first.evt_canal as CascadeChannel]} ${EVIDENCE_WORDS[first.evt_tipo] ?? first.evt_tipo} em ${brasiliaDateTime(first.evt_data)}`
          : `${list(sent)}: ${EVIDENCE_WORDS[EVIDENCE_TYPES[evidence][0] as string]}`;
      } else {
        reason = `${list(sent)} sem falha até ${prazo}`;
      }
      await endCascade(
        ctx,
        trx,
        cod_email,
        cascade.steps,
        ordem,
        now,
        `${reason}: a régua se encerra e ${NAMES[step.eta_canal as CascadeChannel]} não é enviado (condição: ${when}).`,
      );
      return 'pulada';
    }
    const why =
      condition.tipo === 'falhou'
        ? `${list(sent)} falhou`
        : `${NONE_WORDS[condition.tipo as Exclude<CascadeCondition['tipo'], 'junto'>]} de ${list(sent)} até ${prazo}`;
    return sendFrom(ctx, trx, cod_email, cascade.steps, ordem, now, `${why[0]?.toUpperCase()}${why.slice(1)} (condição: ${when})`);
  });
}

/** Sends step `ordem` and the `junto` steps after it, then starts the next step's wait. */
async function sendFrom(
  ctx: AppContext,
  trx: Transaction<DB>,
  cod_email: number,
  steps: StoredCascadeStep[],
  ordem: number,
  now: Date,
  why: string,
): Promise<StepOutcome> {
  const payer = await findCascadePayer(trx, cod_email);
  if (!payer) return 'nada';
  const msg = await findChannelMessage(trx, cod_email);
  if (!msg) return 'nada';
  const paying = payingChannels(msg, steps);
  for (let i = ordem; i < steps.length; i++) {
    const step = steps[i] as StoredCascadeStep;
    const condition = step.eta_condicao as CascadeCondition | null;
    if (i > ordem && condition?.tipo !== 'junto') {
      const prazo = cascadeDeadline(now, condition);
      await updateCascadeStep(trx, cod_email, i, { eta_desde: now, eta_prazo: prazo });
      await queueCascadeStep(trx, ctx.boss as PgBoss, cod_email, i, prazo);
      break;
    }
    const canal = step.eta_canal as CascadeChannel;
    const units = recipientUnits({ ...paying, [canal]: true }) - recipientUnits(paying);
    if (units > 0) {
      try {
        await debitCredits(trx, payer, {
          units,
          reason: `Régua de notificação: ${NAMES[canal]} ${msg.ema_uni_id}`,
          ref: `envio:${payer.ema_uni_envio}`,
        });
      } catch (error) {
        if (!(error instanceof InsufficientCreditsError)) throw error;
        await endCascade(
          ctx,
          trx,
          cod_email,
          steps,
          i,
          now,
          `Créditos insuficientes para ${NAMES[canal]}: a régua se encerra (${error.message}).`,
        );
        return i === ordem ? 'pulada' : 'enviada';
      }
      await addMessageUnits(trx, cod_email, units);
    }
    paying[canal] = true;
    const motivo = i === ordem ? `${why}: ${NAMES[canal]} enviado.` : `${NAMES[canal]} enviado junto com a etapa anterior.`;
    await recordEvent(
      trx,
      {
        cod_email,
        canal,
        tipo: 'processed',
        detalhes: {
          ...(canal === 'carta' && msg.ema_uni_carta ? { endereco: msg.ema_uni_carta } : {}),
          ...(canal === 'voz' && msg.ema_uni_voz ? { voz: msg.ema_uni_voz } : {}),
          cascata: { etapa: i + 1, condicao: describeCascadeCondition(condition), motivo },
        },
      },
      ctx.boss,
    );
    await queueSendJobs(trx, ctx.boss as PgBoss, [cod_email], payer.ema_uni_envio, undefined, canal);
    await updateCascadeStep(trx, cod_email, i, { eta_situacao: 'enviada', eta_decidida: now, eta_motivo: motivo, eta_creditos: units });
  }
  return 'enviada';
}

/** The channels sent so far that still use what they cost (not failed, or failed after reaching the recipient). */
function payingChannels(msg: NonNullable<Awaited<ReturnType<typeof findChannelMessage>>>, steps: StoredCascadeStep[]): RecipientChannels {
  const unsent = new Set(steps.filter((s) => s.eta_situacao !== 'enviada').map((s) => s.eta_canal));
  const reached: Record<CascadeChannel, [boolean, number]> = {
    email: [!!msg.ema_uni_to, msg.ema_alcance_email],
    sms: [!!msg.ema_uni_sms, msg.ema_alcance_sms],
    whatsapp: [!!msg.ema_uni_whatsapp, msg.ema_alcance_whatsapp],
    voz: [!!msg.ema_uni_voz, msg.ema_alcance_voz],
    carta: [!!msg.ema_uni_carta, msg.ema_alcance_carta],
  };
  const out: RecipientChannels = {};
  for (const [c, [present, r]] of Object.entries(reached) as [CascadeChannel, [boolean, number]][])
    out[c] = present && !unsent.has(c) && ((r & ERRO) === 0 || (r & ARRIVED) !== 0);
  return out;
}

/** The cascade stops at step `from`: it and every step after it 'pulada', the reason chained once. */
async function endCascade(
  ctx: AppContext,
  trx: Kysely<DB>,
  cod_email: number,
  steps: StoredCascadeStep[],
  from: number,
  now: Date,
  reason: string,
): Promise<void> {
  for (const s of steps)
    if (s.eta_ordem >= from && s.eta_situacao === 'aguardando')
      await updateCascadeStep(trx, cod_email, s.eta_ordem, {
        eta_situacao: 'pulada',
        eta_decidida: now,
        eta_motivo: s.eta_ordem === from ? reason : `Não enviado: a régua se encerrou na etapa ${from + 1}.`,
      });
  const lastSent = [...steps].reverse().find((s) => s.eta_situacao === 'enviada' && s.eta_ordem < from) ?? steps[0];
  await recordEvent(
    trx,
    {
      cod_email,
      canal: (lastSent?.eta_canal ?? 'email') as CascadeChannel,
      tipo: 'processed',
      affectsStatus: false,
      detalhes: {
        etapa: 'régua de notificação encerrada',
        etapaRegua: from + 1,
        canalNaoEnviado: steps.filter((s) => s.eta_ordem >= from && s.eta_situacao === 'aguardando').map((s) => s.eta_canal),
        motivo: reason,
      },
    },
    ctx.boss,
  );
}
