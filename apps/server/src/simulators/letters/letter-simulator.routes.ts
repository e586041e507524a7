import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { LetterSimulator } from './letter-simulator.ts';

/**
 * The letter provider's simulator, mounted at /dev/letters while LETTER_PROVIDER=simulator
 * (docs/letters.md): the HTTP adapter speaks to it as to any provider. A letter it accepts moves
 * one tracking step every SIMULATOR_DELAY_MS (a timer of this process), each step's callback
 * posted signed to the product; a callback the product does not take is tried again a few times.
 */
export function letterSimulatorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const sim = new LetterSimulator({ apiKey: ctx.config.letter.apiKey, webhookSecret: ctx.config.letter.webhookSecret });
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  const delay = Math.max(50, ctx.config.simulatorDelayMs);
  const later = (ms: number, task: () => Promise<void>) => {
    if (closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!closed) task().catch((err) => ctx.log.warn({ err }, 'simulador de cartas: falha ao avançar uma carta'));
    }, ms);
    timers.add(timer);
  };
  const walk = (id: string, failures = 0) =>
    later(delay, async () => {
      try {
        if ((await sim.step(id)) !== null) walk(id);
      } catch (err) {
        // The product may be restarting: the same step again later (step() keeps it), up to 6 times.
        if (failures >= 5) throw err;
        ctx.log.warn({ err: (err as Error).message }, 'simulador de cartas: callback recusado, nova tentativa');
        retry(id, failures + 1);
      }
    });
  const retry = (id: string, failures: number) =>
    later(delay * 2 ** failures, async () => {
      if ((await sim.resend(id)) && !closed) walk(id, failures);
    });

  app.register(async (scope) => {
    scope.addHook('onClose', async () => {
      closed = true;
      for (const t of timers) clearTimeout(t);
    });
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 15 * 1024 * 1024 }, (_req, body, done) => done(null, body));
    const handle = async (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
      const headers: Record<string, string | undefined> = {};
      for (const [k, v] of Object.entries(request.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : v;
      const path = (request.url.split('?')[0] ?? '').replace(/^\/dev\/letters/, '');
      const answer = sim.handle({
        method: request.method,
        path,
        headers,
        body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      });
      if (request.method === 'POST' && answer.status === 201) walk((answer.body as { id: string }).id);
      return reply.status(answer.status).send(answer.body);
    };
    scope.post('/dev/letters/letters', handle);
    scope.get('/dev/letters/letters/:id', handle);
  });
}
