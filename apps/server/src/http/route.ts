import { MSG } from '@ar/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Actor } from '../modules/auth/actor.ts';
import { authenticate } from '../modules/auth/authenticate.ts';
import { AppError, firstZodMessage } from './errors.ts';
import { registerOperation } from './openapi.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Schema = z.ZodType | undefined;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

interface RouteSpec<B extends Schema, Q extends Schema, P extends Schema, A extends boolean> {
  method: Method;
  url: string;
  summary: string;
  tag: string;
  /** false: public. Otherwise a signed-in, released user is required. */
  auth: A;
  /**
   * Reachable by a session that must still change its password (login answered secure: false):
   * only the password change and the session calls. Every other route answers 403 until then.
   */
  allowBeforePasswordChange?: boolean;
  body?: B;
  query?: Q;
  params?: P;
  bodyLimit?: number;
  handler: (input: {
    body: Out<B>;
    query: Out<Q>;
    params: Out<P>;
    actor: A extends true ? Actor : null;
    request: FastifyRequest;
    reply: FastifyReply;
  }) => Promise<unknown>;
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
export function defineRoute<B extends Schema, Q extends Schema, P extends Schema, A extends boolean>(
  app: FastifyInstance,
  ctx: AppContext,
  spec: RouteSpec<B, Q, P, A>,
): void {
  registerOperation(spec);
  app.route({
    method: spec.method,
    url: spec.url,
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    handler: async (request, reply) => {
      const actor = spec.auth ? await authenticate(ctx, request) : null;
      if (actor && !actor.usu_secure && !spec.allowBeforePasswordChange) throw new AppError(403, MSG.mustChangePassword);
      const params = parse(spec.params as P, request.params, true);
      const query = parse(spec.query as Q, request.query);
      const body = parse(spec.body as B, request.body);
      const result = await spec.handler({
        body,
        query,
        params,
        actor: actor as A extends true ? Actor : null,
        request,
        reply,
      });
      if (reply.sent) return reply;
      return result === undefined ? reply.status(204).send() : result;
    },
  });
}
