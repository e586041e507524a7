import { brasiliaDateTime, brasiliaIsoDay, type CascadeCondition, cascadeUnitWords } from '@ar/core';
import { businessDeadline, nonBusinessReason } from '../../calendar/business-days.ts';
import type { StoredCascadeStep } from './cascade.queries.ts';

/** A step's deadline (docs/cascade.md): minutes, hours or business days (CPC art. 224), and in words. */

/** When a step whose wait starts at `from` checks its condition. Business days: the end of the n-th (CPC art. 224). */
export function cascadeDeadline(from: Date, c: CascadeCondition | null | undefined): Date {
  if (!c || c.tipo === 'junto' || !c.prazo || !c.unidade) return from;
  if (c.unidade === 'dias_uteis') return businessDeadline(from, c.prazo);
  return new Date(from.getTime() + c.prazo * (c.unidade === 'horas' ? 3_600_000 : 60_000));
}

/**
 * The days a business-day wait left out, in words ('20/11/2026 (Dia da Consciência Negra), 21/11/2026
 * (sábado)'), for the sent detail and the expert report: why the deadline falls where it does.
 */
export function skippedDays(from: Date, to: Date): { dia: string; motivo: string }[] {
  const out: { dia: string; motivo: string }[] = [];
  const last = brasiliaIsoDay(to);
  for (let t = from.getTime() + 86_400_000; ; t += 86_400_000) {
    const day = brasiliaIsoDay(new Date(t));
    if (day > last) break;
    const reason = nonBusinessReason(day);
    if (reason) out.push({ dia: `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`, motivo: reason });
  }
  return out;
}

/** The deadline of a step in words, with the days a business-day wait left out. */
export function deadlineWords(step: Pick<StoredCascadeStep, 'eta_condicao' | 'eta_desde' | 'eta_prazo'>): string | null {
  const c = step.eta_condicao as CascadeCondition | null;
  if (!step.eta_desde || !step.eta_prazo || !c || c.tipo === 'junto' || !c.prazo || !c.unidade) return null;
  const from = new Date(step.eta_desde);
  const to = new Date(step.eta_prazo);
  const base = `${cascadeUnitWords(c.prazo, c.unidade)} a partir de ${brasiliaDateTime(from)}, até ${brasiliaDateTime(to, { seconds: true })} (horário de Brasília)`;
  if (c.unidade !== 'dias_uteis') return `${base}.`;
  const skipped = skippedDays(from, to);
  const left = skipped.length ? ` Não contam: ${skipped.map((d) => `${d.dia} (${d.motivo})`).join(', ')}.` : '';
  return `${base}, sem contar o dia do início (CPC art. 224).${left}`;
}

// ---- compose ----
