import { type Kysely, sql } from 'kysely';

/**
 * How many messages each user has, kept by the database itself, so the unfiltered sent list —
 * every user's landing page — answers its rowCount without counting a million rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE emails_contagem (
      cod_usu integer PRIMARY KEY REFERENCES usuarios(usu_codigo),
      total integer NOT NULL CHECK (total >= 0)
    );
    INSERT INTO emails_contagem (cod_usu, total) SELECT cod_usu, count(*) FROM emails GROUP BY cod_usu;

    CREATE FUNCTION emails_contagem_atualiza() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO emails_contagem AS c (cod_usu, total)
          SELECT cod_usu, count(*) FROM novas GROUP BY cod_usu
          ON CONFLICT (cod_usu) DO UPDATE SET total = c.total + EXCLUDED.total;
      ELSE
        UPDATE emails_contagem AS c SET total = c.total - d.n
          FROM (SELECT cod_usu, count(*) AS n FROM antigas GROUP BY cod_usu) AS d
          WHERE c.cod_usu = d.cod_usu;
      END IF;
      RETURN NULL;
    END $$;

    CREATE TRIGGER emails_contagem_insere AFTER INSERT ON emails
      REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION emails_contagem_atualiza();
    CREATE TRIGGER emails_contagem_remove AFTER DELETE ON emails
      REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION emails_contagem_atualiza();
  `.execute(db);
}
