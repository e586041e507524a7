import { AUTOMATED_MARK, type Channel, STATUS_LABELS, type StatusEntry, type StatusType } from '@ar/core';
import { statusRank } from './events.ts';

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
  // The current status, as the message row keeps it (events.ts): the furthest status reached, the
  // latest of equals; a click or a download is evidence, not a status. The list's icons show the same.
  const lastStatus: Partial<Record<Channel, StatusEntry>> = {};
  for (const c of Object.keys(status) as Channel[]) {
    for (const entry of status[c]) {
      if (entry.type === 'click' || entry.type === 'download') continue;
      const now = lastStatus[c];
      if (!now || statusRank(entry.type) >= statusRank(now.type)) lastStatus[c] = entry;
    }
  }
  const timeline = events
    .map((e) => ({
      type: e.evt_canal === 'whatsapp' ? 'whatsApp' : e.evt_canal,
      date: new Date(e.evt_data).toISOString(),
      status: `${statusEntry(e.evt_tipo, e.evt_data)?.label ?? e.evt_tipo}${automated(e) ? AUTOMATED_MARK : ''}`,
    }))
    .reverse();
  return { status, lastStatus, timeline };
}
