import { type Channel, STATUS_LABELS, type StatusType } from '@ar/core';
import { isPersonEvent } from '../public/read-classifier.ts';

/**
 * A channel's current status and its key times, derived from the message's evidence events: the one
 * source the public page, the sender's detail, the sending proof and the expert report read
 * (docs/evidence.md, "A channel's status"). The message row keeps the same current status for the
 * lists and filters (events.ts moves it forward as each event is recorded, by the same ranks).
 */

/** How far a channel's status has come; a failure outranks sending and delivery, not a read. */
export const STATUS_RANK: Record<string, number> = {
  processed: 0,
  send: 1,
  delivered: 2,
  viewed: 3,
  erro: 3,
  track: 4,
  read: 5,
  acknowledged: 6,
  answered: 7,
};
export const statusRank = (tipo: string | null) => (tipo === null ? -1 : (STATUS_RANK[tipo] ?? 0));

/** What the derivation reads of an event (a stored row of email_eventos, or part of one). */
export interface StatusEvent {
  evt_canal: Channel;
  evt_tipo: string;
  evt_data: Date | string;
  evt_detalhes?: unknown;
}

/** A status reached, with the event that reached it. */
export interface Reached<E> {
  type: StatusType;
  at: Date;
  event: E;
}

export interface ChannelState<E> {
  /** The furthest status reached (the latest of equals), or null while only steps were recorded. */
  current: Reached<E> | null;
  /** Each status reached once: its first event (a failure: its last), by rank, so the last is `current`'s type. */
  reached: Reached<E>[];
  /** Handed to the server, operator or post office: the first 'send'. */
  sent: Reached<E> | null;
  /** The first delivery report; else the first sign the message arrived (a read, an acceptance, a reply). */
  delivered: Reached<E> | null;
  /** The first read (the page, the image, the app's receipt); else an acceptance or a reply, which imply it. */
  read: Reached<E> | null;
  acknowledged: Reached<E> | null;
  answered: Reached<E> | null;
  /** The last failure, whether or not a later status overtook it. */
  failed: Reached<E> | null;
}

/** A 'processed' event naming a step (a provider's acceptance, a letter in transit, a call ringing): evidence, not a status. */
export const isStepEvent = (e: StatusEvent) => {
  if (e.evt_tipo !== 'processed') return false;
  const etapa = (e.evt_detalhes as { etapa?: unknown } | null | undefined)?.etapa;
  return typeof etapa === 'string' && etapa !== '';
};

/** Whether an event counts as a status: a person's (docs/reads.md), not a click, a download or a step. */
export const countsAsStatus = (e: StatusEvent) =>
  e.evt_tipo in STATUS_LABELS && e.evt_tipo !== 'click' && e.evt_tipo !== 'download' && !isStepEvent(e) && isPersonEvent(e.evt_detalhes);

const READS = ['read', 'track', 'viewed'];
const ARRIVALS = [...READS, 'acknowledged', 'answered'];

/**
 * Every channel's state from a message's events, in any order (a delivery report that came after
 * the read, events given newest first): times are the events' own, ranks decide the current status.
 * A channel with no status event is absent.
 */
export function channelStatuses<E extends StatusEvent>(events: readonly E[]): Partial<Record<Channel, ChannelState<E>>> {
  const byChannel = new Map<Channel, Reached<E>[]>();
  for (const event of events) {
    if (!countsAsStatus(event)) continue;
    const list = byChannel.get(event.evt_canal) ?? [];
    list.push({ type: event.evt_tipo as StatusType, at: new Date(event.evt_data), event });
    byChannel.set(event.evt_canal, list);
  }
  const states: Partial<Record<Channel, ChannelState<E>>> = {};
  for (const [canal, list] of byChannel) {
    // Oldest first (stable: equal times keep the order given, the chain's).
    const sorted = [...list].sort((a, b) => a.at.getTime() - b.at.getTime());
    states[canal] = stateOf(sorted);
  }
  return states;
}

function stateOf<E>(sorted: Reached<E>[]): ChannelState<E> {
  const first = (types: string[]) => sorted.find((r) => types.includes(r.type)) ?? null;
  let current: Reached<E> | null = null;
  for (const r of sorted) if (!current || statusRank(r.type) >= statusRank(current.type)) current = r;
  const byType = new Map<string, Reached<E>>();
  for (const r of sorted) if (r.type === 'erro' || !byType.has(r.type)) byType.set(r.type, r);
  // The furthest status last: ranks first, then time (a tie keeps the one reached later last).
  const reached = [...byType.values()].sort((a, b) => statusRank(a.type) - statusRank(b.type) || a.at.getTime() - b.at.getTime());
  if (current && reached.at(-1)?.type !== current.type) {
    // Equal ranks (a failure and a read receipt): the current one goes last, as the list promises.
    const i = reached.findIndex((r) => r.type === current.type);
    reached.push(...reached.splice(i, 1));
  }
  return {
    current,
    reached,
    sent: first(['send']),
    delivered: first(['delivered']) ?? first(ARRIVALS),
    read: first(READS) ?? first(['acknowledged', 'answered']),
    acknowledged: first(['acknowledged']),
    answered: first(['answered']),
    failed: sorted.filter((r) => r.type === 'erro').at(-1) ?? null,
  };
}
