import v8 from 'node:v8';

/**
 * The V8 heap may grow to 1.5x what was live after its last full collection (the default lets it
 * grow up to 4x). Under a sustained load the messages in flight outlive the young generation, so
 * their garbage is promoted: with 4x the old space grew from ~60 to ~230 MB before its first full
 * collection. The figures, and what it costs the send path, are in docs/performance.md (the
 * decision of 2026-11-28). Imported first by main.ts, so it holds from the first collection; the
 * flag is V8's own and process-wide (worker threads included).
 */
v8.setFlagsFromString('--heap-growing-percent=50');
