import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { PgBoss } from 'pg-boss';
import type { Config } from './config.ts';
import type { DB } from './db/schema.ts';
import type { MailService } from './mail/mail.service.ts';
import type { Lifecycle } from './ops/lifecycle.ts';
import type { Realtime } from './realtime/realtime.ts';
import type { FileStorage } from './storage/index.ts';

/** What every module receives: configuration and the real components. */
export interface AppContext {
  config: Config;
  db: Kysely<DB>;
  mail: MailService;
  storage: FileStorage;
  boss: PgBoss | null;
  /** The socket.io server (docs/realtime.md): push to a user's sockets on every process; a no-one emit when nobody is connected. */
  realtime: Realtime;
  log: FastifyBaseLogger;
  /** The process's drain on SIGTERM (ops/lifecycle.ts); absent where nothing drains (a script, a test's own context). */
  lifecycle?: Lifecycle;
}
