import { describe, expect, it } from 'vitest';
import { cachedPage, keepPage, keptPages, PAGE_CACHE_MAX_CHARS, pageBase, pageVersion, settledPage } from './page-cache.ts';

describe('public page cache', () => {
  it('keeps at most 500 pages and PAGE_CACHE_MAX_CHARS characters, dropping the oldest first', () => {
    for (let i = 0; i < 520; i++) keepPage(`small-${i}`, 'v1', '{"a":1}');
    expect(keptPages().pages).toBe(500);
    expect(cachedPage('small-0', 'v1')).toBeUndefined();
    expect(cachedPage('small-519', 'v1')).toBe('{"a":1}');

    const big = 'x'.repeat(PAGE_CACHE_MAX_CHARS / 5);
    for (let i = 0; i < 6; i++) keepPage(`big-${i}`, 'v1', big);
    expect(keptPages().chars).toBeLessThanOrEqual(PAGE_CACHE_MAX_CHARS);
    expect(cachedPage('big-0', 'v1')).toBeUndefined();
    expect(cachedPage('big-5', 'v1')).toBe(big);
  });

  it('replaces a message kept at an older version and counts it once', () => {
    keepPage('same', 'v1', 'one');
    const before = keptPages().chars;
    keepPage('same', 'v2', 'three');
    expect(keptPages().chars).toBe(before + 2);
    expect(cachedPage('same', 'v1')).toBeUndefined();
    expect(cachedPage('same', 'v2')).toBe('three');
  });

  it('serves a page larger than a quarter of the bound without keeping it', () => {
    keepPage('huge', 'v1', 'x'.repeat(PAGE_CACHE_MAX_CHARS / 4 + 1));
    expect(cachedPage('huge', 'v1')).toBeUndefined();
  });

  it('answers a settled page (every event stamped) while its chain and owner did not change, and no other', () => {
    const base = pageBase({ eventos: 15, usu_visualizar_geolocalizacao: true, ent_nome_fantasia: 'Entidade' });
    keepPage('pending', pageVersion(base, 14), 'pending-json');
    expect(settledPage('pending', base)).toBeUndefined();
    expect(cachedPage('pending', pageVersion(base, 14))).toBe('pending-json');
    keepPage('settled', pageVersion(base, 15), 'settled-json', base);
    expect(settledPage('settled', base)).toBe('settled-json');
    // A new event (its stamp still to come), or another owner's flag, is another page.
    expect(
      settledPage('settled', pageBase({ eventos: 16, usu_visualizar_geolocalizacao: true, ent_nome_fantasia: 'Entidade' })),
    ).toBeUndefined();
    expect(
      settledPage('settled', pageBase({ eventos: 15, usu_visualizar_geolocalizacao: false, ent_nome_fantasia: 'Entidade' })),
    ).toBeUndefined();
  });
});
