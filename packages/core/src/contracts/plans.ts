import { z } from '../zod.ts';
import { dbId, listQuerySchema, messageResponse, pagedResponse } from './common.ts';
import { PLAN_TITLES, type PlanType, planTypeSchema } from './users.ts';

/** Texts of spec 000 §8 (titled 'Aviso') and the plan rules the server answers with. */
export const PLAN_MSG = {
  loadPlan: 'Houve um erro ao obter o plano',
  loadPlans: 'Houve um erro ao obter os planos dos usuários',
  addCredits: 'Houve um erro ao tentar adicionar créditos',
  loadHistory: 'Houve um erro ao obter os históricos de compras de créditos',
  // Not quoted by the spec (our design, docs/plans.md):
  amountRequired: 'Informe uma quantidade de créditos diferente de zero.',
  amountTooLarge: 'A quantidade de créditos deve ser de no máximo 1.000.000 por operação.',
  belowZero: (saldo: number) =>
    `Não é possível remover mais créditos do que o saldo do plano (${new Intl.NumberFormat('pt-BR').format(saldo)}).`,
  postpaidAdjust: 'Créditos só podem ser adicionados ou removidos em planos pré-pagos.',
  insufficient: 'Você não possui créditos suficientes para este envio.',
  inactive: 'Seu plano está inativo. Entre em contato com o administrador.',
  creditsUpdated: 'Créditos atualizados com sucesso!',
  activated: 'Plano ativado com sucesso!',
  deactivated: 'Plano desativado com sucesso!',
  toggleFailed: 'Houve um erro ao alterar o status do plano',
  badSignature: 'Assinatura do webhook inválida.',
} as const;

/** pla_nivel: 1 a user's plan, 2 an entity's plan (column "Tipo" of /realiza). */
export type PlanLevel = 1 | 2;
export const PLAN_LEVEL_LABELS: Record<PlanLevel, string> = { 1: 'Usuário', 2: 'Entidade' };

/** Purchase status labels of spec 000 §4 (WooCommerce order statuses). */
export const PURCHASE_STATUS_LABELS: Record<string, string> = {
  'on-hold': 'Aguardando',
  pending: 'Pagamento pendente',
  'pending-payment': 'Pagamento pendente',
  processing: 'Processando',
  completed: 'Concluído',
  canceled: 'Cancelado',
  cancelled: 'Cancelado',
  failed: 'Cancelado',
  refunded: 'Reembolsado',
};
export function purchaseStatusLabel(status: string | null | undefined): string {
  return (status && PURCHASE_STATUS_LABELS[status]) || (status ?? '');
}

export function planTitleOf(tipo: PlanType): string {
  return PLAN_TITLES[tipo];
}

/** The credits object of spec 000 §3 plus the active flag of 001 §6. total: balance (prepaid) or used this period (postpaid). */
export const creditStateSchema = z.object({
  pla_codigo: z.number().int(),
  ativo: z.boolean(),
  tipoPlano: planTypeSchema,
  total: z.number().int(),
  titlePlano: z.string(),
});
export type CreditState = z.infer<typeof creditStateSchema>;

export const planoSchema = z.object({
  pla_codigo: z.number().int(),
  pla_tipo_plano: planTypeSchema,
  /** Balance (prepaid) or credits used since the plan began (postpaid). */
  pla_total_credito: z.number().int(),
  pla_ativo: z.union([z.literal(0), z.literal(1)]),
  pla_nivel: z.union([z.literal(1), z.literal(2)]),
  pla_data_criacao: z.string(),
  usuario: z.object({ nome: z.string() }),
  pla_codigo_usu_ent: z.number().int(),
  pla_dia_referencia: z.number().int(),
  /** Start of the current reference period (postpaid), ISO date-time. */
  pla_periodo_inicio: z.string(),
  /** Credits used in the current reference period (postpaid; 0 for prepaid). */
  pla_creditos_utilizados: z.number().int(),
  /** Whether the signed-in user may add/remove credits or toggle this plan. */
  gerenciavel: z.boolean(),
});
export type Plano = z.infer<typeof planoSchema>;

