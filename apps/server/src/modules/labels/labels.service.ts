import { LABEL_MSG, type ListQuery, labelNameKey } from '@ar/core';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import * as q from './labels.queries.ts';

/** Labels of one user: another user's id is simply not found. */
export const listLabels = (ctx: AppContext, scope: TenantScope, query: ListQuery) => q.listLabels(ctx.db, scope, query);

export async function getLabel(ctx: AppContext, scope: TenantScope, id: number) {
  return (await q.findLabel(ctx.db, scope, id)) ?? Promise.reject(notFound());
}

/**
 * A second label of the same name (labelNameKey: case and accents aside) is refused with 409; the
 * label being renamed may keep its own name in another case. A user's labels are few, so their
 * names are compared here rather than by an index over an accent-stripping expression.
 */
async function assertNameFree(ctx: AppContext, scope: TenantScope, name: string, renaming?: number) {
  const key = labelNameKey(name);
  const taken = (await q.findLabelNames(ctx.db, scope)).some((l) => l.eti_codigo !== renaming && labelNameKey(l.eti_nome) === key);
  if (taken) throw new AppError(409, LABEL_MSG.duplicateName);
}

export async function createLabel(ctx: AppContext, scope: TenantScope, values: { eti_nome: string; eti_cor: string }) {
  await assertNameFree(ctx, scope, values.eti_nome);
  return q.insertLabel(ctx.db, scope, values);
}

export async function updateLabel(ctx: AppContext, scope: TenantScope, id: number, values: { eti_nome: string; eti_cor: string }) {
  await assertNameFree(ctx, scope, values.eti_nome, id);
  return (await q.updateLabel(ctx.db, scope, id, values)) ?? Promise.reject(notFound());
}

export async function removeLabel(ctx: AppContext, scope: TenantScope, id: number) {
  if (!(await q.deleteLabel(ctx.db, scope, id))) throw notFound();
}
