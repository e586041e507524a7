import type { AppContext } from '../../context.ts';
import type { TenantScope } from '../../modules/tenancy/tenant-scope.ts';
import * as q from './mailbox.queries.ts';

/** How many of the newest messages the list shows. */
export const MAILBOX_LIST_LIMIT = 200;

export const listMail = (ctx: AppContext, scope: TenantScope) => q.listCapturedMail(ctx.db, scope, MAILBOX_LIST_LIMIT);

/** One message the actor may see; undefined when the id is not a message id, names none, or another tenant's. */
export const getMail = async (ctx: AppContext, scope: TenantScope, id: number | null) =>
  id === null ? undefined : q.findCapturedMail(ctx.db, scope, id);

/** One message's raw source; undefined as above. */
export const getRawMail = async (ctx: AppContext, scope: TenantScope, id: number | null) =>
  id === null ? undefined : q.findCapturedRaw(ctx.db, scope, id);
