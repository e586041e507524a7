import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { answerClusterScrapes, clusterMetrics, isClusterWorker } from './cluster-metrics.ts';
import { httpRequestDuration, registry, UNMATCHED_ROUTE } from './metrics.ts';

/** Constant-time comparison of a presented bearer token with METRICS_TOKEN (both hashed first: equal lengths). */
export function sameToken(presented: string, expected: string): boolean {
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * The route label of a request: its route's template (`/v2/emails/:id`, never the id), the built
 * web's files as one, and every request no route matched (the SPA's fallback, a 404) as one.
 */
export function routeLabel(url: string | undefined): string {
  if (!url) return UNMATCHED_ROUTE;
  if (url.startsWith('/assets/')) return '/assets/*';
  return url;
}

/**
 * GET /metrics (docs/operations.md, "Metrics"): Prometheus's text format, only with METRICS_TOKEN
 * set and then only for `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise); without
 * METRICS_TOKEN, 404 as for any unknown path (the route still exists so that the SPA's fallback never
 * answers it). Every request's duration is observed by method, route template and status.
 */
export function metricsRoutes(app: FastifyInstance, token: string | undefined): void {
  answerClusterScrapes();
  app.addHook('onResponse', async (request, reply) => {
    httpRequestDuration.observe(
      { method: request.method, route: routeLabel(request.routeOptions?.url), status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', async (request, reply) => {
    if (!token) return reply.status(404).send({ message: 'Recurso não encontrado.' });
    const header = request.headers.authorization ?? '';
    const presented = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!presented || !sameToken(presented, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      return reply.status(401).send({ message: 'Token de métricas ausente ou inválido.' });
    }
    reply.header('cache-control', 'no-store').type(registry.contentType);
    // Under `npm run start:cluster` the port is shared: any process answers with the sum of all.
    return isClusterWorker() ? clusterMetrics() : registry.metrics();
  });
}
