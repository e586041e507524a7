import type { Metafile } from 'esbuild';

/** apps/server/src. */
export const SERVER_SRC: string;
/** apps/server/dist: the compiled server `npm start` runs (main.mjs). */
export const SERVER_DIST: string;
/** True when `outdir`/main.mjs is missing or older than a source of the server or of @ar/core. */
export function isServerBuildStale(outdir?: string): boolean;
/** Builds the server into `outdir` (apps/server/dist by default); resolves with esbuild's metafile. */
export function buildServer(outdir?: string): Promise<Metafile>;
/** The newest modification time of a file under `dir` (ms). */
export function newestMtime(dir: string): number;
/** apps/server/dist/main.mjs, built first (in a child process) when stale. */
export function compiledServerMain(): string;
