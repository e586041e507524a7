import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { runAudit } from '../modules/backup/audit-run.ts';
import { restoreBackup } from '../modules/backup/restore.ts';

/** npm run restore -- <arquivo> (docs/backups.md): product stopped, empty DATA_DIR (and empty database); ends with the evidence audit. */
try {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  const [file] = positionals;
  if (!file || positionals.length > 1) throw new Error('Uso: npm run restore -- <arquivo>');
  const config = loadConfig();
  const { manifest, migrated } = await restoreBackup({ config, file: path.resolve(file), passphrase: config.backup.passphrase });
  console.log(
    `Restaurado o backup de ${manifest.criadoEm} (versão ${manifest.versao}, ${manifest.partes.length} partes) em ${config.dataDir}` +
      `${config.databaseUrl ? ' e no banco de DATABASE_URL' : ''}.${migrated.length ? ` Migrações aplicadas: ${migrated.join(', ')}.` : ''}`,
  );
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db'), poolSize: 2 });
  try {
    const { summary } = await runAudit(config, database, {}, (line) => console.log(line));
    process.exitCode = summary.quebras > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
