import { type ListQuery, TEMPLATE_MSG } from '@ar/core';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { sanitizeMessageHtml } from '../../mail/message-html.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import * as q from './templates.queries.ts';

/**
 * A sent message still references the template: foreign_key_violation (NO ACTION), or
 * restrict_violation, which recent PostgreSQL raises for ON DELETE RESTRICT.
 */
export const PG_REFERENCED_CODES = ['23503', '23001'];

export const listTemplates = (ctx: AppContext, scope: TenantScope, query: ListQuery & { mod_enable?: 'true' | 'false' }) =>
  q.listTemplates(ctx.db, scope, query);

export async function getTemplate(ctx: AppContext, scope: TenantScope, id: number) {
  return (await q.findTemplate(ctx.db, scope, id)) ?? Promise.reject(notFound());
}

const clean = (v: q.TemplateValues): q.TemplateValues => ({ ...v, mod_content: sanitizeMessageHtml(v.mod_content) });

export const createTemplate = (ctx: AppContext, scope: TenantScope, v: q.TemplateValues) => q.insertTemplate(ctx.db, scope, clean(v));

export async function updateTemplate(ctx: AppContext, scope: TenantScope, id: number, v: q.TemplateValues) {
  return (await q.updateTemplate(ctx.db, scope, id, clean(v))) ?? Promise.reject(notFound());
}

/**
 * The database decides whether a template may go: the sent-messages table references it with
 * ON DELETE RESTRICT, so a used template answers the spec's message (disable it instead).
 */
export async function removeTemplate(ctx: AppContext, scope: TenantScope, id: number) {
  let deleted: boolean;
  try {
    deleted = await q.deleteTemplate(ctx.db, scope, id);
  } catch (e) {
    if (PG_REFERENCED_CODES.includes((e as { code?: string }).code ?? '')) throw new AppError(409, TEMPLATE_MSG.inUse);
    throw e;
  }
  if (!deleted) throw notFound();
}
