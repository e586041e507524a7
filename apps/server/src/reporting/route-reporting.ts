import type { FastifyInstance, FastifyRequest } from 'fastify';
import { reportError, reportMessage } from './error-reporting.ts';
import type { FailureContext } from './reporter.ts';

type ReportUser = NonNullable<FailureContext['user']>;

/** The signed-in user of a request, as a report may name it: its code and level, nothing else. */
const users = new WeakMap<FastifyRequest, ReportUser>();
/** Requests whose failure was already reported with its exception: their 5xx is not reported twice. */
const reported = new WeakSet<FastifyRequest>();

export function rememberReportUser(request: FastifyRequest, actor: ReportUser): void {
  users.set(request, { usu_codigo: actor.usu_codigo, usu_nivel: actor.usu_nivel });
}

/** A route's failure: the route's pattern (its ids and tokens stay out), the request id, the user. */
export function routeFailure(request: FastifyRequest, status: number): FailureContext {
  return {
    where: 'rota',
    name: `${request.method} ${request.routeOptions?.url ?? '(sem rota)'}`,
    requestId: String(request.id),
    status,
    user: users.get(request),
    level: status >= 500 ? 'error' : 'warning',
  };
}

/** An exception that became a 5xx answer (errors.ts). */
export function reportRouteError(request: FastifyRequest, error: unknown, status: number): void {
  reported.add(request);
  reportError(error, routeFailure(request, status));
}

/**
 * Every 5xx is reported: those from an exception by the error handler, with its stack; any other
 * (a route that answered 5xx itself) here, once the answer is sent. 4xx are answers, not errors.
 */
export function installRouteReporting(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode < 500 || reported.has(request)) return;
    reportMessage(
      `HTTP ${reply.statusCode} em ${request.method} ${request.routeOptions?.url ?? '(sem rota)'}`,
      routeFailure(request, reply.statusCode),
    );
  });
}
