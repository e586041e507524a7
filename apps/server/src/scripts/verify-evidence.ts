import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { auditFilter, runAudit } from '../modules/backup/audit-run.ts';
import { openCliDatabase } from './cli-database.ts';

/** npm run verify-evidence [-- --since AAAA-MM-DD] [-- --message <uuid ou código>] (docs/backups.md). Exit 0: no break; 1: any break; 2: could not run. */
try {
  const { values } = parseArgs({ options: { since: { type: 'string' }, message: { type: 'string' } } });
  const filter = auditFilter(values);
  const config = loadConfig();
  const database = await openCliDatabase(config);
  if (!database) process.exit(2);
  try {
    const { summary } = await runAudit(config, database, filter, (line) => console.log(line));
    process.exitCode = summary.quebras > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 2;
}
