import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer, isServerBuildStale } from './build-server.mjs';

// Built beside apps/server/dist, as the compiled-server test builds, so its bare imports resolve.
const outdir = fs.mkdtempSync(path.join(fileURLToPath(new URL('../apps/server/', import.meta.url)), '.test-build-'));
afterAll(() => fs.rmSync(outdir, { recursive: true, force: true }));

describe('the compiled server’s build', () => {
  it('is stale until built, and again once a source is newer than its main.mjs', async () => {
    expect(isServerBuildStale(outdir)).toBe(true);
    await buildServer(outdir);
    expect(isServerBuildStale(outdir)).toBe(false);
    // A main.mjs older than every source: what a source edited after the build looks like.
    const longAgo = new Date('2000-01-01T00:00:00Z');
    fs.utimesSync(path.join(outdir, 'main.mjs'), longAgo, longAgo);
    expect(isServerBuildStale(outdir)).toBe(true);
  }, 60_000);

  it('keeps an earlier build’s chunks a day, for a server still running from it, then removes them', async () => {
    const dayAndMore = new Date(Date.now() - 25 * 3_600_000);
    fs.writeFileSync(path.join(outdir, 'chunk-ANTIGO.mjs'), '');
    fs.utimesSync(path.join(outdir, 'chunk-ANTIGO.mjs'), dayAndMore, dayAndMore);
    fs.writeFileSync(path.join(outdir, 'chunk-RECENTE.mjs'), '');
    await buildServer(outdir);
    const files = fs.readdirSync(outdir);
    expect(files).not.toContain('chunk-ANTIGO.mjs');
    expect(files).toContain('chunk-RECENTE.mjs');
    expect(files).toEqual(expect.arrayContaining(['main.mjs', 'line-builder.thread.mjs', 'report-file.worker.mjs']));
    // Nothing half-written is left: every file was renamed into place.
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
  }, 60_000);
});
