import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
const applied = await migrateToLatest(database.db as never);
console.log(applied.length ? `Migrações aplicadas: ${applied.join(', ')}` : 'O banco já está na versão mais recente.');
await database.close();
