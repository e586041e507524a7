import { isIP } from 'node:net';
import { z } from 'zod';

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list as Fastify accepts them. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One entry of a TRUST_PROXY list: an IPv4/IPv6 address, a CIDR block of one, or a range name. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies may set the client's address through X-Forwarded-For (docs/security.md). Unset or
 * `false`: none, the address is the socket's. Otherwise Fastify's forms: `true` (any), a hop count,
 * or a comma-separated list of addresses and CIDR blocks.
 */
export type TrustProxy = boolean | number | string[];

export const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): TrustProxy => {
    if (v === 'true' || v === 'false') return v === 'true';
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops <= 100) return hops;
    } else {
      const entries = v.split(',').map((e) => e.trim());
      const bad = entries.filter((e) => !isProxyEntry(e));
      if (bad.length === 0) return entries;
      ctx.addIssue({
        code: 'custom',
        message: `endereço ou bloco inválido: ${bad.map((b) => `"${b}"`).join(', ')}; use true, um número de saltos (0 a 100) ou endereços/CIDRs separados por vírgula, ex. 127.0.0.1,10.0.0.0/8`,
      });
      return z.NEVER;
    }
    ctx.addIssue({ code: 'custom', message: 'número de saltos fora do intervalo: use de 0 a 100' });
    return z.NEVER;
  });
