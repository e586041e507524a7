import type { Channel, ClickTracking } from '@ar/core';
import { isPersonEvent } from '../public/read-classifier.ts';

/** The recipient's actions a tracking panel lists: reads, clicks, downloads, acceptances. */
const ACTIONS = { read: 'leitura', click: 'clique', download: 'download', acknowledged: 'aceite' } as const;

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
 * The tracking panel's rows (spec 001 §2.7, 002 §3 "Tracking"): a person's read, click, download or
 * acceptance on any channel, with its place when the address was located; automated fetches (an
 * image proxy, a link checker: docs/reads.md) are not a person's and are left out. The public
 * page's Rastreamento tab, the sent detail's panel and its map all read this list.
 */
export function trackingOf(events: readonly TrackedEvent[]): ClickTracking[] {
  return events.filter((e) => Object.hasOwn(ACTIONS, e.evt_tipo) && isPersonEvent(e.evt_detalhes)).map(presentTracking);
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
});
