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
import * as q from './leads.queries.ts';

export const listLeads = (ctx: AppContext, usu: number, query: ListQuery) => q.listLeads(ctx.db, usu, query);

export async function getLead(ctx: AppContext, usu: number, id: number) {
  return (await q.findLead(ctx.db, usu, id)) ?? Promise.reject(notFound());
}

export async function createLead(ctx: AppContext, usu: number, values: LeadValues) {
  const id = await q.insertLead(ctx.db, usu, values);
  return getLead(ctx, usu, id);
}

export async function updateLead(ctx: AppContext, usu: number, id: number, values: LeadValues) {
  if (!(await q.updateLead(ctx.db, usu, id, values))) throw notFound();
  return getLead(ctx, usu, id);
}

export async function removeLead(ctx: AppContext, usu: number, id: number) {
  if (!(await q.deleteLead(ctx.db, usu, id))) throw notFound();
}

/** The rows were checked one by one by the contract; they go in together or not at all. */
export async function importLeads(ctx: AppContext, usu: number, rows: LeadValues[]) {
  await q.insertLeads(ctx.db, usu, rows);
  return rows.length;
}

export const getCustomFields = (ctx: AppContext, usu: number) => q.findCustomFields(ctx.db, usu);

/**
 * Saves the whole list of custom variables. Each entry must be what the naming rule makes of
 * its description (id cf_NAME, value *|NAME|*), and no name may repeat or shadow a built-in one.
 */
export async function saveCustomFields(ctx: AppContext, usu: number, data: CustomFieldDef[]) {
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
  await q.saveCustomFields(ctx.db, usu, clean);
  return clean;
}
