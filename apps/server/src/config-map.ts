import { z } from 'zod';
import { ConfigError } from './config-values.ts';

/** An XYZ tile template: an http(s) URL with {z}, {x} and {y} (an optional {s} subdomain, {r} retina). */
const tilesTemplate = z.string().refine((v) => {
  if (!['{z}', '{x}', '{y}'].every((p) => v.includes(p))) return false;
  try {
    return ['http:', 'https:'].includes(new URL(v.replace(/\{[a-z]\}/g, '0')).protocol);
  } catch {
    return false;
  }
}, 'deve ser um modelo de URL de tiles com {z}, {x} e {y}, ex. https://tile.exemplo.com.br/{z}/{x}/{y}.png');

/** The tracking map (docs/maps.md), merged into config.ts's schema. */
export const mapEnv = {
  /** The tracking map's tiles (docs/maps.md); unset: the basemap shipped with the product, no outside request. */
  MAP_TILES_URL: tilesTemplate.optional(),
  MAP_ATTRIBUTION: z.string().trim().min(1).max(300).optional(),
};

type MapEnv = z.output<z.ZodObject<typeof mapEnv>>;

/** The tracking map's tiles (docs/maps.md); tilesUrl null: the shipped basemap. */
export interface MapConfig {
  tilesUrl: string | null;
  attribution: string | null;
}

/** MAP_ATTRIBUTION goes with MAP_TILES_URL: every tile provider's terms ask for its credit on the map. */
export function mapConfig(e: MapEnv): MapConfig {
  if (e.MAP_TILES_URL && !e.MAP_ATTRIBUTION)
    throw new ConfigError(
      'Configuração inválida:\n  MAP_ATTRIBUTION: obrigatório com MAP_TILES_URL (o crédito que os termos do provedor dos tiles pedem)',
    );
  return { tilesUrl: e.MAP_TILES_URL ?? null, attribution: e.MAP_TILES_URL ? (e.MAP_ATTRIBUTION ?? null) : null };
}
