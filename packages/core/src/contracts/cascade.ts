import { type RecipientChannels, recipientUnits } from '../credit-units.ts';
import { z } from '../zod.ts';
import { messageResponse } from './common.ts';

/**
 * The channel cascade ('régua de notificação', docs/cascade.md): an ordered list of channels, each
 * after the first with the condition on which the message moves on to it. The compose payload's
 * `cascata`, the sent detail's plan and the expert report's section all read these.
 */

export const CASCADE_CHANNELS = ['email', 'whatsapp', 'sms', 'voz', 'carta'] as const;
export type CascadeChannel = (typeof CASCADE_CHANNELS)[number];

const NAMES: Record<CascadeChannel, string> = {
  email: 'AR-Email',
  sms: 'AR-SMS',
  whatsapp: 'AR-WhatsApp',
  voz: 'AR-Voz',
  carta: 'AR-Carta',
};

/**
 * When the next step goes:
 * - `junto`: at once, with the step before (the CPC preset's WhatsApp beside the e-mail);
 * - `nao_entregue`: no channel sent so far reached the recipient (delivered, read, answered…) within the time;
 * - `nao_lido`: none was read (the public page, the tracking image, WhatsApp's read receipt) or confirmed;
 * - `nao_confirmado`: the recipient confirmed receipt on none (the page's 'Confirmar o recebimento',
 *   WhatsApp's button, a reply) — CPC art. 246 §1º-A;
 * - `falhou`: every channel sent so far failed within the time (it goes as soon as that happens).
 */
export const CASCADE_CONDITIONS = ['junto', 'nao_entregue', 'nao_lido', 'nao_confirmado', 'falhou'] as const;
export type CascadeConditionType = (typeof CASCADE_CONDITIONS)[number];
/** Minutes and hours run on the clock; business days count Brazil's national holidays in Brasília days (CPC art. 224). */
export const CASCADE_UNITS = ['minutos', 'horas', 'dias_uteis'] as const;
export type CascadeUnit = (typeof CASCADE_UNITS)[number];
/** The longest wait of a step, per unit: 30 days either way. */
export const CASCADE_MAX_WAIT: Record<CascadeUnit, number> = { minutos: 43_200, horas: 720, dias_uteis: 22 };
export const CASCADE_MODELS = ['cpc246', 'personalizada'] as const;
export type CascadeModel = (typeof CASCADE_MODELS)[number];

export const CASCADE_MSG = {
  model: 'Escolha a régua de notificação: CPC art. 246 ou personalizada.',
  channel: 'Escolha o canal de cada etapa da régua.',
  minSteps: 'A régua de notificação precisa de pelo menos duas etapas.',
  maxSteps: 'A régua de notificação tem no máximo cinco etapas, uma por canal.',
  repeated: 'Cada canal só pode aparecer uma vez na régua de notificação.',
  condition: (n: number) => `Informe a condição para seguir à etapa ${n} da régua.`,
  firstHasNoCondition: 'A primeira etapa da régua sai no envio e não tem condição.',
  wait: (n: number) => `Informe em quanto tempo a etapa ${n} da régua verifica a condição (um número inteiro a partir de 1).`,
  waitTooLong: (n: number, max: number, unit: string) => `A espera da etapa ${n} da régua deve ser de no máximo ${max} ${unit}.`,
  needs: (channel: CascadeChannel) => `A régua de notificação envia ${NAMES[channel]}: informe ${NEEDS[channel]} de cada destinatário.`,
  insufficientCredits: 'Você não possui créditos suficientes para todas as etapas da régua de notificação.',
  defaultSaved: 'Régua de notificação padrão salva.',
  defaultCleared: 'Régua de notificação padrão removida: os envios saem com todos os canais de uma vez.',
  defaultError: 'Houve um erro ao obter a régua de notificação padrão',
  defaultSaveError: 'Houve um erro ao salvar a régua de notificação padrão',
  defaultRequired: 'Informe a régua de notificação padrão (ou null para nenhuma).',
} as const;

const NEEDS: Record<CascadeChannel, string> = {
  email: 'o e-mail',
  sms: 'o celular do SMS',
  whatsapp: 'o número de WhatsApp',
  voz: 'o telefone do AR-Voz',
  carta: 'o endereço da carta',
};

const UNIT_WORDS: Record<CascadeUnit, [string, string]> = {
  minutos: ['minuto', 'minutos'],
  horas: ['hora', 'horas'],
  dias_uteis: ['dia útil', 'dias úteis'],
};
export const cascadeUnitWords = (n: number, unit: CascadeUnit) => `${n} ${UNIT_WORDS[unit][n === 1 ? 0 : 1]}`;

export const cascadeCondition = z.object({
  tipo: z.enum(CASCADE_CONDITIONS, { error: 'Escolha uma condição válida para a etapa da régua.' }),
  /** How long the step waits for the condition (not for `junto`). */
  prazo: z.number().int().nullish(),
  unidade: z.enum(CASCADE_UNITS, { error: 'Escolha a unidade da espera: minutos, horas ou dias úteis.' }).nullish(),
});
export type CascadeCondition = z.output<typeof cascadeCondition>;

