import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layer rules of docs/architecture.md that Biome cannot express (its noRestrictedImports
 * overrides in biome.json hold the import rules): where SQL may be written and what a route may touch.
 */
const src = path.dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const files = sources(src).map((file) => ({
  rel: path.relative(src, file).split(path.sep).join('/'),
  text: fs.readFileSync(file, 'utf8'),
}));

/** A Kysely statement or raw SQL: building a query is the queries layer's job. */
const KYSELY = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(<[^>]*>)?`|\.transaction\(\)/;

/** Where SQL may be written: the database layer, the queries files, and the tenant scope's SQL vocabulary. */
const mayHoldSql = (rel: string) => rel.startsWith('db/') || rel.endsWith('.queries.ts') || rel.startsWith('modules/tenancy/');

describe('the layers of docs/architecture.md', () => {
  it('finds the source files', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => f.rel === 'modules/labels/labels.queries.ts')).toBe(true);
  });

  it('writes no Kysely or SQL outside *.queries.ts, db/ and the tenant scope', () => {
    const offenders = files.filter((f) => !mayHoldSql(f.rel) && KYSELY.test(f.text)).map((f) => f.rel);
    expect(offenders).toEqual([]);
  });

  it('has no route file that reaches the database', () => {
    const offenders = files
      .filter((f) => f.rel.endsWith('.routes.ts'))
      .filter((f) => /\bdb\.|ctx\.db\b|\.queries(\.ts)?['"]/.test(f.text))
      .map((f) => f.rel);
    expect(offenders).toEqual([]);
  });

  it('has no Fastify request or reply in a service, a query, a presenter or a worker', () => {
    const offenders = files
      .filter((f) => /\.(service|queries|presenter|worker)\.ts$/.test(f.rel))
      .filter((f) => /\bFastify(Request|Reply|Instance)\b|from '@?fastify/.test(f.text))
      .map((f) => f.rel);
    expect(offenders).toEqual([]);
  });

  it('keeps every tenant query on the scope: no exported query takes a bare user id', () => {
    const offenders = files
      .filter((f) => f.rel.endsWith('.queries.ts'))
      .flatMap((f) => [...f.text.matchAll(/export (?:async )?function (\w+)\(db: [^,]+, usu: number/g)].map((m) => `${f.rel} ${m[1]}`));
    expect(offenders).toEqual([]);
  });

  it('locks a row to take turns FOR NO KEY UPDATE, never FOR UPDATE (docs/architecture.md, "Row locks")', () => {
    // FOR UPDATE also conflicts with the KEY SHARE lock every foreign key takes on the row it names:
    // two transactions that each store a row naming a message and then lock the message deadlock.
    const offenders = files
      .filter((f) => /\.forUpdate\(|\bfor update\b/i.test(f.text.replace(/\/\/.*|\/\*[\s\S]*?\*\//g, '')))
      .map((f) => f.rel);
    expect(offenders).toEqual([]);
  });
});
