import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { circles, importGraph, rel, root, sourceFiles } from '../test/import-graph.ts';

/**
 * The shape of the house (docs/architecture.md, "What may import what"), from the import graph of
 * the server and the packages: no circle between files, the infrastructure below the features, the
 * migrations frozen. Biome refuses the same imports as they are typed (biome.json); this test also
 * sees circles and what a path resolves to.
 */
const graph = importGraph(
  ['apps/server/src', 'apps/web/src', 'packages/core/src', 'packages/sdk/src'].flatMap((dir) => sourceFiles(path.join(root, dir))),
);
const arrows = [...graph].flatMap(([from, targets]) => targets.map((to) => ({ from: rel(from), to: rel(to) })));

/** The infrastructure: below every feature (modules/) and below the composition root that builds the app. */
const INFRASTRUCTURE = /^apps\/server\/src\/(db|http|queue|mail|realtime|storage|reporting|threads)\//;
const ABOVE_INFRASTRUCTURE = /^apps\/server\/src\/(modules\/|simulators\/|seed\/|scripts\/|(app|runtime|main)\.ts$)/;
const MIGRATION = /^apps\/server\/src\/db\/migrations\//;

describe('the import graph', () => {
  it('reads the files and their arrows', () => {
    expect(graph.size).toBeGreaterThan(400);
    expect(arrows).toContainEqual({ from: 'apps/server/src/app.ts', to: 'apps/server/src/modules/index.ts' });
    expect(arrows).toContainEqual({ from: 'apps/server/src/http/route.ts', to: 'packages/core/src/index.ts' });
  });

  it('has no circle between files', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('has no arrow from the infrastructure up to a feature or to the composition root', () => {
    const up = arrows.filter((a) => INFRASTRUCTURE.test(a.from) && ABOVE_INFRASTRUCTURE.test(a.to));
    expect(up.map((a) => `${a.from} → ${a.to}`)).toEqual([]);
  });

  it('has migrations that import nothing outside db/ (a migration is frozen the day it is written)', () => {
    const outside = arrows.filter((a) => MIGRATION.test(a.from) && !a.to.startsWith('apps/server/src/db/'));
    expect(outside.map((a) => `${a.from} → ${a.to}`)).toEqual([]);
  });

  it('has packages that never import their own barrel', () => {
    const own = arrows.filter((a) => /^packages\/(\w+)\/src\//.test(a.from) && a.to === a.from.replace(/src\/.*$/, 'src/index.ts'));
    expect(own.map((a) => `${a.from} → ${a.to}`)).toEqual([]);
  });
});

const SOURCE_MAX = 350;
const DOC_MAX = 300;

/** Generated files (never edited by hand). */
const GENERATED = new Set(['packages/sdk/src/schema.ts']);

/** Lines as `wc -l` counts them, plus a last line without its newline. */
function lineCount(file: string): number {
  const text = fs.readFileSync(file, 'utf8');
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

const SOURCE_DIRS = [
  'apps/server/src',
  'apps/server/test',
  'apps/web/src',
  'packages/core/src',
  'packages/sdk/src',
  'scripts',
  'e2e',
  'bench',
];

const measured = [
  ...SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(root, dir)))
    .filter((file) => !GENERATED.has(rel(file)))
    .map((file) => ({ file: rel(file), lines: lineCount(file), max: SOURCE_MAX })),
  ...fs
    .readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => ({ file: `docs/${name}`, lines: lineCount(path.join(root, 'docs', name)), max: DOC_MAX })),
];

describe('the size of a file', () => {
  it(`is at most ${SOURCE_MAX} lines for a source file and ${DOC_MAX} for a doc`, () => {
    expect(measured.length).toBeGreaterThan(500);
    const over = measured.filter((m) => m.lines > m.max);
    expect(over.map((m) => `${m.file}: ${m.lines} lines, ${m.lines - m.max} over ${m.max}`)).toEqual([]);
  });
});
