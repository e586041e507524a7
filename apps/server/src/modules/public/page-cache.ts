import type { PublicVersion } from './public.queries.ts';

/**
 * The public pages' answers, kept while they are current (docs/performance.md): events and stamps
 * are append-only, so a message whose counts (and owner's flag and entity) did not change has the
 * same page. A small query checks that and the question on every request; only a change rebuilds
 * the page. The JSON text is kept, not the object: a page with a large inline image would be
 * serialised again on every request.
 */
const pages = new Map<string, { version: string; json: string }>();
const PAGE_CACHE_MAX = 500;

/** What decides whether a kept page is current: the message's event and stamp counts, the owner's flag and entity. */
export function pageVersion(
  v: Pick<PublicVersion, 'eventos' | 'carimbos' | 'usu_visualizar_geolocalizacao' | 'ent_nome_fantasia'>,
): string {
  return [v.eventos, v.carimbos, v.usu_visualizar_geolocalizacao, v.ent_nome_fantasia].join('|');
}

/** The page kept for a message at this version, if any. */
export function cachedPage(uuid: string, version: string): string | undefined {
  const cached = pages.get(uuid);
  return cached?.version === version ? cached.json : undefined;
}

/** Keeps a message's page at a version (the oldest kept page leaves when 500 are kept). */
export function keepPage(uuid: string, version: string, json: string): void {
  if (pages.size >= PAGE_CACHE_MAX) pages.delete(pages.keys().next().value as string);
  pages.set(uuid, { version, json });
}
