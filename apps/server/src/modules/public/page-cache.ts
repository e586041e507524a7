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

/** Keeps a message's page at a version (the oldest kept pages leave when 500, or the characters' bound, are reached). */
export function keepPage(uuid: string, version: string, json: string): void {
  forget(uuid);
  if (json.length > PAGE_CACHE_MAX_CHARS / 4) return;
  while (pages.size > 0 && (pages.size >= PAGE_CACHE_MAX || keptChars + json.length > PAGE_CACHE_MAX_CHARS)) {
    forget(pages.keys().next().value as string);
  }
  pages.set(uuid, { version, json });
  keptChars += json.length;
}

/** What is kept now: pages and characters of JSON (tests). */
export const keptPages = () => ({ pages: pages.size, chars: keptChars });
