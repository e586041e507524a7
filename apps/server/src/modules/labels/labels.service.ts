import type { ListQuery } from '@ar/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import * as q from './labels.queries.ts';

/** Labels of one user: another user's id is simply not found. */
export const listLabels = (ctx: AppContext, scope: TenantScope, query: ListQuery) => q.listLabels(ctx.db, scope, query);

export async function getLabel(ctx: AppContext, scope: TenantScope, id: number) {
  return (await q.findLabel(ctx.db, scope, id)) ?? Promise.reject(notFound());
}

export const createLabel = (ctx: AppContext, scope: TenantScope, values: { eti_nome: string; eti_cor: string }) =>
  q.insertLabel(ctx.db, scope, values);

export async function updateLabel(ctx: AppContext, scope: TenantScope, id: number, values: { eti_nome: string; eti_cor: string }) {
  return (await q.updateLabel(ctx.db, scope, id, values)) ?? Promise.reject(notFound());
}

export async function removeLabel(ctx: AppContext, scope: TenantScope, id: number) {
  if (!(await q.deleteLabel(ctx.db, scope, id))) throw notFound();
}
