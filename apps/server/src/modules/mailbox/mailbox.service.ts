import type { AppContext } from '../../context.ts';
import * as q from './mailbox.queries.ts';

/** How many of the newest messages the list shows. */
export const MAILBOX_LIST_LIMIT = 200;

export const listMail = (ctx: AppContext) => q.listCapturedMail(ctx.db, MAILBOX_LIST_LIMIT);

/** One message; undefined when the id is not a message id or names none. */
export const getMail = async (ctx: AppContext, id: number | null) => (id === null ? undefined : q.findCapturedMail(ctx.db, id));

/** One message's raw source; undefined as above. */
export const getRawMail = async (ctx: AppContext, id: number | null) => (id === null ? undefined : q.findCapturedRaw(ctx.db, id));
