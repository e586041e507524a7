import { brasiliaDateTime } from '@ar/core';

const numberFormat = new Intl.NumberFormat('pt-BR');
const dateFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' });
const monthFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', month: '2-digit', year: 'numeric' });
const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** Credits in Brazilian formatting: 1.000, 12.345. */
export const formatCredits = (n: number) => numberFormat.format(n);

export function formatMoney(value: string | number | undefined | null): string {
  const n = typeof value === 'number' ? value : Number.parseFloat(value ?? '');
  return Number.isFinite(n) ? money.format(n) : '';
}

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  // WooCommerce dates without a zone are the shop's local time (Brasília).
  const d = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}-03:00`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Dates shown in Brasília time. */
export const formatDate = (value: string | null | undefined) => {
  const d = parse(value);
  return d ? dateFormat.format(d) : '';
};
export const formatDateTime = (value: string | null | undefined) => {
  const d = parse(value);
  return d ? brasiliaDateTime(d) : '';
};
export const formatMonth = (value: string | null | undefined) => {
  const d = parse(value);
  return d ? monthFormat.format(d) : '';
};
