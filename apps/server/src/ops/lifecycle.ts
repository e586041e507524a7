import type { FastifyInstance } from 'fastify';

/** The operations routes: they answer while the process drains (a load balancer and Prometheus read them). */
export const OPS_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** Thrown where work that has not started yet is left for after the next start (a send slot, a stamp). */
export class DrainingError extends Error {
  constructor() {
    super('processo em encerramento: a tarefa volta para a fila e é feita depois da próxima partida');
  }
}

/**
 * A process's stop (docs/operations.md, "Graceful stop"). On SIGTERM it drains: /readyz answers 503
 * at once, a new request gets 503 (the load balancer sends it elsewhere), the queue's workers fetch
 * nothing more and a job not yet at its provider call is given back; what is in flight (a request,
 * an SMTP transaction, a provider call, a stamp) finishes, up to SHUTDOWN_TIMEOUT_SECONDS.
 */
export class Lifecycle {
  #draining = false;
  #inFlight = 0;
  #idle: (() => void)[] = [];

  get draining(): boolean {
    return this.#draining;
  }

  startDraining(): void {
    this.#draining = true;
  }

  /** Throws DrainingError once draining: for work about to start. */
  assertRunning(): void {
    if (this.#draining) throw new DrainingError();
  }

  /** Resolves once no request is in flight. */
  requestsDone(): Promise<void> {
    if (this.#inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  /** Counts the app's requests in flight and refuses new ones (503) while draining. */
  install(app: FastifyInstance): void {
    app.addHook('onRequest', async (request, reply) => {
      if (this.#draining && !OPS_PATHS.has(request.url.split('?')[0] ?? '')) {
        reply.header('connection', 'close').header('retry-after', '5');
        return reply.status(503).send({ message: 'O servidor está sendo reiniciado. Tente novamente em instantes.' });
      }
      this.#inFlight++;
      let done = false;
      // 'finish' when the answer is sent, 'close' when the client went away first (or after finish).
      const leave = () => {
        if (done) return;
        done = true;
        this.#inFlight--;
        if (this.#inFlight === 0) for (const resolve of this.#idle.splice(0)) resolve();
      };
      reply.raw.once('finish', leave);
      reply.raw.once('close', leave);
    });
  }
}
