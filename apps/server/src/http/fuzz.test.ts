import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../test/harness.ts';
import { routesOf } from '../app.ts';

/**
 * The fuzz walk: every route the app registered (enumerated from Fastify itself, so a new route
 * is walked without anyone listing it) gets malformed JSON, wrong types, NUL bytes in the body,
 * the query and the path, 1 MB strings, numbers outside int4 and negative or huge path ids — as
 * the demo administrator. None of them may answer 5xx: bad input is a 4xx with a message.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  default?: unknown;
};

interface Operation {
  parameters?: { name: string; in: 'query' | 'path' }[];
  requestBody?: { content: { 'application/json'?: { schema: JsonSchema } } };
}

const MB = 'x'.repeat(1024 * 1024);
const INT4_OVER = 2147483648;
const INT4_UNDER = -2147483649;

/** A value of the schema's shape, so a mutation of one field can reach the code behind it. */
function plausible(s: JsonSchema | undefined, depth = 0): unknown {
  if (!s || depth > 6) return 'abc';
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const alt = s.anyOf ?? s.oneOf ?? s.allOf;
  if (alt) return plausible(alt.find((a) => a.type !== 'null') ?? alt[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'string':
      return s.format === 'email' ? 'fuzz@exemplo.com.br' : s.format === 'uuid' ? '00000000-0000-4000-8000-000000000000' : 'abc';
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return [plausible(s.items, depth + 1)];
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, plausible(v, depth + 1)]));
    default:
      return 'abc';
  }
}

/** Paths of every leaf of a plausible value (object keys and first array items). */
function leaves(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.length ? leaves(value[0], [...at, 0]) : [at];
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length ? entries.flatMap(([k, v]) => leaves(v, [...at, k])) : [at];
  }
  return [at];
}

function setAt(value: unknown, at: (string | number)[], leaf: unknown): unknown {
  if (!at.length) return leaf;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let cursor = copy;
  for (const key of at.slice(0, -1)) cursor = cursor[key] as Record<string | number, unknown>;
  cursor[at[at.length - 1] as string] = leaf;
  return copy;
}

/** Every string of a value with a NUL byte in it. */
function withNul(value: unknown): unknown {
  if (typeof value === 'string') return `${value}\u0000`;
  if (Array.isArray(value)) return value.map(withNul);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withNul(v)]));
  return value;
}

const BAD_LEAVES: [string, unknown][] = [
  ['NUL', 'a\u0000b'],
  ['int4 acima', INT4_OVER],
  ['int4 abaixo', INT4_UNDER],
  ['1e308', 1e308],
  ['1 MB', MB],
  ['objeto', { a: 1 }],
  ['lista', [1, 'a']],
];

const BAD_PARAMS = ['-1', '0', '2147483648', '-2147483649', '99999999999999999999', '1.5', '1e400', 'NaN', 'a%00b', '%00', '%E0%A4%A'];
const BAD_QUERY = ['%00', 'a%00b', '2147483648', '-2147483649', '99999999999999999999', '1e400', 'NaN', '%FF%FE'];
const GENERIC_QUERY = ['limit', 'offset', 'column', 'order', 'searchTerm', 'searchTags', 'dataInicio', 'dataFim', 'status'];

// Single sign-on configured (its provider never reached), so its routes are walked too.
const t = useTestApp(
  { OIDC_ISSUER: 'http://127.0.0.1:9', OIDC_CLIENT_ID: 'ar-online', OIDC_CLIENT_SECRET: 'segredo' },
  { startQueue: true, startWorkers: false },
);
let token: string;

beforeAll(async () => {
  // The queue runs (a valid send is accepted and queued); no worker drains it.
  token = await t.login('admin@demo.local');
});

describe('fuzz walk over every registered route', () => {
  it('answers no 5xx to malformed JSON, wrong types, NUL bytes, 1 MB strings and out-of-range numbers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v2/docs' })).json() as { paths: Record<string, Record<string, Operation>> };
    const routes = routesOf(t.app).filter((r) => !r.url.includes('*') && !r.url.includes('socket.io'));
    expect(routes.length).toBeGreaterThan(80);

    const failures: string[] = [];
    let requests = 0;
    const fire = async (label: string, opts: InjectOptions) => {
      requests++;
      // From another address than the test's own sign-ins, so the login route's fuzz cannot lock them out.
      const res = await t.app.inject({ remoteAddress: '198.51.100.7', ...opts, headers: { ...bearer(token), ...opts.headers } });
      if (res.statusCode >= 500) failures.push(`${label} -> ${res.statusCode} ${res.body.slice(0, 160)}`);
      // A fresh session when a walked route (logout...) ended the last one.
      if (res.statusCode === 401) token = await t.login('admin@demo.local');
    };

    for (const route of routes) {
      const op = doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
      const urlWith = (values: Record<string, string>) => route.url.replace(/:(\w+)/g, (_m, name: string) => values[name] ?? '1');
      const base = urlWith({});
      const method = route.method as InjectOptions['method'];
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      const bodySchema = op?.requestBody?.content['application/json']?.schema;
      const good = bodySchema ? plausible(bodySchema) : {};
      const name = `${route.method} ${route.url}`;

      // Path parameters: negative, zero, beyond int4, not numbers, NUL, broken percent-encoding.
      for (const p of paramNames) {
        for (const v of BAD_PARAMS) {
          await fire(`${name} :${p}=${v}`, { method, url: urlWith({ [p]: v }), ...(hasBody ? { payload: good as object } : {}) });
        }
      }
      // Query: the route's own fields and the list fields every list takes.
      const queryNames = new Set([...(op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name), ...GENERIC_QUERY]);
      for (const q of queryNames) {
        for (const v of [...BAD_QUERY, MB]) await fire(`${name} ?${q}=${v.slice(0, 20)}`, { method, url: `${base}?${q}=${v}` });
        await fire(`${name} ?${q}[]`, { method, url: `${base}?${q}=1&${q}=2` });
      }
      // Header-derived values.
      await fire(`${name} user-agent 8 KB`, { method, url: base, headers: { 'user-agent': 'u'.repeat(8000) } });
      if (!hasBody && route.method !== 'DELETE') continue;
      // Bodies: malformed JSON, the wrong top-level type, every string with a NUL, then each field broken in turn.
      for (const raw of ['{"a":', '[]', '"texto"', 'null', '12', '{"a":"\\u0000"}', `{"a":"${MB}"}`]) {
        await fire(`${name} corpo ${raw.slice(0, 12)}`, {
          method,
          url: base,
          headers: { 'content-type': 'application/json' },
          payload: raw,
        });
      }
      await fire(`${name} texto puro`, { method, url: base, headers: { 'content-type': 'text/plain' }, payload: 'a\u0000b' });
      await fire(`${name} corpo com NUL em todo texto`, { method, url: base, payload: withNul(good) as object });
      for (const at of leaves(good)) {
        for (const [label, leaf] of BAD_LEAVES) {
          await fire(`${name} ${at.join('.')}=${label}`, { method, url: base, payload: setAt(good, at, leaf) as object });
        }
      }
    }
    console.log(`fuzz: ${routes.length} routes, ${requests} requests, ${failures.length} answered 5xx`);
    expect(failures).toEqual([]);
  }, 900_000);
});
