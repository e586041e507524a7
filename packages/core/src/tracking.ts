import type { ClickTracking } from './contracts/public.ts';

/** What each tracked action is called on the panel, the map's popups and the laudo's map. */
export const TRACKING_ACTIONS: Record<ClickTracking['acao'], string> = {
  leitura: 'Leitura',
  abertura: 'Abertura do e-mail (imagem)',
  clique: 'Clique em link',
  download: 'Download',
  aceite: 'Aceite',
  resposta: 'Resposta',
};

/** An action's text on the panel and the map: what it was, its link, and a program's mark (docs/reads.md). */
export const trackingActionText = (t: Pick<ClickTracking, 'acao' | 'url' | 'automatico'>) =>
  `${TRACKING_ACTIONS[t.acao]}${t.url ? `: ${t.url}` : ''}${t.automatico ? ' (automático, não conta como leitura)' : ''}`;

/** "Rio de Janeiro, Rio de Janeiro, BR" (what DB-IP knows of the place), or '' when nothing. */
export const placeOf = (t: Pick<ClickTracking, 'city' | 'state' | 'country'>) => [t.city, t.state, t.country].filter(Boolean).join(', ');

/** One position on the map with every located event there, oldest first. */
export interface TrackingPlace {
  position: { lat: number; lng: number };
  place: string;
  events: ClickTracking[];
  /** The place of the latest read: its marker is highlighted. */
  hasLatestRead: boolean;
}

/**
 * The located events grouped by position (a city-level database puts every read from one city on
 * the same point, where separate markers would hide each other): one marker per place, its popup
 * listing each event there. The place of the latest read is marked.
 */
export function trackingPlaces(items: readonly ClickTracking[]): TrackingPlace[] {
  const located = items.filter((t): t is ClickTracking & { position: { lat: number; lng: number } } => t.position !== null);
  const reads = located.filter((t) => t.acao === 'leitura' && !t.automatico);
  const latestRead = reads.reduce<(typeof reads)[number] | null>((last, t) => (!last || t.date > last.date ? t : last), null);
  const byPosition = new Map<string, TrackingPlace>();
  for (const t of [...located].sort((a, b) => a.date.localeCompare(b.date))) {
    const key = `${t.position.lat},${t.position.lng}`;
    let place = byPosition.get(key);
    if (!place) {
      place = { position: t.position, place: placeOf(t), events: [], hasLatestRead: false };
      byPosition.set(key, place);
    }
    place.events.push(t);
    if (t === latestRead) place.hasLatestRead = true;
  }
  return [...byPosition.values()];
}
