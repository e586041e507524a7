import { brasiliaIsoDay } from '../brasilia.ts';
import { z } from '../zod.ts';
import { dbId } from './common.ts';

/**
 * The dashboard (spec 000 §2 "Dashboard", §3 "Dashboard response", §5 "Dashboard filter", §7, §8,
 * §9; docs/dashboard.md): six POST calls with one body, a summary and five charts.
 */

/** At most 30 days, counted with both ends (spec 000 §9): the default range is today and the 29 days before. */
export const DASHBOARD_MAX_DAYS = 30;

export const DASHBOARD_MSG = {
  invalidRange: 'Por favor selecione duas datas com até 30 dias de alcance.',
  noData: 'Nenhum dado disponível.',
  scopeNotAllowed: 'Você não tem permissão para consultar os dados deste escopo.',
} as const;

/** Each call's failure (spec 000 §8), shown on its own chart only. */
export const DASHBOARD_ERRORS = {
  resume: 'Houve um erro ao consultar dados: Resumo',
  receivedSent: 'Houve um erro ao consultar dados: Recebidos-Enviados',
  tags: 'Houve um erro ao consultar dados: Etiquetas',
  sentDelivered: 'Houve um erro ao consultar dados: Enviados-Entregues',
  deliveredOpen: 'Houve um erro ao consultar dados: Entregues-Abertos',
  channels: 'Houve um erro ao consultar dados: Total de Envios por Canais',
} as const;
export type DashboardCall = keyof typeof DASHBOARD_ERRORS;

/**
 * Whose messages count: the user's own; a manager (level 2) may choose its entity's; an
 * administrator (level 3) also its company's (every user of the companies it administers).
 */
export const DASHBOARD_SCOPES = ['proprio', 'entidade', 'empresa'] as const;
export type DashboardScope = (typeof DASHBOARD_SCOPES)[number];
export const DASHBOARD_SCOPE_LABELS: Record<DashboardScope, string> = {
  proprio: 'Meus envios',
  entidade: 'Minha entidade',
  empresa: 'Minha empresa',
};

/** The scopes a level may choose. */
export function dashboardScopesFor(level: number): DashboardScope[] {
  if (level >= 3) return ['proprio', 'entidade', 'empresa'];
  if (level === 2) return ['proprio', 'entidade'];
  return ['proprio'];
}

const ISO_DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const isIsoDay = (s: string) => ISO_DAY_RE.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;
const dayNumber = (s: string) => Date.parse(`${s}T00:00:00Z`) / 86_400_000;

/**
 * The filter's rule (spec 000 §5, §9): two real dates, from <= to, at most 30 days with both ends,
 * none after today in Brasília. Answers whether the range is acceptable; the screen checks it before
 * calling and the server again.
 */
export function isDashboardRange(range: readonly (string | null | undefined)[], today: string = brasiliaIsoDay()): boolean {
  const [from, to] = range;
  if (range.length !== 2 || !from || !to || !isIsoDay(from) || !isIsoDay(to)) return false;
  const span = dayNumber(to) - dayNumber(from);
  return span >= 0 && span < DASHBOARD_MAX_DAYS && to <= today;
}

/** Every day of a range (yyyy-MM-dd), first to last: one entry per day of each series. */
export function dashboardDays(from: string, to: string): string[] {
  const days: string[] = [];
  for (let n = dayNumber(from); n <= dayNumber(to); n++) days.push(new Date(n * 86_400_000).toISOString().slice(0, 10));
  return days;
}

/** The default range: the last 30 days, today included (spec 000 §9). */
export function defaultDashboardRange(today: string = brasiliaIsoDay()): [string, string] {
  const from = new Date((dayNumber(today) - (DASHBOARD_MAX_DAYS - 1)) * 86_400_000).toISOString().slice(0, 10);
  return [from, today];
}

/** The body of every dashboard call (spec 000 §7), plus the scope (docs/dashboard.md). */
export const dashboardBody = z
  .object({
    dateRange: z.array(z.string({ error: DASHBOARD_MSG.invalidRange }).nullable(), { error: DASHBOARD_MSG.invalidRange }),
    tag: dbId('Etiqueta inválida.').nullable().default(null),
    escopo: z.enum(DASHBOARD_SCOPES, { error: 'Escopo inválido.' }).default('proprio'),
  })
  .superRefine((body, ctx) => {
    if (!isDashboardRange(body.dateRange)) ctx.addIssue({ code: 'custom', path: ['dateRange'], message: DASHBOARD_MSG.invalidRange });
  })
  .transform((body) => ({ ...body, dateRange: body.dateRange as [string, string] }));
export type DashboardBody = z.input<typeof dashboardBody>;
export type DashboardFilter = z.output<typeof dashboardBody>;

const count = z.number().int().min(0);
const series = z.array(count);
/** The days of the range, yyyy-MM-dd (Brasília days), one per entry of each series. */
const dateXaxis = z.array(z.string());

/** POST /dashboard/resume: the summary buttons (RECEBIDOS, ENVIADOS, ENTREGUES, LIDOS) and the tags total. */
export const dashboardResumeResponse = z.object({
  totalReceived: count,
  totalSent: count,
  totalDelivered: count,
  totalOpen: count,
  /** Sends carrying a tag, once per tag: the total of the tags chart. */
  totalTags: count,
});
export type DashboardResume = z.infer<typeof dashboardResumeResponse>;

/** POST /dashboard/receivedSent */
export const dashboardReceivedSentResponse = z.object({ dateXaxis, receivedData: series, sentData: series });
export type DashboardReceivedSent = z.infer<typeof dashboardReceivedSentResponse>;

/** POST /dashboard/sentDelivered */
export const dashboardSentDeliveredResponse = z.object({ dateXaxis, sentData: series, deliveredData: series });
export type DashboardSentDelivered = z.infer<typeof dashboardSentDeliveredResponse>;

/** POST /dashboard/deliveredOpen */
export const dashboardDeliveredOpenResponse = z.object({ dateXaxis, deliveredData: series, openData: series });
export type DashboardDeliveredOpen = z.infer<typeof dashboardDeliveredOpenResponse>;

/** POST /dashboard/channels: sends per channel and day (voice and letter beside the spec's three). */
export const dashboardChannelsResponse = z.object({
  dateXaxis,
  totalEmails: series,
  totalSMS: series,
  totalWhats: series,
  totalVoz: series,
  totalCarta: series,
});
export type DashboardChannels = z.infer<typeof dashboardChannelsResponse>;

/** POST /dashboard/tags: sends per tag (labels the tags' names, colors their colours, codes their eti_codigo). */
export const dashboardTagsResponse = z.object({
  series,
  labels: z.array(z.string()),
  colors: z.array(z.string()),
  codes: z.array(z.number().int()),
});
export type DashboardTags = z.infer<typeof dashboardTagsResponse>;
