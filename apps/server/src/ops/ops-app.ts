import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { withLogRedaction } from '../http/log-redaction.ts';
import { type HealthOptions, healthRoutes } from './health.ts';
import { metricsRoutes } from './metrics.routes.ts';

/**
 * The operations routes (/healthz, /readyz, /metrics) and the drain's request gate, on an app:
 * before any other route, so that the gate and the request timer see every request, and so that
 * the SPA's fallback never answers these paths.
 */
export function installOps(app: FastifyInstance, ctx: Omit<AppContext, 'log'>, opts: HealthOptions): void {
  opts.lifecycle.install(app);
  metricsRoutes(app, ctx.config.metricsToken ?? undefined);
  healthRoutes(app, ctx, opts);
}

/**
 * A ROLE=worker process serves no product route, only these three on PORT (docs/operations.md):
 * its container's HEALTHCHECK, Kubernetes's probes and Prometheus reach it there.
 */
export async function buildOpsApp(
  ctx: Omit<AppContext, 'log'>,
  opts: HealthOptions & { logger?: boolean | object },
): Promise<FastifyInstance> {
  const app = Fastify({ logger: withLogRedaction(opts.logger ?? false) });
  installOps(app, ctx, opts);
  app.setNotFoundHandler((_req, reply) => reply.status(404).send({ message: 'Recurso não encontrado.' }));
  await app.ready();
  return app;
}
