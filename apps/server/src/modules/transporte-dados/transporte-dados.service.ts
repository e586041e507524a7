import { TRANSPORTE_MSG, TRANSPORTES_MAX } from '@ar/core';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import * as q from './transporte-dados.queries.ts';

/** Data transports of one user: another user's id is simply not found (docs/gerar-remessas.md). */
export const listTransportes = (ctx: AppContext, scope: TenantScope) => q.listTransportes(ctx.db, scope, TRANSPORTES_MAX);

/** A user keeps at most TRANSPORTES_MAX transports, so the modal's list stays one bounded answer. */
export async function createTransporte(ctx: AppContext, scope: TenantScope, values: q.TransporteValues) {
  if ((await q.countTransportes(ctx.db, scope)) >= TRANSPORTES_MAX) throw badRequest(TRANSPORTE_MSG.tooMany);
  return q.insertTransporte(ctx.db, scope, values);
}

export async function updateTransporte(ctx: AppContext, scope: TenantScope, id: number, values: q.TransporteValues) {
  return (await q.updateTransporte(ctx.db, scope, id, values)) ?? Promise.reject(notFound());
}

export async function removeTransporte(ctx: AppContext, scope: TenantScope, id: number) {
  if (!(await q.deleteTransporte(ctx.db, scope, id))) throw notFound();
}
