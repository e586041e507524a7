import type { ListQuery } from '@ar/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import * as q from './labels.queries.ts';

/** Labels of one user: another user's id is simply not found. */
export const listLabels = (ctx: AppContext, usu: number, query: ListQuery) => q.listLabels(ctx.db, usu, query);

export async function getLabel(ctx: AppContext, usu: number, id: number) {
  return (await q.findLabel(ctx.db, usu, id)) ?? Promise.reject(notFound());
}

export const createLabel = (ctx: AppContext, usu: number, values: { eti_nome: string; eti_cor: string }) =>
  q.insertLabel(ctx.db, usu, values);

export async function updateLabel(ctx: AppContext, usu: number, id: number, values: { eti_nome: string; eti_cor: string }) {
  return (await q.updateLabel(ctx.db, usu, id, values)) ?? Promise.reject(notFound());
}

export async function removeLabel(ctx: AppContext, usu: number, id: number) {
  if (!(await q.deleteLabel(ctx.db, usu, id))) throw notFound();
}
