import { MSG } from '@ar/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { rememberReportUser } from '../reporting/route-reporting.ts';
import { AppError, firstZodMessage } from './errors.ts';
import { idempotencyKeyOf, idempotent } from './idempotency.ts';
import { registerOperation } from './openapi.ts';

/** What http/ itself reads of a signed-in actor: its code and level (reports, idempotency keys), and whether it must change its password. */
export interface SignedIn {
  usu_codigo: number;
  usu_nivel: number;
  usu_secure: boolean;
}

/**
 * Who a signed-in route acts as, and what it may reach. http/ names no feature: the feature that
 * signs users in fills this in by declaration merging (modules/auth/route-identity.ts: `actor`, the
 * Actor; `scope`, the TenantScope), and the composition root (app.ts) hands defineRoute its
 * functions with installRouteIdentity.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging (modules/auth/route-identity.ts)
export interface RouteIdentity {}
type Actor = RouteIdentity extends { actor: infer A extends SignedIn } ? A : SignedIn;
type TenantScope = RouteIdentity extends { scope: infer S } ? S : unknown;

/** How a request's actor is found (401/403 thrown) and what it may reach: given by the composition root. */
export interface RouteIdentityProvider {
  authenticate(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<Actor>;
  scopeOf(actor: Actor): TenantScope;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeIdentity?: RouteIdentityProvider;
  }
}

/** Gives every route declared on `app` (and its plugins) afterwards its authentication and its tenant scope (app.ts). */
export function installRouteIdentity(app: FastifyInstance, identity: RouteIdentityProvider): void {
  app.decorate('routeIdentity', identity);
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Schema = z.ZodType | undefined;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler may answer: its contract's input (the schema may transform it), or the reply it sent itself (files). */
type Answer<R> = R extends z.ZodType ? z.input<R> | FastifyReply | undefined : unknown;

interface RouteSpec<B extends Schema, Q extends Schema, P extends Schema, R extends Schema, A extends boolean> {
  method: Method;
  url: string;
  summary: string;
  /** The OpenAPI operation's longer text: what the summary leaves out (its other answers, a cookie it sets). */
  description?: string;
  tag: string;
  /** The name generated clients give this call (packages/sdk); derived from the method and path when absent (http/openapi-operation-id.ts). */
  operationId?: string;
  /** false: public. Otherwise a signed-in, released user is required. */
  auth: A;
  /**
   * A creating POST an integrator retries: honours `Idempotency-Key` (idempotency.ts,
   * docs/integrations.md). Needs auth (the key is per user).
   */
  idempotent?: boolean;
  /**
   * Reachable by a session that must still change its password (login answered secure: false):
   * only the password change and the session calls. Every other route answers 403 until then.
   */
  allowBeforePasswordChange?: boolean;
  body?: B;
  query?: Q;
  params?: P;
  bodyLimit?: number;
  /**
   * The success answer's contract (zod, from packages/core). It types what the handler returns,
   * documents the answer in OpenAPI and, with CHECK_RESPONSES (tests, development), every answer is
   * parsed by it: a mismatch is a 500 with the zod issues in the log, never a silently wrong body.
   */
  response?: R;
  /** A multipart/form-data upload the handler reads itself: its file field, for the OpenAPI document. */
  upload?: { field: string; multiple: boolean };
  handler: (input: {
    body: Out<B>;
    query: Out<Q>;
    params: Out<P>;
    actor: A extends true ? Actor : null;
    /** What the signed-in actor may reach: the first argument of every tenant query (docs/architecture.md). */
    scope: A extends true ? TenantScope : null;
    request: FastifyRequest;
    reply: FastifyReply;
  }) => Promise<Answer<R>>;
}

function parse<S extends Schema>(schema: S, value: unknown, notFoundOnFail = false): Out<S> {
  if (!schema) return undefined as unknown as Out<S>;
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    if (notFoundOnFail) throw new AppError(404, 'Registro não encontrado.');
    throw new AppError(400, firstZodMessage(result.error));
  }
  return result.data as Out<S>;
}

/**
 * Declares one API route: authentication, validation by the zod contract from packages/core
 * (a bad path id answers 404, a bad body or query 400 with a Portuguese message), and its
 * entry in the OpenAPI document. Handlers stay thin: call a service, present the result.
 */
export function defineRoute<B extends Schema, Q extends Schema, P extends Schema, R extends Schema, A extends boolean>(
  app: FastifyInstance,
  ctx: AppContext,
  spec: RouteSpec<B, Q, P, R, A>,
): void {
  const identity = app.routeIdentity;
  if (spec.auth && !identity) throw new Error(`${spec.method} ${spec.url}: a signed-in route needs installRouteIdentity (app.ts) first`);
  registerOperation(ctx, spec);
  app.route({
    method: spec.method,
    url: spec.url,
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    handler: async (request, reply) => {
      const actor = spec.auth && identity ? await identity.authenticate(ctx, request, reply) : null;
      if (actor) rememberReportUser(request, actor);
      if (actor && !actor.usu_secure && !spec.allowBeforePasswordChange) throw new AppError(403, MSG.mustChangePassword);
      const params = parse(spec.params as P, request.params, true);
      const query = parse(spec.query as Q, request.query);
      const body = parse(spec.body as B, request.body);
      const run = () =>
        spec.handler({
          body,
          query,
          params,
          actor: actor as A extends true ? Actor : null,
          scope: (actor && identity ? identity.scopeOf(actor) : null) as A extends true ? TenantScope : null,
          request,
          reply,
        });
      const key = spec.idempotent && actor ? idempotencyKeyOf(request) : null;
      const result = actor && key ? await idempotent(ctx.db, actor, key, request, reply, run) : await run();
      if (reply.sent) return reply;
      if (result === undefined) return reply.status(204).send();
      if (spec.response && ctx.config.checkResponses) checkResponse(spec, result);
      return result;
    },
  });
}

/** CHECK_RESPONSES: the answer must match the route's response contract (a mismatch is our bug: 500, reason logged). */
function checkResponse(spec: { method: string; url: string; response?: z.ZodType }, result: unknown): void {
  const checked = spec.response?.safeParse(result);
  if (checked && !checked.success) {
    const issues = checked.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(raiz)'}: ${i.message}`);
    throw new Error(`Resposta fora do contrato em ${spec.method} ${spec.url}: ${issues.join('; ')}`);
  }
}
