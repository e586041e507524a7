import { type Channel, STATUS_LABELS, type StatusEntry, type StatusType } from '@ar/core';

const known = (t: string): t is StatusType => t in STATUS_LABELS;

export function statusEntry(type: string, date: Date): StatusEntry | null {
  if (!known(type)) return null;
  return { type, ...STATUS_LABELS[type], dateTime: new Date(date).toISOString() };
}

type EventRow = { evt_canal: Channel; evt_tipo: string; evt_data: Date; evt_detalhes?: unknown };

/** Opens and clicks made by a program (image proxy, link scanner) are evidence, not a status (docs/reads.md). */
const automated = (e: EventRow) => {
  const c = (e.evt_detalhes as { classificacao?: string } | null | undefined)?.classificacao;
  return c !== undefined && c !== 'pessoa';
};

/** Status lists per channel (in order) and the last one of each. */
export function presentStatuses(events: EventRow[]) {
  const status: Record<Channel, StatusEntry[]> = { email: [], sms: [], whatsapp: [], voz: [], carta: [] };
  for (const e of events) {
    if (automated(e)) continue;
    const entry = statusEntry(e.evt_tipo, e.evt_data);
    if (entry) status[e.evt_canal].push(entry);
  }
  const lastStatus = Object.fromEntries(
    (Object.keys(status) as Channel[]).filter((c) => status[c].length > 0).map((c) => [c, status[c][status[c].length - 1]]),
  ) as Partial<Record<Channel, StatusEntry>>;
  const timeline = events
    .map((e) => ({
      type: e.evt_canal === 'whatsapp' ? 'whatsApp' : e.evt_canal,
      date: new Date(e.evt_data).toISOString(),
      status: `${statusEntry(e.evt_tipo, e.evt_data)?.label ?? e.evt_tipo}${automated(e) ? ' (automático, não conta como leitura)' : ''}`,
    }))
    .reverse();
  return { status, lastStatus, timeline };
}
