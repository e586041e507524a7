import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { type Database, openDatabase } from './db/database.ts';
import { type ChannelListener, listenToChannel } from './db/listen.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createMailService } from './mail/mail.service.ts';
import { createAuthQueues, startAuthWorkers } from './modules/auth/recovery.worker.ts';
import { forgetCachedSessions, resetSessionCacheMode, SESSIONS_CHANNEL, setSessionListening } from './modules/auth/session-cache.ts';
import { registerBackupGauges } from './modules/backup/backup.metrics.ts';
import { createBackupQueues, startBackupWorkers } from './modules/backup/backup.worker.ts';
import { startControlSocket } from './modules/backup/control-socket.ts';
import { createCascadeQueues, startCascadeWorkers } from './modules/cascade/cascade.worker.ts';
import { createChannelQueues, startChannelWorkers } from './modules/channels/channel-send.worker.ts';
import { createLetterQueues, startLetterWorkers } from './modules/channels/letter/letter-send.worker.ts';
import { createVoiceQueues, startVoiceWorkers } from './modules/channels/voice/voice-send.worker.ts';
import { keepZenviaSubscribed } from './modules/channels/zenvia-subscriptions.ts';
import { createEmailQueues, startEmailWorkers } from './modules/emails/send.worker.ts';
import { evidenceTsa } from './modules/evidence/evidence.service.ts';
import { createEvidenceQueues, startEvidenceWorkers } from './modules/evidence/stamp.worker.ts';
import type { InboundServer } from './modules/inbound/inbound.server.ts';
import { createWebhookQueues, startWebhookWorkers } from './modules/integrations/webhook-delivery.ts';
import { startNotificationSocket } from './modules/notifications/notifications.socket.ts';
import { createRemessaQueues } from './modules/remessas/remessas.queue.ts';
import { startRemessaWorkers } from './modules/remessas/remessas.worker.ts';
import { createBulkProofQueues, startBulkProofWorkers } from './modules/reports/bulk-proofs.worker.ts';
import { signingIdentity } from './modules/signing/signing-identity.ts';
import { watchQueue } from './ops/gauges.ts';
import { Lifecycle } from './ops/lifecycle.ts';
import { buildOpsApp } from './ops/ops-app.ts';
import { startQueue } from './queue/boss.ts';
import { createRealtime } from './realtime/realtime.ts';
import { seedDemo } from './seed/demo.ts';
import { createStorage } from './storage/index.ts';

export interface Runtime {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  /** The inbound SMTP listener, when started (docs/inbound.md). */
  inbound: InboundServer | null;
  /** ROLE=worker: the operations routes alone (/healthz, /readyz, /metrics), for main.ts to listen on PORT. */
  opsApp: FastifyInstance | null;
  /**
   * Stops the process's work (docs/operations.md, "Graceful stop"): /readyz answers 503 at once and
   * new requests 503, the queue fetches nothing more, what is in flight finishes up to `timeoutMs`
   * (SHUTDOWN_TIMEOUT_SECONDS), then everything is closed, the database last.
   */
  close(opts?: { timeoutMs?: number }): Promise<void>;
}

