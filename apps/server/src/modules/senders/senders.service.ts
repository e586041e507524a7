import type { ListQuery } from '@ar/core';
import type { AppContext } from '../../context.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import * as q from './senders.queries.ts';

/** Senders of one user (the list and the compose picker): another user's never appear. */
export const listSenders = (ctx: AppContext, scope: TenantScope, query: ListQuery) => q.listSenders(ctx.db, scope, query);

/**
 * Saves a sender name for the signed-in user, once per name (case-insensitive): `created` is
 * false when the user already had it, and that row is answered.
 */
export const saveSender = (ctx: AppContext, scope: TenantScope, sen_nome: string) => q.upsertSender(ctx.db, scope, sen_nome);
