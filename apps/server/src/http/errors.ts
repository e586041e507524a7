import { MSG } from '@ar/core';
import type { FastifyInstance } from 'fastify';
import { ZodError } from 'zod';

/** An error whose message is meant for the user (Portuguese) with its HTTP status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (message: string = MSG.notFound) => new AppError(404, message);
export const badRequest = (message: string) => new AppError(400, message);

export function firstZodMessage(error: ZodError): string {
  // Our contracts carry the spec's texts; anything else speaks the pt-BR zod locale (core sets it).
  return error.issues[0]?.message ?? MSG.invalidRequest;
}

/**
 * One place where failures become answers: user errors keep their message, anything unexpected
 * is logged with the request id and answered 'Erro Interno' — never a stack trace.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ message: error.message, ...error.extra });
    }
    if (error instanceof ZodError) {
      return reply.status(400).send({ message: firstZodMessage(error) });
    }
    const err = error as { statusCode?: number; code?: string; message?: string };
    if (err.statusCode === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ message: 'O conteúdo enviado excede o tamanho permitido.' });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type...).
      request.log.info({ err: error }, 'client error');
      return reply.status(err.statusCode).send({ message: MSG.invalidRequest });
    }
    request.log.error({ err: error, reqId: request.id }, 'unexpected failure');
    return reply.status(500).send({ message: MSG.internalError, requestId: request.id });
  });
}
