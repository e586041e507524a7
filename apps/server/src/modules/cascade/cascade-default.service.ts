import { accountChannelProblem, type CascadePlan, cascadePlan } from '@ar/core';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../http/errors.ts';
import { findComposer } from '../emails/emails.queries.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import * as q from './cascade.queries.ts';

/**
 * The user's default plan (docs/cascade.md, "The user's default"): kept in the user's own
 * `usu_settings.cascata`, the plan compose starts from and `POST /emails/send` applies when the
 * payload has no `cascata` at all.
 */

/** A stored default read back through core's schema: anything that no longer passes it counts as none. */
export function storedCascadePlan(value: unknown): CascadePlan | null {
  if (value === null || value === undefined) return null;
  const parsed = cascadePlan.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The default in a user's settings (findComposer's `usu_settings`), or null. */
export const defaultCascadeOf = (settings: unknown): CascadePlan | null =>
  storedCascadePlan((settings as { cascata?: unknown } | null | undefined)?.cascata);

/** The signed-in user's own default: the scope's own row, there is no id to point elsewhere. */
export async function getDefaultCascade(ctx: AppContext, scope: TenantScope): Promise<CascadePlan | null> {
  return storedCascadePlan(await q.findDefaultCascade(ctx.db, scope));
}

/**
 * Saves the default (null: none). A step on a channel the account may not send (WhatsApp, AR-Voz
 * by its flags) is refused now with compose's message, rather than on every send that uses it.
 */
export async function saveDefaultCascade(ctx: AppContext, scope: TenantScope, plan: CascadePlan | null): Promise<CascadePlan | null> {
  if (plan?.modelo === 'personalizada') {
    const user = await findComposer(ctx.db, scope);
    const problem = accountChannelProblem(user, (channel) => plan.etapas.some((s) => s.canal === channel));
    if (problem) throw badRequest(problem);
  }
  const stored = plan ? { modelo: plan.modelo, etapas: plan.modelo === 'cpc246' ? [] : plan.etapas } : null;
  await q.saveDefaultCascade(ctx.db, scope, stored);
  return stored;
}
