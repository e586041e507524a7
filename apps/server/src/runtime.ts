import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { type Database, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createMailService } from './mail/mail.service.ts';
import { createAuthQueues, startAuthWorkers } from './modules/auth/recovery.worker.ts';
import { createEmailQueues, startEmailWorkers } from './modules/emails/send.worker.ts';
import { evidenceTsa } from './modules/evidence/evidence.service.ts';
import { createEvidenceQueues, startEvidenceWorkers } from './modules/evidence/stamp.worker.ts';
import { type InboundServer, startInboundServer } from './modules/inbound/inbound.server.ts';
import { createRemessaQueues, startRemessaWorkers } from './modules/remessas/remessas.worker.ts';
import { startQueue } from './queue/boss.ts';
import { seedDemo } from './seed/demo.ts';
import { createStorage } from './storage/index.ts';

export interface Runtime {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  /** The inbound SMTP listener, when started (docs/inbound.md). */
  inbound: InboundServer | null;
  close(): Promise<void>;
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
  await migrateToLatest(database.db as never, database.schema);
  if (config.seedDemo) await seedDemo(database.db);
  const boss: PgBoss | null = opts.startQueue === false ? null : await startQueue(database, (err) => console.error('job queue error', err));
  const mail = createMailService({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db });
  const storage = createStorage(config);
  const app = await buildApp({ config, db: database.db, mail, boss, storage }, { logger: opts.logger, serveWeb: opts.serveWeb });
  const ctx: AppContext = { config, db: database.db, mail, boss, storage, log: app.log };
  // The built-in TSA's key and certificate are made on the first start (and reused after).
  await evidenceTsa(config);
  if (boss) await createEmailQueues(boss);
  if (boss) await createEvidenceQueues(boss);
  if (boss) await createAuthQueues(boss);
  if (boss) await createRemessaQueues(boss);
  if (opts.startWorkers !== false) await startEmailWorkers(ctx);
  if (opts.startWorkers !== false) await startEvidenceWorkers(ctx);
  if (opts.startWorkers !== false) await startAuthWorkers(ctx);
  if (opts.startWorkers !== false) await startRemessaWorkers(ctx);
  const inbound = opts.startInbound && config.inboundSmtpPort > 0 ? await startInboundServer(ctx, { port: config.inboundSmtpPort }) : null;
  return {
    app,
    ctx,
    database,
    inbound,
    async close() {
      await inbound?.close();
      await app.close();
      if (boss) await boss.stop({ graceful: true, timeout: 10_000 });
      mail.close();
      if (!opts.database) await database.close();
    },
  };
}
