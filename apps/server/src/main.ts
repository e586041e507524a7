// First: the heap's growth limit must hold before the modules below load (heap.ts).
import './heap.ts';
import { ConfigError, loadConfig, startProblems } from './config.ts';
import { SigningConfigError, signingIdentity } from './modules/signing/signing-identity.ts';
import { flushErrorReports, reportError, startErrorReporting } from './reporting/error-reporting.ts';
import { createRuntime } from './runtime.ts';
import { seedDemoHistory } from './seed/history.ts';
import { mountedSimulators } from './simulators/index.ts';

/** Seconds since this process started (Node's own clock, module loading included), for the ready line of the log. */
const secondsSinceStart = () => Math.round(process.uptime() * 100) / 100;

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
  const problem = startProblems(config);
  if (problem) throw new ConfigError(problem);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
// The signing certificate (SIGNING_P12, or the installation's own, made now on the first start): a
// wrong password or a certificate that cannot sign stops the start, named, like a bad variable.
try {
  await signingIdentity(config);
} catch (error) {
  if (error instanceof SigningConfigError) {
    console.error(`Configuração inválida:\n  ${error.message}`);
    process.exit(1);
  }
  throw error;
}

// SENTRY_DSN (docs/error-reporting.md): from here on, a failure of the start-up, a route, a job or
// the inbound SMTP server is reported. Without it the SDK is not even loaded.
await startErrorReporting(config);

/** A failure nothing else caught: reported, flushed, then the process ends as Node would end it. */
async function fatal(error: unknown, where: 'partida' | 'processo', name: string): Promise<never> {
  console.error(error);
  reportError(error, { where, name, level: 'fatal' });
  await flushErrorReports(2000);
  process.exit(1);
}
process.on('uncaughtException', (error, origin) => void fatal(error, 'processo', origin));

const runtime = await createRuntime(config, {
  logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
  startInbound: true,
}).catch((error: unknown) => fatal(error, 'partida', 'createRuntime'));
const { app } = runtime;
if (config.role === 'worker') {
  // ROLE=worker: the queue's workers; of HTTP only /healthz, /readyz and /metrics on PORT, for the
  // container's health check and the scraper (docs/operations.md). The API is another process's (docs/scale.md).
  await runtime.opsApp?.listen({ port: config.port, host: config.host }).catch((error: unknown) => fatal(error, 'partida', 'listen'));
  app.log.info(
    { database: runtime.database.kind, role: config.role, readySeconds: secondsSinceStart() },
    `AR Online: processo de filas pronto em ${secondsSinceStart()} s`,
  );
} else {
  await app.listen({ port: config.port, host: config.host }).catch((error: unknown) => fatal(error, 'partida', 'listen'));
  app.log.info(
    {
      publicUrl: config.publicUrl,
      database: runtime.database.kind,
      mail: runtime.ctx.mail.mode,
      role: config.role,
      readySeconds: secondsSinceStart(),
    },
    `AR Online pronto em ${config.publicUrl} (${secondsSinceStart()} s desde o início do processo)`,
  );
  // The simulators are demo-only (docs/simulators.md): say so whenever they are on.
  const simulators = mountedSimulators(config);
  if (simulators.length)
    app.log.warn(
      { simulators },
      `Simuladores ligados (modo de demonstração; evidências marcadas como simuladas): ${simulators.join(', ')} em ${config.publicUrl}/dev`,
    );
  // The demo history is made after listen, by the product's own services: it never delays readiness.
  seedDemoHistory(runtime.ctx).then(
    (made) => made && app.log.info('Histórico de demonstração criado para as contas demo (docs/demo.md)'),
    (err) => {
      app.log.warn({ err }, 'histórico de demonstração não criado');
      reportError(err, { where: 'partida', name: 'seedDemoHistory', level: 'warning' });
    },
  );
}
// Under `npm run start:cluster` the supervisor waits for this before starting the next process.
process.send?.({ ar: 'ready' });

let closing = false;
/**
 * SIGTERM/SIGINT (docs/operations.md, "Graceful stop"): the drain (runtime.close) gets
 * SHUTDOWN_TIMEOUT_SECONDS for what is in flight, then closes the database; exit 0. Should closing
 * itself hang, the process ends 5 s after that, with 1.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  const timeoutMs = config.shutdownTimeoutSeconds * 1000;
  app.log.info({ signal, timeoutSeconds: config.shutdownTimeoutSeconds }, 'encerrando: terminando o que está em andamento');
  const timer = setTimeout(() => {
    app.log.error('encerramento não terminou no prazo; saindo assim mesmo');
    process.exit(1);
  }, timeoutMs + 5_000);
  timer.unref();
  try {
    await runtime.close({ timeoutMs });
    app.log.info('encerrado');
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'falha ao encerrar');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
