import { type Kysely, sql } from 'kysely';

/**
 * A version of each user's set of messages, bumped by every statement that adds or removes one of
 * the user's messages (or rewrites what the search reads). The sent list keeps the ids a search
 * matched while the version stays the same (docs/sent-list.md), so paging through a
 * search, and every client asking for the same one, does not recheck every match again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE emails_contagem ADD COLUMN versao bigint NOT NULL DEFAULT 0;

    CREATE OR REPLACE FUNCTION emails_contagem_atualiza() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO emails_contagem AS c (cod_usu, total, versao)
          SELECT cod_usu, count(*), 1 FROM novas GROUP BY cod_usu
          ON CONFLICT (cod_usu) DO UPDATE SET total = c.total + EXCLUDED.total, versao = c.versao + 1;
      ELSE
        UPDATE emails_contagem AS c SET total = c.total - d.n, versao = c.versao + 1
          FROM (SELECT cod_usu, count(*) AS n FROM antigas GROUP BY cod_usu) AS d
          WHERE c.cod_usu = d.cod_usu;
      END IF;
      RETURN NULL;
    END $$;

    -- Nothing rewrites a message's owner or search text today; should anything ever do it, every
    -- kept search is dropped.
    CREATE FUNCTION emails_contagem_reescrita() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE emails_contagem SET versao = versao + 1;
      RETURN NULL;
    END $$;
    CREATE TRIGGER emails_contagem_reescreve AFTER UPDATE OF cod_usu, ema_uni_busca ON emails
      FOR EACH STATEMENT EXECUTE FUNCTION emails_contagem_reescrita();
  `.execute(db);
}
