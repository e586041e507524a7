import {
  BUILTIN_VARIABLE_NAMES,
  type CustomFieldDef,
  formatCustomVariable,
  LEAD_MSG,
  type LeadValues,
  type ListQuery,
  variableName,
} from '@ar/core';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import * as q from './leads.queries.ts';

/** Recipients of one user: another user's id is simply not found. */
export const listLeads = (ctx: AppContext, scope: TenantScope, query: ListQuery) => q.listLeads(ctx.db, scope, query);

export async function getLead(ctx: AppContext, scope: TenantScope, id: number) {
  return (await q.findLead(ctx.db, scope, id)) ?? Promise.reject(notFound());
}

export async function createLead(ctx: AppContext, scope: TenantScope, values: LeadValues) {
  const id = await q.insertLead(ctx.db, scope, values);
  return getLead(ctx, scope, id);
}

export async function updateLead(ctx: AppContext, scope: TenantScope, id: number, values: LeadValues) {
  if (!(await q.updateLead(ctx.db, scope, id, values))) throw notFound();
  return getLead(ctx, scope, id);
}

export async function removeLead(ctx: AppContext, scope: TenantScope, id: number) {
  if (!(await q.deleteLead(ctx.db, scope, id))) throw notFound();
}

/** The rows were checked one by one by the contract; they go in together or not at all. */
export async function importLeads(ctx: AppContext, scope: TenantScope, rows: LeadValues[]) {
  await q.insertLeads(ctx.db, scope, rows);
  return rows.length;
}

export const getCustomFields = (ctx: AppContext, scope: TenantScope) => q.findCustomFields(ctx.db, scope);

/**
 * Saves the whole list of custom variables. Each entry must be what the naming rule makes of
 * its description (id cf_NAME, value *|NAME|*), and no name may repeat or shadow a built-in one.
 */
export async function saveCustomFields(ctx: AppContext, scope: TenantScope, data: CustomFieldDef[]) {
  const seen = new Set<string>(BUILTIN_VARIABLE_NAMES);
  const clean: CustomFieldDef[] = [];
  for (const field of data) {
    const value = formatCustomVariable(field.description);
    if (value.length <= 4) throw badRequest(LEAD_MSG.variableEmpty);
    const name = variableName(value);
    if (seen.has(name)) throw badRequest(LEAD_MSG.variableExists);
    seen.add(name);
    clean.push({ id: `cf_${name}`, description: field.description.trim(), value });
  }
  await q.saveCustomFields(ctx.db, scope, clean);
  return clean;
}
