// Raises a stored notification from a process of its own, as a worker of another server process
// would (the bulk proofs, when one is ready): `node --import tsx e2e/raise-notification.ts <login>
// <sector> <kind> <reference> <text>` with DATABASE_URL and DATA_DIR of the running product.
// PostgreSQL only: an embedded PGlite belongs to the one server process that opened it.
import { loadConfig } from '../apps/server/src/config.ts';
import { raiseNotification } from '../apps/server/src/modules/notifications/notifications.service.ts';
import { createRuntime } from '../apps/server/src/runtime.ts';

const [login, sector, kind, reference, text] = process.argv.slice(2);
if (!login || !sector || !kind || !text || !process.env.DATABASE_URL) {
  console.error('uso: DATABASE_URL=… node --import tsx e2e/raise-notification.ts <login> <setor> <tipo> <referência|-> <texto>');
  process.exit(2);
}
const runtime = await createRuntime(loadConfig({ ...process.env, SEED_DEMO: 'false', LOG_LEVEL: 'warn' }), {
  startQueue: false,
  startWorkers: false,
  serveWeb: false,
});
try {
  const user = await runtime.ctx.db.selectFrom('usuarios').select('usu_codigo').where('usu_login', '=', login).executeTakeFirstOrThrow();
  await raiseNotification(runtime.ctx, {
    userId: user.usu_codigo,
    sector: Number(sector) as 1 | 2 | 3 | 4,
    kind,
    reference: reference === '-' ? null : (reference ?? null),
    text,
  });
  // The adapter publishes with a NOTIFY of its own pool: give it the moment it takes before closing.
  await new Promise((r) => setTimeout(r, 500));
} finally {
  await runtime.close();
}
