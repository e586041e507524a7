import path from 'node:path';
import type { Config } from '../config.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { controlSocketPath, serverRunning } from '../modules/backup/control-socket.ts';

/**
 * The database a command (verify-evidence) opens: PostgreSQL alongside a running product, or the
 * embedded folder when no server holds it (PGlite lives inside one process). Answers null, having
 * said why, when a server runs on the embedded folder.
 */
export async function openCliDatabase(config: Config): Promise<Database | null> {
  if (config.databaseUrl) return openDatabase({ url: config.databaseUrl, poolSize: 2 });
  if (await serverRunning(config.dataDir)) {
    console.error(
      `O servidor está em execução sobre ${config.dataDir} (${controlSocketPath(config.dataDir)}) e mantém o banco embarcado aberto: ` +
        'pare-o para rodar este comando, ou veja o resultado da auditoria noturna em Administração › Backups.',
    );
    return null;
  }
  return openDatabase({ pgliteDir: path.join(config.dataDir, 'db') });
}
