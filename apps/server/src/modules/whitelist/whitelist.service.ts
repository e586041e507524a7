import { type ListQuery, WHITELIST_MSG } from '@ar/core';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import * as q from './whitelist.queries.ts';

const PG_UNIQUE_VIOLATION = '23505';
const duplicate = () => new AppError(409, WHITELIST_MSG.duplicate);

export const listWhitelist = (ctx: AppContext, scope: TenantScope, query: ListQuery) => q.listWhitelist(ctx.db, scope, query);

export async function getEntry(ctx: AppContext, scope: TenantScope, id: number) {
  return (await q.findEntry(ctx.db, scope, id)) ?? Promise.reject(notFound());
}

/** The unique index decides under concurrency; the lookup gives the common case a clear answer. */
async function guardUnique<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if ((e as { code?: string }).code === PG_UNIQUE_VIOLATION) throw duplicate();
    throw e;
  }
}

export async function createEntry(ctx: AppContext, scope: TenantScope, email: string) {
  if (await q.findSameEmail(ctx.db, scope, email)) throw duplicate();
  return guardUnique(() => q.insertEntry(ctx.db, scope, email));
}

export async function updateEntry(ctx: AppContext, scope: TenantScope, id: number, email: string) {
  await getEntry(ctx, scope, id);
  if (await q.findSameEmail(ctx.db, scope, email, id)) throw duplicate();
  return (await guardUnique(() => q.updateEntry(ctx.db, scope, id, email))) ?? Promise.reject(notFound());
}

export async function removeEntry(ctx: AppContext, scope: TenantScope, id: number) {
  if (!(await q.deleteEntry(ctx.db, scope, id))) throw notFound();
}
