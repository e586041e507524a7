import { Resolver } from 'node:dns/promises';

/** The DNS queries the domain check makes; node:dns/promises' Resolver has them, tests pass their own. */
export interface DomainResolver {
  resolveMx(domain: string): Promise<{ exchange: string; priority: number }[]>;
  resolve4(domain: string): Promise<string[]>;
  resolve6(domain: string): Promise<string[]>;
  resolveNs(domain: string): Promise<string[]>;
}

/**
 * - `mail`: the domain has an MX, or no MX but an address (RFC 5321 §5.1 implicit MX);
 * - `nxdomain`: the domain does not exist;
 * - `no-mail`: it exists but has neither MX nor address, or publishes a null MX (RFC 7505);
 * - `unknown`: DNS did not answer (offline install, timeout, server failure), or the name is
 *   reserved for tests and documentation: the address is not failed for it.
 */
export type DomainVerdict = 'mail' | 'nxdomain' | 'no-mail' | 'unknown';

const TIMEOUT_MS = 1500;
const DEFINITE_TTL_MS = 10 * 60_000;
const UNKNOWN_TTL_MS = 30_000;
const ONLINE_TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

/** RFC 2606 / 6761 / 6762 names: never looked up. `.invalid` is invalid by definition. */
const RESERVED_TLDS = new Set(['test', 'example', 'localhost', 'local', 'invalid']);
const RESERVED_DOMAINS = ['example.com', 'example.net', 'example.org'];

const NEGATIVE = new Set(['ENOTFOUND', 'ENODATA']);
const codeOf = (e: unknown) => (e as { code?: string })?.code ?? '';

function withTimeout<T>(p: Promise<T>, ms: number, onTimeout: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(onTimeout), ms);
  });
  return Promise.race([p, deadline]).finally(() => clearTimeout(timer));
}

/** Records of one type: a list (maybe empty), 'nxdomain', 'nodata', or 'error' when DNS did not answer. */
async function query<T>(fn: () => Promise<T[]>): Promise<T[] | 'nxdomain' | 'nodata' | 'error'> {
  try {
    return await fn();
  } catch (e) {
    const code = codeOf(e);
    if (code === 'ENOTFOUND') return 'nxdomain';
    if (NEGATIVE.has(code)) return 'nodata';
    return 'error';
  }
}

/**
 * Whether a domain can receive mail, from its MX or A/AAAA records, with a short timeout and an
 * in-memory cache. A negative answer is trusted only when the resolver demonstrably sees the
 * public DNS (the root zone's NS records resolve): some offline resolvers answer NXDOMAIN to
 * everything, and an offline install must still send.
 */
export function createDomainChecker(resolver: DomainResolver, opts: { timeoutMs?: number } = {}) {
  const timeoutMs = opts.timeoutMs ?? TIMEOUT_MS;
  const cache = new Map<string, { verdict: Promise<DomainVerdict>; expires: number }>();
  let online: { value: Promise<boolean>; expires: number } | undefined;

  function isOnline(): Promise<boolean> {
    const now = Date.now();
    if (!online || online.expires < now) {
      const value = query(() => resolver.resolveNs('.')).then((r) => Array.isArray(r) && r.length > 0);
      online = { value, expires: now + ONLINE_TTL_MS };
    }
    return online.value;
  }

  async function lookup(domain: string): Promise<DomainVerdict> {
    const mx = await query(() => resolver.resolveMx(domain));
    if (mx === 'error') return 'unknown';
    if (Array.isArray(mx) && mx.length > 0) {
      const isNullMx = mx.every((r) => r.exchange === '' || r.exchange === '.');
      if (!isNullMx) return 'mail';
      return (await isOnline()) ? 'no-mail' : 'unknown';
    }
    if (mx === 'nxdomain') return (await isOnline()) ? 'nxdomain' : 'unknown';
    // No MX: the address records are the implicit MX.
    const [a, aaaa] = await Promise.all([query(() => resolver.resolve4(domain)), query(() => resolver.resolve6(domain))]);
    if ((Array.isArray(a) && a.length > 0) || (Array.isArray(aaaa) && aaaa.length > 0)) return 'mail';
    if (a === 'error' || aaaa === 'error') return 'unknown';
    return (await isOnline()) ? 'no-mail' : 'unknown';
  }

  return {
    async check(rawDomain: string): Promise<DomainVerdict> {
      const domain = rawDomain.toLowerCase().replace(/\.$/, '');
      const tld = domain.slice(domain.lastIndexOf('.') + 1);
      if (tld === 'invalid') return 'nxdomain';
      if (RESERVED_TLDS.has(tld) || RESERVED_DOMAINS.some((d) => domain === d || domain.endsWith(`.${d}`))) return 'unknown';
      const now = Date.now();
      const hit = cache.get(domain);
      if (hit && hit.expires > now) return hit.verdict;
      const verdict = withTimeout(lookup(domain), timeoutMs, 'unknown' as DomainVerdict);
      const entry = { verdict, expires: now + UNKNOWN_TTL_MS };
      if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
      cache.set(domain, entry);
      // Definite answers stay longer; an unknown one is asked again soon.
      verdict.then((v) => {
        if (v !== 'unknown' && cache.get(domain) === entry) entry.expires = Date.now() + DEFINITE_TTL_MS;
      });
      return verdict;
    },
  };
}

export type DomainChecker = ReturnType<typeof createDomainChecker>;

let checker: DomainChecker | undefined;

/** The process's domain checker (one cache for every request). */
export function domainChecker(): DomainChecker {
  checker ??= createDomainChecker(new Resolver({ timeout: TIMEOUT_MS, tries: 1 }));
  return checker;
}

/** Replaces the resolver (and empties the cache): tests answer DNS themselves. */
export function useDomainResolver(resolver: DomainResolver, opts: { timeoutMs?: number } = {}): void {
  checker = createDomainChecker(resolver, opts);
}
