import { brasiliaDayEnd, brasiliaDayStart } from '../brasilia.ts';
import { z } from '../zod.ts';

/** Texts of spec 002 §5 and §8 for the sent-notification reports. */
export const REPORT_MSG = {
  periodRequired: 'Selecione um período',
  typeRequired: 'Selecione um tipo de Relatório',
  noData: 'Ausência de Dados!',
  generateError: 'Houve um erro ao gerar o relatório',
  invalidDate: 'Data inválida: use o formato aaaa-mm-dd.',
  periodOrder: 'A data final deve ser igual ou posterior à data inicial.',
  invalidFormat: 'Formato inválido: use xlsx ou csv.',
  nameTooLong: 'O nome do relatório deve ter no máximo 100 caracteres.',
} as const;

/** The report types (spec 002 §2): 'Enviados por Entidade' only above level 1 (§6). */
export const REPORT_TYPES = ['enviados', 'enviados-entidade'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  enviados: 'Enviados',
  'enviados-entidade': 'Enviados por Entidade',
};
/** Whether a level may ask for a type: the entity report is for managers and administrators. */
export const canRequestReportType = (tipo: ReportType, usu_nivel: number) => tipo !== 'enviados-entidade' || usu_nivel > 1;

export const REPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Whether 'yyyy-MM-dd' names a day that exists. */
export function isCalendarDay(value: string): boolean {
  const m = YMD.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * A day of a period, 'yyyy-MM-dd' (an ISO date-time is cut to its day, as a date picker may send
 * one). Missing: the spec's 'Selecione um período'.
 */
export const periodDay = (required: string) =>
  z.preprocess(
    (v) => {
      const value = blankToUndefined(v);
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : value;
    },
    z.string({ error: required }).trim().refine(isCalendarDay, REPORT_MSG.invalidDate),
  );

/** Days between two 'yyyy-MM-dd', counting both (the 1st to the 31st: 31). */
export const daysInPeriod = (start: string, end: string) => Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1;

const reportFields = z
  .object({
    // The period first: with nothing chosen, the form says 'Selecione um período' first.
    dataInicial: periodDay(REPORT_MSG.periodRequired),
    dataFinal: periodDay(REPORT_MSG.periodRequired),
    tipo: z.preprocess(blankToUndefined, z.enum(REPORT_TYPES, { error: REPORT_MSG.typeRequired })),
    format: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v),
      z.enum(REPORT_FORMATS, { error: REPORT_MSG.invalidFormat }).default('xlsx'),
    ),
    nameReport: z.preprocess(blankToUndefined, z.string().trim().max(100, REPORT_MSG.nameTooLong).optional()),
  })
  .refine((r) => r.dataFinal >= r.dataInicial, { message: REPORT_MSG.periodOrder, path: ['dataFinal'] });

/**
 * The report asked by a query (GET /reports): nameReport, format, dataInicial, dataFinal and tipo.
 * A nameReport that is a type's key stands for the type when tipo is missing (what the spec's
 * request, which names no type, carries).
 */
export const reportQuery = z.preprocess((v) => {
  if (!v || typeof v !== 'object') return v;
  const r = v as Record<string, unknown>;
  const named = typeof r.nameReport === 'string' && (REPORT_TYPES as readonly string[]).includes(r.nameReport) ? r.nameReport : undefined;
  return { ...r, tipo: blankToUndefined(r.tipo) ?? named };
}, reportFields);
export type ReportRequest = z.output<typeof reportQuery>;

/** POST /reports: the spec's body `{ nameReport, format, parameters: { dataInicial, dataFinal } }` (tipo on either level). */
export const reportBody = z.preprocess((v) => {
  if (!v || typeof v !== 'object') return v;
  const { parameters, ...rest } = v as Record<string, unknown>;
  const p = parameters && typeof parameters === 'object' ? (parameters as Record<string, unknown>) : {};
  return { ...p, ...rest, tipo: blankToUndefined(rest.tipo) ?? p.tipo };
}, reportQuery);
export type ReportBody = z.input<typeof reportBody>;

/** The instants of a period in Brasília time: the start day at 00:00:00 and the end day at 23:59:59.999. */
export function reportPeriod(r: { dataInicial: string; dataFinal: string }): { start: Date; end: Date } {
  return { start: brasiliaDayStart(r.dataInicial), end: brasiliaDayEnd(r.dataFinal) };
}

/** 'yyyy-MM-dd' as people read it: dd/MM/yyyy. */
export const dayLabel = (ymd: string) => `${ymd.slice(8, 10)}/${ymd.slice(5, 7)}/${ymd.slice(0, 4)}`;
