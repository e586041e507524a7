import type { Channel, ClickTracking } from '@ar/core';
import { isPersonEvent } from '../public/read-classifier.ts';

/** The recipient's actions a tracking panel lists: reads and opens, clicks, downloads, acceptances, replies. */
const ACTIONS = {
  read: 'leitura',
  viewed: 'leitura',
  track: 'abertura',
  click: 'clique',
  download: 'download',
  acknowledged: 'aceite',
  answered: 'resposta',
} as const;

interface TrackedEvent {
  evt_data: Date | string;
  evt_canal: Channel;
  evt_tipo: string;
  evt_ip: string | null;
  evt_cidade: string | null;
  evt_estado: string | null;
  evt_pais: string | null;
  evt_lat: number | string | null;
  evt_lng: number | string | null;
  evt_detalhes: unknown;
}

/**
 * The tracking panel's rows (spec 001 §2.7, 002 §3 "Tracking"): every read, open, click, download,
 * acceptance and reply recorded on any channel, in the chain's order, with its place when the address was
 * located. A fetch made by a program (an image proxy, a link checker: docs/reads.md) is listed too,
 * marked `automatico`: the recipient who clicked a link at once, or whose mail app loaded the image,
 * finds the action, and it still counts as no read. The public page's Rastreamento tab, the sent
 * detail's panel, its map and the laudo's map all read this list.
 */
export function trackingOf(events: readonly TrackedEvent[]): ClickTracking[] {
  return events.filter((e) => Object.hasOwn(ACTIONS, e.evt_tipo)).map(presentTracking);
}

const presentTracking = (e: TrackedEvent): ClickTracking => ({
  date: new Date(e.evt_data).toISOString(),
  canal: e.evt_canal,
  ip: e.evt_ip,
  city: e.evt_cidade,
  state: e.evt_estado,
  country: e.evt_pais,
  position: e.evt_lat !== null && e.evt_lng !== null ? { lat: Number(e.evt_lat), lng: Number(e.evt_lng) } : null,
  url: (e.evt_detalhes as { url?: string } | null)?.url ?? null,
  acao: ACTIONS[e.evt_tipo as keyof typeof ACTIONS],
  automatico: !isPersonEvent(e.evt_detalhes),
});
