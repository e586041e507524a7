import { DASHBOARD_MSG, type DashboardFilter, dashboardScopesFor } from '@ar/core';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import { countsByDay, type DashboardRange, sendsByTag, totalsOf } from './dashboard.queries.ts';

/**
 * The dashboard's rules (docs/dashboard.md): the range was checked by the contract (spec 000 §5);
 * the scope must be one the actor's level may choose (403 otherwise), and the queries keep to the
 * tenant scope whatever was chosen.
 */
function rangeOf(scope: TenantScope, filter: DashboardFilter): DashboardRange {
  if (!dashboardScopesFor(scope.actor.usu_nivel).includes(filter.escopo)) throw new AppError(403, DASHBOARD_MSG.scopeNotAllowed);
  const [from, to] = filter.dateRange;
  return { from, to, tag: filter.tag ?? 0 };
}

export const dayCounts = (ctx: AppContext, scope: TenantScope, filter: DashboardFilter) =>
  countsByDay(ctx.db, scope, filter.escopo, rangeOf(scope, filter));

export const tagCounts = (ctx: AppContext, scope: TenantScope, filter: DashboardFilter) =>
  sendsByTag(ctx.db, scope, filter.escopo, rangeOf(scope, filter));

/** The summary: the totals of the range and the sends carrying a tag, in one statement. */
export const totals = (ctx: AppContext, scope: TenantScope, filter: DashboardFilter) =>
  totalsOf(ctx.db, scope, filter.escopo, rangeOf(scope, filter));