export const planSummarySchema = z.object({
  plano: planoSchema,
  creditos: creditStateSchema,
  /** Date of the last credit acquisition (a store purchase or a manager's addition), ISO. */
  ultimaAquisicao: z.string().nullable(),
});
export type PlanSummary = z.infer<typeof planSummarySchema>;

export const creditLogItemSchema = z.object({ name: z.string(), price: z.union([z.string(), z.number()]), quantity: z.number().int() });
export type CreditLogItem = z.infer<typeof creditLogItemSchema>;

/** The stored order (spec 000 §3, log_creditos): only scalar meta values are kept. */
export const creditLogOrderSchema = z.object({
  status: z.string(),
  payment_method: z.string(),
  payment_method_title: z.string(),
  number: z.string(),
  total: z.string().optional(),
  currency: z.string().optional(),
  line_items: z.array(creditLogItemSchema),
  date_created: z.string().nullable(),
  date_completed: z.string().nullable(),
  date_paid: z.string().nullable(),
  meta_data: z.array(z.object({ key: z.string(), value: z.union([z.string(), z.number(), z.boolean()]) })),
});
export type CreditLogOrder = z.infer<typeof creditLogOrderSchema>;

export const creditLogSchema = z.object({
  log_codigo: z.number().int(),
  log_creditos: creditLogOrderSchema,
  /** Credits the order adds (all of its line items). */
  log_quantidade: z.number().int(),
  /** When the credits were added to the plan; null while the order is not completed. */
  log_creditado_em: z.string().nullable(),
  log_data: z.string(),
});
export type CreditLog = z.infer<typeof creditLogSchema>;

/** Responses of the plan routes. */
export const creditHistoryResponse = pagedResponse('historico', creditLogSchema);
export type CreditHistoryResponse = z.infer<typeof creditHistoryResponse>;
export const planListResponse = pagedResponse('planos', planoSchema);
export type PlanListResponse = z.infer<typeof planListResponse>;
/** PUT /plano: the plan and its credits after the change. */
export const creditsChangedResponse = messageResponse.extend({ plano: planoSchema, creditos: creditStateSchema });
export type CreditsChangedResponse = z.infer<typeof creditsChangedResponse>;
/** PUT /planos/{id}/status. */
export const planStatusResponse = messageResponse.extend({ plano: planoSchema });
export type PlanStatusResponse = z.infer<typeof planStatusResponse>;
/** POST /loja/webhook: a ping, a delivery ignored (not an order), or the order kept (and credited). */
export const storeWebhookResponse = z.object({
  ok: z.boolean(),
  ping: z.boolean().optional(),
  ignored: z.boolean().optional(),
  log_codigo: z.number().int().optional(),
  creditos: z.number().int().optional(),
  matched: z.boolean().optional(),
});
export type StoreWebhookResponse = z.infer<typeof storeWebhookResponse>;

