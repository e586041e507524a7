// The node flags of a server process, wherever it is started the way `npm start` starts it
// (scripts/start.mjs, its cluster, the browser journeys' e2e/product.mjs, the benches' bench/lib.mjs).
// Both set what V8 fixes when the process starts; the figures are in docs/performance.md (2026-12-08).
import os from 'node:os';

/**
 * - `--v8-pool-size`: V8's helper threads (background compilation of PGlite's WebAssembly, the
 *   collector's parallel work) one fewer than the cores, at most Node's default of 4. Each helper
 *   keeps its own allocator arena and compilation memory: on 2 cores the default 4 held ~40 MB more
 *   under the mixed load, for no more speed (2 cores run 2 threads).
 * - `--max-semi-space-size=4`, on the embedded database only (no DATABASE_URL): the main thread's
 *   young generation at most 2 × 4 MB, where V8's default of 16 MB grows to 32 MB under load and
 *   stays committed, idle included. The embedded product's 400 MB budget is where it counts, and
 *   there its send rates are the same; on PostgreSQL (peaks of 220–260 MB) the smaller young
 *   generation cost ~0.2 ms of CPU a message end to end, so V8's default stays.
 */
export function serverNodeFlags(env = process.env, cores = os.availableParallelism()) {
  const flags = [`--v8-pool-size=${Math.max(1, Math.min(4, cores - 1))}`];
  if (!env.DATABASE_URL) flags.push('--max-semi-space-size=4');
  return flags;
}
