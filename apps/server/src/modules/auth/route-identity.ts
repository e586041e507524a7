import type { RouteIdentityProvider } from '../../http/route.ts';
import { type TenantScope, tenantScope } from '../tenancy/tenant-scope.ts';
import type { Actor } from './actor.ts';
import { authenticate } from './authenticate.ts';

declare module '../../http/route.ts' {
  /** A signed-in route's handler gets the Actor and its TenantScope (http/route.ts names no feature). */
  interface RouteIdentity {
    actor: Actor;
    scope: TenantScope;
  }
}

/** What defineRoute signs a request in with: the session or API key's actor, and the tenant scope it reaches. Installed by app.ts. */
export const routeIdentity: RouteIdentityProvider = { authenticate, scopeOf: tenantScope };
