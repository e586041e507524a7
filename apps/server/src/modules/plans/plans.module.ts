import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { storeRoutes } from '../store/store.routes.ts';
import { planRoutes } from './plans.routes.ts';

/** Plans, credits and the store's purchases: one entry in modules/index.ts. */
export function plansModule(app: FastifyInstance, ctx: AppContext): void {
  planRoutes(app, ctx);
  storeRoutes(app, ctx);
}