export const cascadeStep = z.object({
  canal: z.enum(CASCADE_CHANNELS, { error: CASCADE_MSG.channel }),
  /** null for the first step (it goes with the send); required for every other. */
  condicao: cascadeCondition.nullish(),
});
export type CascadeStep = z.output<typeof cascadeStep>;

/** The compose payload's `cascata`: the CPC art. 246 preset, or the user's own ladder. */
export const cascadePlan = z
  .object({
    modelo: z.enum(CASCADE_MODELS, { error: CASCADE_MSG.model }),
    /** The steps of a 'personalizada' ladder (the preset's are fixed: cpc246Steps). */
    etapas: z.array(cascadeStep).max(CASCADE_CHANNELS.length, CASCADE_MSG.maxSteps).optional().default([]),
  })
  .superRefine((plan, ctx) => {
    if (plan.modelo !== 'personalizada') return;
    const problem = cascadeStepsProblem(plan.etapas);
    if (problem) ctx.addIssue({ code: 'custom', path: ['etapas'], message: problem });
  });
export type CascadePlanInput = z.input<typeof cascadePlan>;
export type CascadePlan = z.output<typeof cascadePlan>;

/** What is wrong with a custom ladder's steps, or null (the compose screen shows the same). */
export function cascadeStepsProblem(steps: CascadeStep[]): string | null {
  if (steps.length < 2) return CASCADE_MSG.minSteps;
  if (steps.length > CASCADE_CHANNELS.length) return CASCADE_MSG.maxSteps;
  if (new Set(steps.map((s) => s.canal)).size !== steps.length) return CASCADE_MSG.repeated;
  for (const [i, step] of steps.entries()) {
    const n = i + 1;
    if (i === 0) {
      if (step.condicao) return CASCADE_MSG.firstHasNoCondition;
      continue;
    }
    const c = step.condicao;
    if (!c) return CASCADE_MSG.condition(n);
    if (c.tipo === 'junto') continue;
    if (!c.unidade || typeof c.prazo !== 'number' || !Number.isInteger(c.prazo) || c.prazo < 1) return CASCADE_MSG.wait(n);
    const max = CASCADE_MAX_WAIT[c.unidade];
    if (c.prazo > max) return CASCADE_MSG.waitTooLong(n, max, UNIT_WORDS[c.unidade][1]);
  }
  return null;
}

/** CPC art. 246 §1º-A (Lei 14.195/2021): three business days to confirm an electronic citation. */
export const CPC246_BUSINESS_DAYS = 3;
export const CPC246_RULE =
  'CPC art. 246, §1º-A (Lei 14.195/2021): a citação é feita preferencialmente por meio eletrônico; sem a confirmação ' +
  `do recebimento em até ${CPC246_BUSINESS_DAYS} dias úteis, ela se faz pelo correio (carta registrada, AR-Carta). ` +
  'Dias úteis contados em dias de Brasília, sem o dia do envio (CPC art. 224), com os feriados nacionais.';

/** The preset's steps for one recipient row: the e-mail, WhatsApp beside it when the row has a number, then the letter. */
export function cpc246Steps(row: { whatsapp: boolean }): CascadeStep[] {
  return [
    { canal: 'email', condicao: null },
    ...(row.whatsapp ? [{ canal: 'whatsapp' as const, condicao: { tipo: 'junto' as const, prazo: null, unidade: null } }] : []),
    { canal: 'carta', condicao: { tipo: 'nao_confirmado', prazo: CPC246_BUSINESS_DAYS, unidade: 'dias_uteis' } },
  ];
}

/** Which of a recipient row's channels it carries (the compose payload's fields, filled). */
export interface CascadeRowChannels {
  email: boolean;
  sms: boolean;
  whatsapp: boolean;
  voz: boolean;
  carta: boolean;
}

/** A row's steps under a plan: the preset adapts to the row (WhatsApp only with a number); a custom ladder is as given. */
export function cascadeStepsFor(plan: CascadePlan, row: CascadeRowChannels): CascadeStep[] {
  return plan.modelo === 'cpc246' ? cpc246Steps(row) : plan.etapas;
}

/** The first problem of a recipient row under a plan: a step whose channel the row has no target for. */
export function cascadeRowProblem(plan: CascadePlan, row: CascadeRowChannels): string | null {
  for (const step of cascadeStepsFor(plan, row)) if (!row[step.canal]) return CASCADE_MSG.needs(step.canal);
  return null;
}

/** The steps that go with the send: the first and every `junto` right after it. */
export function initialStepCount(steps: CascadeStep[]): number {
  let n = steps.length > 0 ? 1 : 0;
  while (n < steps.length && steps[n]?.condicao?.tipo === 'junto') n++;
  return n;
}