/** Opens the database, migrates, seeds, starts the queue and builds the app — ready to listen. */
export async function createRuntime(
  config: Config,
  opts: {
    database?: Database;
    logger?: boolean | object;
    startQueue?: boolean;
    startWorkers?: boolean;
    serveWeb?: boolean;
    /** Listen for inbound SMTP on INBOUND_SMTP_PORT (0: never). Off unless asked: tests start their own. */
    startInbound?: boolean;
  } = {},
): Promise<Runtime> {
  const database = opts.database ?? (await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') }));
  // Several processes may start together on one PostgreSQL: the migrator holds an advisory lock
  // (Kysely's PostgreSQL adapter), so the migrations run once and the others wait (docs/scale.md).
  await migrateToLatest(database.db as never, database.schema);
  // On PostgreSQL other processes may change a session: this one caches sessions only while it
  // hears their notifications (modules/auth/session-cache.ts).
  let sessionsListener: ChannelListener | null = null;
  if (database.kind === 'postgres' && database.connectionString) {
    setSessionListening(false);
    sessionsListener = listenToChannel(database.connectionString, SESSIONS_CHANNEL, {
      onMessage: forgetCachedSessions,
      onState: setSessionListening,
      onError: (error) => console.warn(`session notifications: ${error.message}`),
    });
  }
  if (config.seedDemo) await seedDemo(database.db);
  // The server's log once the app exists; until then (and for errors at start) the console.
  let log: FastifyBaseLogger | null = null;
  const boss: PgBoss | null =
    opts.startQueue === false
      ? null
      : await startQueue(database, (err) => (log ? log.error({ err }, 'fila de tarefas') : console.error('job queue error', err)));
  const mail = createMailService({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db });
  const storage = await createStorage(config);
  const realtime = await createRealtime(database, {
    onError: (err, what) => (log ? log.warn({ err }, `realtime: ${what}`) : console.warn(`realtime: ${what}: ${err.message}`)),
  });
  const lifecycle = new Lifecycle();
  const app = await buildApp(
    { config, db: database.db, mail, boss, storage, realtime, lifecycle },
    { logger: opts.logger, serveWeb: opts.serveWeb, schema: database.schema },
  );
  log = app.log;
  const ctx: AppContext = { config, db: database.db, mail, boss, storage, realtime, log: app.log, lifecycle };
  // ar_queue_jobs reads this process's queue at each scrape (ops/gauges.ts).
  const unwatchQueue = watchQueue(boss ? () => boss.getQueues() : null);
  registerBackupGauges(ctx.db);
  const opsApp = config.role === 'worker' ? await buildOpsApp(ctx, { lifecycle, schema: database.schema, logger: opts.logger }) : null;
  // The socket (docs/realtime.md) on the API's own HTTP server, at /v2/socket.io.
  realtime.attach(app.server);
  const stopSocket = startNotificationSocket(ctx);
  // The built-in TSA's key and certificate are made on the first start (and reused after).
  await evidenceTsa(config);
  // So is the PDF signing certificate (docs/signatures.md), or SIGNING_P12 is read and checked.
  await signingIdentity(config);
  if (boss) await createEmailQueues(boss);
  if (boss) await createChannelQueues(boss);
  if (boss) await createLetterQueues(boss);
  if (boss) await createVoiceQueues(ctx);
  if (boss) await createCascadeQueues(boss);
  if (boss) await createEvidenceQueues(boss);
  if (boss) await createAuthQueues(boss);
  if (boss) await createRemessaQueues(boss);
  if (boss) await createBulkProofQueues(boss);
  if (boss) await createWebhookQueues(boss);
  if (boss) await createBackupQueues(boss);
  // ROLE (docs/scale.md): a web process queues work and leaves it to the worker processes.
  const workers = opts.startWorkers !== false && config.role !== 'web';
  if (workers) await startEmailWorkers(ctx);
  if (workers) await startChannelWorkers(ctx);
  if (workers) await startLetterWorkers(ctx);
  if (workers) await startVoiceWorkers(ctx);
  if (workers) await startCascadeWorkers(ctx);
  if (workers) await startEvidenceWorkers(ctx);
  if (workers) await startAuthWorkers(ctx);
  // A slice's messages are built while the previous slice is in the database: by the worker where
  // the database runs beside the server (PostgreSQL), by a thread of their own where it runs in
  // the server's thread (PGlite).
  const remessaWorkers = workers
    ? await startRemessaWorkers(ctx, { readAhead: database.kind === 'postgres', buildThread: database.kind === 'pglite' })
    : null;
  if (workers) await startBulkProofWorkers(ctx);
  if (workers) await startWebhookWorkers(ctx);
  if (workers) await startBackupWorkers(ctx, database);
  // `npm run backup` asks this process for the embedded database's snapshot (docs/backups.md).
  const stopControl =
    database.dumpTo && !opts.database
      ? await startControlSocket(
          config.dataDir,
          async (file) => ({ migracoes: await (database.dumpTo as NonNullable<Database['dumpTo']>)(file) }),
          app.log,
        ).catch((err: Error) => {
          app.log.warn({ err }, 'canal local do backup indisponível: `npm run backup` só com o servidor parado');
          return null;
        })
      : null;
  // smtp-server and its parser are imported only when the listener starts (docs/performance.md, server memory).
  const inbound =
    opts.startInbound && config.inboundSmtpPort > 0 && config.role !== 'worker'
      ? await (await import('./modules/inbound/inbound.server.ts')).startInboundServer(ctx, { port: config.inboundSmtpPort })
      : null;
  // Zenvia's subscriptions (docs/zenvia.md): checked in the background by a process that serves
  // HTTP (its webhooks are there); a failure is logged and retried, never stops the start.
  const stopZenvia = config.role !== 'worker' ? keepZenviaSubscribed(ctx) : () => {};
  return {
    app,
    ctx,
    database,
    inbound,
    opsApp,
    async close(closeOpts = {}) {
      const deadline = Date.now() + (closeOpts.timeoutMs ?? config.shutdownTimeoutSeconds * 1000);
      lifecycle.startDraining();
      stopZenvia();
      await stopControl?.();
      await inbound?.close();
      // While requests and jobs finish, the listener stays open: /readyz says 503, a new request gets 503.
      await Promise.all([
        untilDeadline(lifecycle.requestsDone(), deadline),
        // pg-boss fetches nothing more and waits for its handlers; at the deadline it fails the
        // jobs still held, which are retried after the next start (send.worker.ts gives back, at
        // once, those not yet at their SMTP transaction).
        boss?.stop({ graceful: true, timeout: Math.max(1000, deadline - Date.now()) }),
      ]);
      unwatchQueue();
      stopSocket();
      await realtime.close();
      await app.close();
      await opsApp?.close();
      await remessaWorkers?.close();
      mail.close();
      if (sessionsListener) {
        await sessionsListener.close();
        resetSessionCacheMode();
      }
      if (!opts.database) await database.close();
    },
  };
}

/** Resolves when `work` does or at `deadline`, whichever comes first. */
function untilDeadline(work: Promise<void>, deadline: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
