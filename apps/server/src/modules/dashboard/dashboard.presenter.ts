import {
  type DashboardChannels,
  type DashboardDeliveredOpen,
  type DashboardFilter,
  type DashboardReceivedSent,
  type DashboardResume,
  type DashboardSentDelivered,
  type DashboardTags,
  dashboardDays,
} from '@ar/core';
import type { DayCounts, TagCounts, Totals } from './dashboard.queries.ts';

type Figure = 'enviados' | 'entregues' | 'lidos' | 'recebidos';

/** One entry per day of the range (zero days included), summed over the channels or for one channel. */
function seriesOf(filter: DashboardFilter, rows: DayCounts[], figure: Figure, canal?: DayCounts['canal']) {
  const byDay = new Map<string, number>();
  for (const r of rows) if (!canal || r.canal === canal) byDay.set(r.dia, (byDay.get(r.dia) ?? 0) + r[figure]);
  return dashboardDays(...filter.dateRange).map((day) => byDay.get(day) ?? 0);
}

const axis = (filter: DashboardFilter) => dashboardDays(...filter.dateRange);

export const presentResume = (t: Totals): DashboardResume => ({
  totalReceived: t.recebidos,
  totalSent: t.enviados,
  totalDelivered: t.entregues,
  totalOpen: t.lidos,
  totalTags: t.etiquetados,
});

export const presentReceivedSent = (filter: DashboardFilter, rows: DayCounts[]): DashboardReceivedSent => ({
  dateXaxis: axis(filter),
  receivedData: seriesOf(filter, rows, 'recebidos'),
  sentData: seriesOf(filter, rows, 'enviados'),
});

export const presentSentDelivered = (filter: DashboardFilter, rows: DayCounts[]): DashboardSentDelivered => ({
  dateXaxis: axis(filter),
  sentData: seriesOf(filter, rows, 'enviados'),
  deliveredData: seriesOf(filter, rows, 'entregues'),
});

export const presentDeliveredOpen = (filter: DashboardFilter, rows: DayCounts[]): DashboardDeliveredOpen => ({
  dateXaxis: axis(filter),
  deliveredData: seriesOf(filter, rows, 'entregues'),
  openData: seriesOf(filter, rows, 'lidos'),
});

export const presentChannels = (filter: DashboardFilter, rows: DayCounts[]): DashboardChannels => ({
  dateXaxis: axis(filter),
  totalEmails: seriesOf(filter, rows, 'enviados', 'email'),
  totalSMS: seriesOf(filter, rows, 'enviados', 'sms'),
  totalWhats: seriesOf(filter, rows, 'enviados', 'whatsapp'),
  totalVoz: seriesOf(filter, rows, 'enviados', 'voz'),
  totalCarta: seriesOf(filter, rows, 'enviados', 'carta'),
});

export const presentTags = (tags: TagCounts[]): DashboardTags => ({
  series: tags.map((t) => t.enviados),
  labels: tags.map((t) => t.eti_nome),
  colors: tags.map((t) => t.eti_cor),
  codes: tags.map((t) => t.eti_codigo),
});
