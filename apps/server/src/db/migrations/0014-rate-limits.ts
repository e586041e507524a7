import { type Kysely, sql } from 'kysely';

/**
 * One table for every request limit (modules/rate-limit): a count per kind, key and fixed window,
 * raised by one atomic upsert, so every server process sees the same counts. It replaces
 * `tentativas_login` (a row per failed attempt, sign-ins only); the security question of the public
 * page counted in each process's memory before it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE limites (
      lim_tipo varchar(40) NOT NULL,
      lim_chave varchar(200) NOT NULL,
      lim_janela timestamptz NOT NULL,
      lim_contagem integer NOT NULL,
      PRIMARY KEY (lim_tipo, lim_chave, lim_janela)
    );
    CREATE INDEX limites_janela ON limites (lim_janela);
    DROP TABLE tentativas_login;
  `.execute(db);
}
