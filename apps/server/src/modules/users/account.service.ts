import type { settingsBody } from '@ar/core';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { sessionUser } from '../auth/auth.service.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import * as q from './users.queries.ts';

/** My Account works on the signed-in user only: the scope's own row, there is no id to point elsewhere. */
export const getSettings = (ctx: AppContext, scope: TenantScope) => q.findSettings(ctx.db, scope);

/** Saves My Data; answers the refreshed session user. */
export async function saveSettings(ctx: AppContext, scope: TenantScope, body: z.output<typeof settingsBody>) {
  await q.updateSettings(ctx.db, scope, body);
  return sessionUser(ctx, scope);
}
