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

/**
 * The names a user's id goes by (usuarios.usu_codigo, and cod_usu where a row names its owner):
 * usu, usuId, usu_codigo, usuCodigo, cod_usu, codUsu, userId, user_id, owner, ownerId, idUsuario,
 * adminId..., and their plurals for a list of them.
 */
const USER_ID_NAME = `(?:(?:usu|usuario|user|owner|admin)(?:_?(?:[Ii]d|[Cc]od|[Cc]odigo))?|(?:cod|id)_?(?:[Uu]su|[Uu]suario|[Uu]ser|[Oo]wner))s?`;

/**
 * An exported query (a function, or a const arrow function) whose first parameter after the
 * database is a user's id: the tenant's rows are then whatever id the caller passes, instead of
 * what the signed-in user's TenantScope reaches (DESIGN.md §8, "Tenant scope by construction").
 */
const BARE_USER_ID = new RegExp(
  String.raw`export (?:(?:async )?function (\w+)(?:<[^>]*>)?|const (\w+) = (?:async )?)\(\s*(?:db|trx): [^,]+,\s*${USER_ID_NAME}: number\b`,
  'g',
);

/** The names of the exported queries of a file that take a bare user id. */
function bareUserIdQueries(text: string): string[] {
  return [...text.matchAll(BARE_USER_ID)].map((m) => (m[1] ?? m[2]) as string);
}

/**
 * Queries that take a user's id because there is no signed-in user to scope by: the id comes from
 * what the caller has just checked (a password, a single-use link, a signed store order), or the
 * code seeds the database. Each is allowed by name, with why; a new one needs the same review.
 */
const SYSTEM_USER_QUERIES: Record<string, string> = {
  'modules/auth/auth.queries.ts createSession': 'sign-in: the user whose password (or provider sign-in) was just checked',
  'modules/auth/auth.queries.ts acceptInvitationBySso': "single sign-on: the user the provider's verified e-mail names, no session yet",
  'modules/auth/auth.queries.ts findSessionUserRow': 'sign-in and the recovery job: the user just checked, no session yet',
  'modules/auth/auth.queries.ts deleteSessionsOf': "a password reset by link: the link's user",
  'modules/auth/auth.queries.ts setPassword': "a password set by a single-use link (reset, invitation): the link's user",
  'modules/auth/auth.queries.ts createLinkToken': 'recovery (the address asked) and invitations (a user the actor just reached in scope)',
  'modules/users/users.queries.ts findInvitee': "an invitation link: the token names the user (the page's GET and PUT)",
  'modules/users/users.queries.ts confirmUser': 'an invitation link: the token names the user',
  'modules/store/store.queries.ts linkStoreCustomer': "the store's signed order webhook: the customer found by its store id or e-mail",
  'seed/seed.queries.ts makeAdministrator': 'the demo seed and scripts/create-admin.ts: no request',
  'seed/seed.queries.ts hasAnyMessage': "the demo seed's history: no request",
};

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
      .flatMap((f) => bareUserIdQueries(f.text).map((name) => `${f.rel} ${name}`));
    expect(offenders.filter((o) => !(o in SYSTEM_USER_QUERIES))).toEqual([]);
    // An allowance whose query is gone or now takes the scope is removed, so the list stays the reviewed exceptions.
    expect(Object.keys(SYSTEM_USER_QUERIES).filter((o) => !offenders.includes(o))).toEqual([]);
  });

  it('recognises a bare user id under any of its names, and not a scope or another id', () => {
    const bare = [
      'export function findLabels(db: Kysely<DB>, usu: number) {',
      'export async function listOwn(db: Db, userId: number, page: number) {',
      'export function countOf(trx: Transaction<DB>, cod_usu: number) {',
      'export function a(db: Db, usu_codigo: number) {',
      'export function b(db: Db, usuId: number) {',
      'export function c(db: Db, ownerId: number) {',
      'export function d(db: Db, usuCodigo: number) {',
      'export function e(db: Db, idUsuario: number) {',
      'export const f = (db: Kysely<DB>, owner: number) =>',
      'export const g = async (db: Kysely<DB>, userIds: number[]) =>',
      // Formatted over several lines, as Biome writes a long signature.
      'export async function h(\n  db: Kysely<DB>,\n  user_id: number,\n  limit: number,\n): Promise<void> {',
    ];
    expect(bare.map((text) => bareUserIdQueries(text).length)).toEqual(bare.map(() => 1));
    const scoped = [
      'export function findLabel(db: Db, scope: TenantScope, usuCodigo: number) {',
      'export function findMessage(db: Kysely<DB>, cod_email: number) {',
      'export function byUser(db: Kysely<DB>, userAgent: string) {',
      'export function usersOf(db: Kysely<DB>, usuarios: string[]) {',
      'function local(db: Db, userId: number) {',
    ];
    expect(scoped.flatMap(bareUserIdQueries)).toEqual([]);
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
