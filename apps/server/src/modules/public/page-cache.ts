import type { PublicVersion } from './public.queries.ts';

/**
 * The public pages' answers, kept while they are current (docs/performance.md): events and stamps
 * are append-only, so a message whose counts (and owner's flag and entity) did not change has the
 * same page. A small query checks that and the question on every request; only a change rebuilds
 * the page. The JSON text is kept, not the object: a page with a large inline image would be
 * serialised again on every request.
 *
 * A page whose every event was stamped is *settled*: a stamp is never removed or replaced, and a new
 * one comes only for a new event, so the chain's length (its head, one row) alone tells whether it is
 * still current, and its stamps are not counted again (`settled`, the version without the stamps).
 */
const pages = new Map<string, { version: string; json: string; settled: string | null }>();
const PAGE_CACHE_MAX = 500;
/**
 * And at most this many characters of JSON in all (~16 to 32 MB): a page carries the message's
 * content, inline images included, so 500 pages could otherwise hold hundreds of MB (docs/performance.md,
 * server memory). A page larger than a quarter of it is served without being kept.
 */
export const PAGE_CACHE_MAX_CHARS = 16 * 1024 * 1024;
let keptChars = 0;

function forget(uuid: string): void {
  const kept = pages.get(uuid);
  if (!kept) return;
  pages.delete(uuid);
  keptChars -= kept.json.length;
}

/** What decides whether a settled page is current: the message's event count (its chain's length), the owner's flag and entity. */
export function pageBase(v: Pick<PublicVersion, 'eventos' | 'usu_visualizar_geolocalizacao' | 'ent_nome_fantasia'>): string {
  return [v.eventos, v.usu_visualizar_geolocalizacao, v.ent_nome_fantasia].join('|');
}

/** What decides whether any kept page is current: the above and the count of its stamps. */
export const pageVersion = (base: string, carimbos: number) => `${base}|${carimbos}`;

/** The page kept for a message whose every event was stamped, while its chain and owner did not change. */
export function settledPage(uuid: string, base: string): string | undefined {
  const kept = pages.get(uuid);
  return kept?.settled === base ? kept.json : undefined;
}

/** The page kept for a message at this version, if any. */
export function cachedPage(uuid: string, version: string): string | undefined {
  const cached = pages.get(uuid);
  return cached?.version === version ? cached.json : undefined;
}

/**
 * Keeps a message's page at a version (the oldest kept pages leave when 500, or the characters'
 * bound, are reached); `settled`: its base, when every event it counted was stamped.
 */
export function keepPage(uuid: string, version: string, json: string, settled: string | null = null): void {
  forget(uuid);
  if (json.length > PAGE_CACHE_MAX_CHARS / 4) return;
  while (pages.size > 0 && (pages.size >= PAGE_CACHE_MAX || keptChars + json.length > PAGE_CACHE_MAX_CHARS)) {
    forget(pages.keys().next().value as string);
  }
  pages.set(uuid, { version, json, settled });
  keptChars += json.length;
}

/** What is kept now: pages and characters of JSON (tests). */
export const keptPages = () => ({ pages: pages.size, chars: keptChars });
