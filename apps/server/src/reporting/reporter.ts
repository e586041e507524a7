/**
 * Where a failure happened, as its report names it (docs/error-reporting.md): a route (its pattern,
 * never the URL with its ids and tokens), a queue's job, the inbound SMTP server, the start-up or
 * the process. The user is its code and level only: never its e-mail, name or token.
 */
export interface FailureContext {
  where: 'rota' | 'fila' | 'smtp-entrada' | 'partida' | 'processo';
  /** 'GET /v2/emails/send/:id', the queue's name, the SMTP phase... */
  name: string;
  /** The request id every log line of the request carries (genReqId). */
  requestId?: string;
  /** The job(s) of a queue's failure (pg-boss ids). */
  jobId?: string;
  /** The HTTP status answered, for a route. */
  status?: number;
  user?: { usu_codigo: number; usu_nivel: number };
  /** Small facts that help (a job's id, its try): scrubbed before they leave. */
  extra?: Record<string, string | number | boolean | null | undefined>;
  level?: 'error' | 'warning' | 'fatal';
}

/** What sends the reports; the Sentry one is loaded only when SENTRY_DSN is set (sentry-node.ts). */
export interface ErrorReporter {
  capture(error: unknown, context: FailureContext): void;
  /** A failure without an exception (a 5xx a route answered itself). */
  message(text: string, context: FailureContext): void;
  flush(timeoutMs: number): Promise<boolean>;
  close(timeoutMs: number): Promise<boolean>;
}
