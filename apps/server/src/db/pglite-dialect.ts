import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';

/**
 * Kysely on PGlite. PGlite is one connection, so a Kysely transaction must own it: we run it
 * inside `pglite.transaction()`, whose mutex makes every other query (other requests, pg-boss)
 * wait until COMMIT or ROLLBACK instead of slipping into the open transaction.
 */
class PGliteConnection implements DatabaseConnection {
  #tx: Transaction | null = null;
  #finish: ((rollback: boolean) => void) | null = null;
  #done: Promise<unknown> | null = null;

  constructor(private readonly pg: PGlite) {}

  async begin(): Promise<void> {
    await new Promise<void>((started, failed) => {
      this.#done = this.pg
        .transaction(async (tx) => {
          this.#tx = tx;
          started();
          const rollback = await new Promise<boolean>((resolve) => {
            this.#finish = resolve;
          });
          if (rollback) await tx.rollback();
        })
        .catch((error) => {
          failed(error);
          throw error;
        });
      // end() awaits this promise; the empty handler only keeps a failed BEGIN from being unhandled.
      this.#done.catch(() => {});
    });
  }

  async end(rollback: boolean): Promise<void> {
    const done = this.#done;
    this.#finish?.(rollback);
    this.#tx = null;
    this.#finish = null;
    this.#done = null;
    await done;
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const target = this.#tx ?? this.pg;
    // Statements without values go through the simple protocol, as on node-postgres, so a
    // migration may hold several statements.
    const result =
      compiled.parameters.length === 0
        ? ((await target.exec(compiled.sql)).at(-1) ?? { rows: [] as R[], affectedRows: 0 })
        : await target.query<R>(compiled.sql, compiled.parameters as unknown[]);
    const affected = result.affectedRows;
    return {
      rows: result.rows as R[],
      ...(affected !== undefined ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  // biome-ignore lint/correctness/useYield: streaming is not offered on PGlite.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite não oferece streaming de consultas.');
  }
}

class PGliteDriver implements Driver {
  constructor(private readonly pg: PGlite) {}
  async init(): Promise<void> {
    await this.pg.waitReady;
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return new PGliteConnection(this.pg);
  }
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).begin();
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).end(false);
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).end(true);
  }
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pg: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver() {
    return new PGliteDriver(this.pg);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's introspector takes any database.
  createIntrospector(db: any) {
    return new PostgresIntrospector(db);
  }
}
