import v8 from 'node:v8';

/**
 * The server process's V8 memory settings. Imported first by main.ts, so they hold from the
 * first collection and the first compilation; V8's flags are process-wide (worker threads included).
 *
 * The V8 heap may grow to 1.5x what was live after its last full collection (the default lets it
 * grow up to 4x). Under a sustained load the messages in flight outlive the young generation, so
 * their garbage is promoted: with 4x the old space grew from ~60 to ~230 MB before its first full
 * collection. The figures, and what it costs the send path, are in docs/performance.md (the
 * decision of 2026-11-28). On the embedded database (no DATABASE_URL) 1.25x: the embedded
 * product's 400 MB budget binds there, and its send and batch benches ran as fast with it (the
 * decision of 2026-12-08). PostgreSQL keeps 1.5x, the figure it was measured at.
 */
v8.setFlagsFromString(`--heap-growing-percent=${process.env.DATABASE_URL ? 50 : 25}`);

/**
 * One background compilation of WebAssembly at a time (V8's default: as many as it has threads).
 * The embedded database (PGlite, ~9 MB of WebAssembly) is the only one of weight: while its first
 * statements run, V8 optimises its hot functions, each compilation holding its working memory until
 * done, so many at once took 30–65 MB for a second or two, the highest RSS of a start
 * (docs/performance.md, the decision of 2026-12-06). On PostgreSQL it changes nothing.
 */
v8.setFlagsFromString('--wasm-num-compilation-tasks=1');