/**
 * What a row costs under a plan (spec 001 §9's units): `now`, its first steps and the channels
 * outside the plan, debited at the send; `atMost`, every step sent (the balance must cover it).
 */
export function cascadeUnits(plan: CascadePlan, row: CascadeRowChannels): { now: number; atMost: number } {
  return { now: recipientUnits(cascadeNowChannels(plan, row)), atMost: recipientUnits(row) };
}

/** The channels of a row that go (and are debited) with the send: all but the plan's later steps. */
export function cascadeNowChannels(plan: CascadePlan, row: CascadeRowChannels): RecipientChannels {
  const steps = cascadeStepsFor(plan, row);
  const now: RecipientChannels = { ...row };
  for (const s of steps.slice(initialStepCount(steps))) now[s.canal] = false;
  return now;
}

const CONDITION_WORDS: Record<Exclude<CascadeConditionType, 'junto'>, string> = {
  nao_entregue: 'se não houver entrega',
  nao_lido: 'se não houver leitura',
  nao_confirmado: 'se o recebimento não for confirmado',
  falhou: 'se o envio falhar',
};

/** A step's condition in words ('se não houver leitura em 24 horas'; the first step: 'no envio'). */
export function describeCascadeCondition(c: CascadeCondition | null | undefined): string {
  if (!c) return 'no envio';
  if (c.tipo === 'junto') return 'junto com a etapa anterior';
  const wait = c.prazo && c.unidade ? ` em ${cascadeUnitWords(c.prazo, c.unidade)}` : '';
  return `${CONDITION_WORDS[c.tipo]}${wait}`;
}

export const CASCADE_MODEL_NAMES: Record<CascadeModel, string> = {
  cpc246: 'Citação eletrônica (CPC art. 246)',
  personalizada: 'Régua personalizada',
};

export const CASCADE_STEP_STATES = ['aguardando', 'enviada', 'pulada'] as const;
export type CascadeStepState = (typeof CASCADE_STEP_STATES)[number];

/** The sent detail's `cascata`: the plan and where it stands. */
export const cascadeViewSchema = z.object({
  modelo: z.enum(CASCADE_MODELS),
  nome: z.string(),
  /** The rule the preset applies (the CPC's text), null for a custom ladder. */
  regra: z.string().nullable(),
  situacao: z.enum(['em_andamento', 'concluida', 'encerrada']),
  etapas: z.array(
    z.object({
      ordem: z.number(),
      canal: z.enum(CASCADE_CHANNELS),
      condicao: z.string(),
      situacao: z.enum(CASCADE_STEP_STATES),
      /** When the step checks its condition (ISO), once the step before it went. */
      prazo: z.string().nullable(),
      /** The wait in words: from when, until when, and the days a business-day wait left out (holidays named). */
      prazoTexto: z.string().nullable(),
      /** When it went or was skipped (ISO). */
      decididaEm: z.string().nullable(),
      motivo: z.string().nullable(),
      creditos: z.number(),
    }),
  ),
});
export type CascadeView = z.infer<typeof cascadeViewSchema>;

// ---- the user's default plan (docs/cascade.md, "The user's default") ----

/**
 * A plan as the API answers it (plain, no defaults or refinements: a response schema): the
 * preset's `etapas` are empty (the preset adapts to each row, cpc246Steps).
 */
export const cascadePlanView = z.object({
  modelo: z.enum(CASCADE_MODELS),
  etapas: z.array(
    z.object({
      canal: z.enum(CASCADE_CHANNELS),
      condicao: z
        .object({ tipo: z.enum(CASCADE_CONDITIONS), prazo: z.number().int().nullable(), unidade: z.enum(CASCADE_UNITS).nullable() })
        .nullable(),
    }),
  ),
});
export type CascadePlanView = z.infer<typeof cascadePlanView>;

/** PUT /usuarios-settings/cascata: the plan every send starts from, or null for none (every channel at once). */
export const cascadeDefaultBody = z.object({ cascata: cascadePlan.nullish() }).superRefine((body, ctx) => {
  // Left out is not 'none': the caller says which, so a client that forgot the field clears nothing.
  if (body.cascata === undefined) ctx.addIssue({ code: 'custom', path: ['cascata'], message: CASCADE_MSG.defaultRequired });
});
export type CascadeDefaultBody = z.input<typeof cascadeDefaultBody>;

/** GET /usuarios-settings/cascata. */
export const cascadeDefaultResponse = z.object({ cascata: cascadePlanView.nullable() });
export type CascadeDefaultResponse = z.infer<typeof cascadeDefaultResponse>;

/** PUT /usuarios-settings/cascata: the message and the plan as stored. */
export const cascadeDefaultSavedResponse = messageResponse.extend({ cascata: cascadePlanView.nullable() });
export type CascadeDefaultSavedResponse = z.infer<typeof cascadeDefaultSavedResponse>;
