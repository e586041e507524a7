import { AUTOMATED_MARK, STATUS_LABELS, type StatusEntry } from '@ar/core';

/** Repeated events shown once: the first, how many, the last, and every one for whoever expands it. */
export interface Group<T> {
  key: string;
  first: T;
  last: T;
  count: number;
  all: T[];
}

/** A status panel's entries grouped by status, in the order each first happened (the entries are in chain order). */
export function groupStatuses(entries: StatusEntry[]): Group<StatusEntry>[] {
  const groups = new Map<string, Group<StatusEntry>>();
  for (const e of entries) {
    // By status and label: a step ('Aceito pelo provedor', 'Em trânsito') is a 'processed' of its
    // own, and a download of the letter ('Carta baixada', 'AR digital baixado') one of its own.
    const key = e.label !== STATUS_LABELS[e.type].label ? `${e.type}-${e.label}` : e.type;
    const g = groups.get(key);
    if (g) {
      g.count++;
      g.last = e;
      g.all.push(e);
    } else groups.set(key, { key, first: e, last: e, count: 1, all: [e] });
  }
  return [...groups.values()];
}

export interface TimelineItem {
  type: string;
  date: string;
  status: string;
}

export interface TimelineGroup extends Group<TimelineItem> {
  /** Opens and clicks made by programs, every one of them under this one line. */
  automated: boolean;
}

/**
 * The timeline (newest first, as the server sends it) with the repeats of an event of a channel on
 * one line, at the place of the newest; the automated fetches all on one line. Nothing is dropped:
 * each group keeps its items (newest first), and the expert report keeps every event.
 */
export function groupTimeline(items: TimelineItem[]): TimelineGroup[] {
  const groups = new Map<string, TimelineGroup>();
  for (const item of items) {
    const automated = item.status.endsWith(AUTOMATED_MARK);
    const key = automated ? 'automated' : `${item.type}|${item.status}`;
    const g = groups.get(key);
    if (g) {
      // Newest first: what comes later in the list happened earlier.
      g.count++;
      g.first = item;
      g.all.push(item);
    } else groups.set(key, { key, automated, first: item, last: item, count: 1, all: [item] });
  }
  return [...groups.values()];
}
