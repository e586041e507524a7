import { MSG } from '@ar/core';
import type { FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { reportRouteError } from '../reporting/route-reporting.ts';

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
/**
 * What needs the job queue (a send, a batch file, a bulk proof) in a process started without one:
 * 503, the request changed nothing and may be tried again (every process of an installation has
 * its queue, docs/scale.md; a process without it is a test's or a misconfiguration's).
 */
export const queueUnavailable = () => new AppError(503, MSG.queueUnavailable);

export function firstZodMessage(error: ZodError): string {
  // Our contracts carry the spec's texts; anything else speaks the pt-BR zod locale (core sets it).
  return error.issues[0]?.message ?? MSG.invalidRequest;
}

/**
 * PostgreSQL's answers to a value it cannot take (SQLSTATE): invalid text representation (22P02),
 * numeric out of range (22003), string too long (22001), invalid byte sequence (22021), NUL in
 * text (22P05), bad or overflowing date (22007, 22008), value too large to index (54000). The
 * contracts and the input guard refuse such input first; these are the last line of defence, so a
 * check someone forgot is a 400, not a 500 (the statement failed, so nothing was written).
 */
const DB_INPUT_ERRORS = new Set(['22P02', '22003', '22001', '22021', '22P05', '22007', '22008', '54000']);

export const INVALID_JSON = 'O conteúdo enviado não é um JSON válido.';

/**
 * One place where failures become answers: user errors keep their message, anything unexpected
 * is logged with the request id, reported (docs/error-reporting.md) and answered 'Erro Interno' —
 * never a stack trace.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    // Every answer here is { message } in JSON, whatever a route had set for the file it meant to
    // send (a CSV or xlsx type, its name): under a file's type Fastify refuses the object
    // (FST_ERR_REP_INVALID_PAYLOAD_TYPE) and a raw 500 went out instead.
    reply.removeHeader('content-disposition');
    reply.removeHeader('filename');
    reply.type('application/json; charset=utf-8');
    if (error instanceof AppError) {
      // A 5xx the product chose (the queue unavailable) still says something is wrong with it.
      if (error.statusCode >= 500) reportRouteError(request, error, error.statusCode);
      return reply.status(error.statusCode).send({ message: error.message, ...error.extra });
    }
    if (error instanceof ZodError) {
      return reply.status(400).send({ message: firstZodMessage(error) });
    }
    const err = error as { statusCode?: number; code?: string; message?: string };
    if (err.statusCode === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ message: 'O conteúdo enviado excede o tamanho permitido.' });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError) {
      request.log.info({ err: error }, 'malformed JSON');
      return reply.status(400).send({ message: INVALID_JSON });
    }
    if (typeof err.code === 'string' && DB_INPUT_ERRORS.has(err.code) && !err.statusCode) {
      request.log.warn({ err: error, reqId: request.id }, 'input refused by the database');
      return reply.status(400).send({ message: MSG.invalidRequest });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type...).
      request.log.info({ err: error }, 'client error');
      return reply.status(err.statusCode).send({ message: MSG.invalidRequest });
    }
    request.log.error({ err: error, reqId: request.id }, 'unexpected failure');
    reportRouteError(request, error, 500);
    return reply.status(500).send({ message: MSG.internalError, requestId: request.id });
  });
}
