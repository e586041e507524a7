import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';
import { fastifyTrustProxy } from './http/client-address.ts';
import { installErrorHandling } from './http/errors.ts';
import { installInputGuard } from './http/input-guard.ts';
import { withLogRedaction } from './http/log-redaction.ts';
import { installRouteIdentity } from './http/route.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { routeIdentity } from './modules/auth/route-identity.ts';
import { apiModules } from './modules/index.ts';
import { Lifecycle } from './ops/lifecycle.ts';
import { installOps } from './ops/ops-app.ts';
import { installRouteReporting } from './reporting/route-reporting.ts';
import { mountSimulators } from './simulators/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
// AR_WEB_DIST serves another build of the web app (parallel test runs build to their own folder).
export const WEB_DIST = process.env.AR_WEB_DIST ? path.resolve(process.env.AR_WEB_DIST) : path.resolve(here, '../../web/dist');

export interface RouteEntry {
  method: string;
  url: string;
}

const routeTables = new WeakMap<FastifyInstance, RouteEntry[]>();

/** Every route the app registered (method and URL as declared), for the fuzz walk and the anonymous sweep over the API. */
export function routesOf(app: FastifyInstance): RouteEntry[] {
  return routeTables.get(app) ?? [];
}

export interface BuildOptions {
  logger?: boolean | object;
  /** Serve the built SPA (off in API tests). */
  serveWeb?: boolean;
  /** The PostgreSQL schema of the product's tables, for /readyz's migration check (tests isolate files in one). */
  schema?: string;
}

/** The HTTP application: API under /v2, the embedded demo mode's simulators (src/simulators/), and the SPA with history fallback. */
export async function buildApp(ctx: Omit<AppContext, 'log'>, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // The security answer of a public page's URL never reaches the log (docs/security-answer.md).
    logger: withLogRedaction(opts.logger ?? false),
    // TRUST_PROXY (docs/security.md): unset, X-Forwarded-For is ignored and the address is the socket's.
    trustProxy: fastifyTrustProxy(ctx.config.trustProxy),
    bodyLimit: 15 * 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
  });
  const full: AppContext = { ...ctx, log: app.log };
  const routes: RouteEntry[] = [];
  routeTables.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
  // /healthz, /readyz, /metrics and the drain's gate (docs/operations.md): first, so that they see every request.
  installOps(app, ctx, { lifecycle: ctx.lifecycle ?? new Lifecycle(), schema: opts.schema });
  installErrorHandling(app);
  installRouteReporting(app);
  // Before any route: their hooks must see every route registered after them (docs/security.md);
  // the headers first, so that the guard's 400s carry them too.
  await registerSecurityHeaders(app, ctx.config);
  installInputGuard(app);
  await app.register(fastifyMultipart, { limits: { files: 20, fileSize: 64 * 1024 * 1024, fields: 20 } });

  // defineRoute's sign-in and tenant scope: the auth and tenancy features', handed to http/ from here.
  installRouteIdentity(app, routeIdentity);
  await app.register(
    async (api) => {
      for (const register of apiModules) register(api, full);
      api.setNotFoundHandler((_req, reply) => reply.status(404).send({ message: 'Recurso não encontrado.' }));
    },
    { prefix: '/v2' },
  );

  // The embedded demo mode's simulators and local mailbox, under /dev (src/simulators/).
  mountSimulators(app, full);

  const index = path.join(WEB_DIST, 'index.html');
  if (opts.serveWeb !== false && fs.existsSync(index)) {
    await app.register(fastifyStatic, { root: WEB_DIST, wildcard: false, index: false });
    const html = fs.readFileSync(index, 'utf8');
    app.get('/', (_req, reply) => reply.type('text/html; charset=utf-8').send(html));
    app.setNotFoundHandler((request, reply) => {
      if (request.method === 'GET' && !path.extname(request.url.split('?')[0] ?? '')) {
        return reply.type('text/html; charset=utf-8').send(html);
      }
      return reply.status(404).send({ message: 'Recurso não encontrado.' });
    });
  }
  return app;
}
