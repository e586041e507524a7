import { type Kysely, Migrator } from 'kysely';
import { migrations } from './migrations/index.ts';

/** `only`: run just these (a restore remakes the schema of the archive's level before loading its rows). */
export async function migrateToLatest(db: Kysely<unknown>, schema?: string, only?: string[]): Promise<string[]> {
  const chosen = only ? Object.fromEntries(Object.entries(migrations).filter(([name]) => only.includes(name))) : migrations;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => chosen },
    // Features number their migrations in parallel (0008 may land before 0007): a database that
    // already ran a later one still runs an earlier one added afterwards, in name order.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