/** The boleto invoice link of an order, when the payment gateway left one in meta_data. */
export function invoiceLinkOf(order: Pick<CreditLogOrder, 'meta_data'>): string | null {
  for (const m of order.meta_data ?? []) {
    if (typeof m.value === 'string' && /^https?:\/\//.test(m.value) && /boleto|invoice|fatura|billet/i.test(m.key)) return m.value;
  }
  return null;
}

const positiveInt = dbId();

/** GET /plano: codigo and tipo name the plan source (user code for '1', entity code for '2'); absent: the caller's own. */
export const planoQuery = z.object({
  codigo: positiveInt.optional(),
  tipo: z.enum(['1', '2'], { error: 'Tipo de plano inválido.' }).optional(),
});

/** GET /plano-entidade-user: the plan a user draws on (absent: the caller). */
export const planoEntidadeUserQuery = z.object({ usu_codigo: positiveInt.optional() });

/** PUT /plano: pla_total_credito is the signed amount to add (negative removes). */
export const planUpdateBody = z.object({
  pla_codigo: z.coerce
    .number({ error: 'Plano inválido.' })
    .int({ error: 'Plano inválido.' })
    .positive({ error: 'Plano inválido.' })
    .max(2147483647, { error: 'Plano inválido.' }),
  pla_total_credito: z.coerce
    .number({ error: PLAN_MSG.amountRequired })
    .int({ error: PLAN_MSG.amountRequired })
    .refine((n) => n !== 0, PLAN_MSG.amountRequired)
    .refine((n) => Math.abs(n) <= 1_000_000, PLAN_MSG.amountTooLarge),
  motivo: z.string().trim().max(200, 'O motivo deve ter no máximo 200 caracteres.').optional(),
});
export type PlanUpdateBody = z.infer<typeof planUpdateBody>;

/** PUT /planos/{id}/status. */
export const planStatusBody = z.object({
  pla_ativo: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)], { error: 'Informe pla_ativo 1 ou 0.' })),
});

export const PLAN_LIST_COLUMNS = [
  'pla_codigo',
  'nome',
  'pla_nivel',
  'pla_data_criacao',
  'pla_total_credito',
  'pla_tipo_plano',
  'pla_ativo',
] as const;
export const planListQuery = listQuerySchema({
  columns: PLAN_LIST_COLUMNS,
  defaultColumn: 'pla_codigo',
  defaultOrder: 'ASC',
  defaultLimit: 25,
  maxLimit: 100,
});

export const creditHistoryQuery = listQuerySchema({
  columns: ['log_codigo'],
  defaultColumn: 'log_codigo',
  defaultOrder: 'DESC',
  defaultLimit: 10,
  maxLimit: 100,
});

/**
 * Start of the current reference period of a postpaid plan: the last day `dia` (1–28) of a month
 * at or before `now`, at 00:00 in Brasília (UTC−3, no daylight saving since 2019).
 */
export function referencePeriodStart(dia: number, now: Date = new Date()): Date {
  const brt = new Date(now.getTime() - 3 * 3600_000);
  let y = brt.getUTCFullYear();
  let m = brt.getUTCMonth();
  if (brt.getUTCDate() < dia) {
    m -= 1;
    if (m < 0) {
      m = 11;
      y -= 1;
    }
  }
  return new Date(Date.UTC(y, m, dia, 3));
}

/** The ledger of a plan (GET /planos/{id}/movimentos): every change with who, when, why and the total after. */
export type MovementType = 'compra' | 'ajuste' | 'debito' | 'estorno';
export const MOVEMENT_TYPE_LABELS: Record<MovementType, string> = {
  compra: 'Compra na loja',
  ajuste: 'Ajuste do gerente',
  debito: 'Envio',
  estorno: 'Estorno',
};

export const planMovementSchema = z.object({
  mov_codigo: z.number().int(),
  mov_tipo: z.enum(['compra', 'ajuste', 'debito', 'estorno']),
  /** Signed change of pla_total_credito (prepaid: − for sends; postpaid: + for sends). */
  mov_creditos: z.number().int(),
  mov_saldo_apos: z.number().int(),
  mov_motivo: z.string(),
  mov_referencia: z.string().nullable(),
  mov_data: z.string(),
  /** Who made the change; null for the store. */
  autor: z.object({ nome: z.string() }).nullable(),
});
export type PlanMovement = z.infer<typeof planMovementSchema>;

export const planMovementsResponse = pagedResponse('movimentos', planMovementSchema);
export type PlanMovementsResponse = z.infer<typeof planMovementsResponse>;

export const movementsQuery = listQuerySchema({
  columns: ['mov_codigo'],
  defaultColumn: 'mov_codigo',
  defaultOrder: 'DESC',
  defaultLimit: 10,
  maxLimit: 100,
});
