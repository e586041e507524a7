import { type Kysely, sql } from 'kysely';

/**
 * The dashboard's counts (docs/dashboard.md): per Brasília day, user, channel and tag (0: every
 * message, whatever its tags), how many sends were made, delivered and read by a person, and how
 * many replies were received. The six dashboard calls sum at most a few thousand of these rows
 * instead of counting messages (p95 under 50 ms over 1,000,000 messages, DESIGN §7).
 *
 * Kept by the database itself, in the same transaction as every change that moves them, whichever
 * code makes it (send, send worker, public page, inbound reports and replies, tags added or
 * removed, a label deleted):
 *
 * - a message counts on the Brasília day it was created, once per channel it went out on
 *   (ema_alcance_* <> 0): sent; delivered once its channel reached delivered or anything only a
 *   delivered message reaches (viewed, read, tracking image, acknowledged, answered); read once it
 *   reached a person's read, acknowledgement or reply. The reached bits are set only by events
 *   classified as a person's (docs/reads.md), so machines never count, and a status reached twice
 *   counts once: what changes a count is a message's marks (dashboard_marcas) changing;
 * - a reply (emails_recebidos) counts as received on the Brasília day it arrived, e-mail channel;
 * - the rows of a tag hold the same figures for the messages that carry that tag now (and for the
 *   replies to them): a tag put on a message adds the message's current figures to the tag's rows,
 *   a tag taken off (or its label deleted) subtracts them, and a status change moves the rows of
 *   tag 0 and of every tag the message carries.
 *
 * Messages are never updated in their owner or creation time; a message is deleted only while it
 * has no event (the foreign keys of email_eventos and emails_recebidos forbid it after), and then
 * its figures leave before its tags do (BEFORE DELETE, while they are still there).
 *
 * Existing rows are counted by the same rules at the end.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE dashboard_contagem (
      cod_usu integer NOT NULL REFERENCES usuarios(usu_codigo) ON DELETE CASCADE,
      cod_etiqueta integer NOT NULL,
      dia date NOT NULL,
      canal text NOT NULL CHECK (canal IN ('email', 'sms', 'whatsapp', 'voz', 'carta')),
      enviados integer NOT NULL DEFAULT 0,
      entregues integer NOT NULL DEFAULT 0,
      lidos integer NOT NULL DEFAULT 0,
      recebidos integer NOT NULL DEFAULT 0,
      PRIMARY KEY (cod_usu, cod_etiqueta, dia, canal)
    );

    -- A channel's reached bits (REACHED_BITS) as the dashboard's marks: 1 sent, 2 delivered, 4 read.
    -- Delivered: delivered 4, viewed 8, track 32, read 64, acknowledged 128, answered 256 (= 492).
    -- Read by a person: track 32, read 64, acknowledged 128, answered 256 (= 480).
    CREATE FUNCTION dashboard_marcas(r integer) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT CASE WHEN r = 0 THEN 0 ELSE 1 | (CASE WHEN r & 492 <> 0 THEN 2 ELSE 0 END) | (CASE WHEN r & 480 <> 0 THEN 4 ELSE 0 END) END
    $$;

    CREATE FUNCTION dashboard_dia(t timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT (t AT TIME ZONE 'America/Sao_Paulo')::date
    $$;

    -- Adds deltas to the counts: one row per key, in key order (two transactions lock rows in the same order).
    CREATE FUNCTION dashboard_soma(deltas jsonb) RETURNS void LANGUAGE sql AS $$
      INSERT INTO dashboard_contagem AS c (cod_usu, cod_etiqueta, dia, canal, enviados, entregues, lidos, recebidos)
      SELECT cod_usu, cod_etiqueta, dia, canal, sum(enviados), sum(entregues), sum(lidos), sum(recebidos)
        FROM jsonb_to_recordset(deltas)
          AS d(cod_usu integer, cod_etiqueta integer, dia date, canal text, enviados integer, entregues integer, lidos integer, recebidos integer)
       GROUP BY cod_usu, cod_etiqueta, dia, canal
      HAVING sum(enviados) <> 0 OR sum(entregues) <> 0 OR sum(lidos) <> 0 OR sum(recebidos) <> 0
       ORDER BY cod_usu, cod_etiqueta, dia, canal
      ON CONFLICT (cod_usu, cod_etiqueta, dia, canal) DO UPDATE SET
        enviados = c.enviados + EXCLUDED.enviados,
        entregues = c.entregues + EXCLUDED.entregues,
        lidos = c.lidos + EXCLUDED.lidos,
        recebidos = c.recebidos + EXCLUDED.recebidos
    $$;

    -- A message's channels with their marks (before and after a change), as rows.
    CREATE FUNCTION dashboard_canais(e emails) RETURNS TABLE (canal text, marcas integer) LANGUAGE sql IMMUTABLE AS $$
      VALUES ('email', dashboard_marcas(e.ema_alcance_email)), ('sms', dashboard_marcas(e.ema_alcance_sms)),
             ('whatsapp', dashboard_marcas(e.ema_alcance_whatsapp)), ('voz', dashboard_marcas(e.ema_alcance_voz))
    $$;

    -- New messages: tag 0 (their tags are counted as the tag rows arrive, below).
    CREATE FUNCTION dashboard_emails_insere() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM dashboard_soma(jsonb_agg(jsonb_build_object('cod_usu', n.cod_usu, 'cod_etiqueta', 0,
          'dia', dashboard_dia(n.ema_uni_data_criacao), 'canal', ch.canal, 'enviados', ch.marcas & 1,
          'entregues', (ch.marcas >> 1) & 1, 'lidos', (ch.marcas >> 2) & 1, 'recebidos', 0)))
        FROM novas n CROSS JOIN LATERAL dashboard_canais(n) ch
       WHERE ch.marcas <> 0
      HAVING count(*) > 0;
      RETURN NULL;
    END $$;
    CREATE TRIGGER dashboard_emails_insere AFTER INSERT ON emails
      REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION dashboard_emails_insere();

    -- A status change that moves a mark: tag 0 and every tag the message carries.
    CREATE FUNCTION dashboard_emails_status() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM dashboard_soma(jsonb_agg(jsonb_build_object('cod_usu', NEW.cod_usu, 'cod_etiqueta', t.cod_etiqueta,
          'dia', dashboard_dia(NEW.ema_uni_data_criacao), 'canal', a.canal,
          'enviados', (a.marcas & 1) - (b.marcas & 1),
          'entregues', ((a.marcas >> 1) & 1) - ((b.marcas >> 1) & 1),
          'lidos', ((a.marcas >> 2) & 1) - ((b.marcas >> 2) & 1), 'recebidos', 0)))
        FROM dashboard_canais(NEW) a
        JOIN dashboard_canais(OLD) b ON b.canal = a.canal AND b.marcas <> a.marcas
        CROSS JOIN (SELECT 0 AS cod_etiqueta UNION ALL SELECT et.cod_etiqueta FROM email_etiquetas et WHERE et.cod_email = NEW.ema_uni_codigo) t
      HAVING count(*) > 0;
      RETURN NULL;
    END $$;
    CREATE TRIGGER dashboard_emails_status AFTER UPDATE OF ema_alcance_email, ema_alcance_sms, ema_alcance_whatsapp, ema_alcance_voz ON emails
      FOR EACH ROW WHEN (
        dashboard_marcas(OLD.ema_alcance_email) <> dashboard_marcas(NEW.ema_alcance_email)
        OR dashboard_marcas(OLD.ema_alcance_sms) <> dashboard_marcas(NEW.ema_alcance_sms)
        OR dashboard_marcas(OLD.ema_alcance_whatsapp) <> dashboard_marcas(NEW.ema_alcance_whatsapp)
        OR dashboard_marcas(OLD.ema_alcance_voz) <> dashboard_marcas(NEW.ema_alcance_voz)
      ) EXECUTE FUNCTION dashboard_emails_status();

    -- A message deleted (only possible before its first event): its figures leave, tags included.
    CREATE FUNCTION dashboard_emails_remove() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM dashboard_soma(jsonb_agg(jsonb_build_object('cod_usu', OLD.cod_usu, 'cod_etiqueta', t.cod_etiqueta,
          'dia', dashboard_dia(OLD.ema_uni_data_criacao), 'canal', ch.canal, 'enviados', -(ch.marcas & 1),
          'entregues', -((ch.marcas >> 1) & 1), 'lidos', -((ch.marcas >> 2) & 1), 'recebidos', 0)))
        FROM dashboard_canais(OLD) ch
        CROSS JOIN (SELECT 0 AS cod_etiqueta UNION ALL SELECT et.cod_etiqueta FROM email_etiquetas et WHERE et.cod_email = OLD.ema_uni_codigo) t
       WHERE ch.marcas <> 0
      HAVING count(*) > 0;
      RETURN OLD;
    END $$;
    CREATE TRIGGER dashboard_emails_remove BEFORE DELETE ON emails FOR EACH ROW EXECUTE FUNCTION dashboard_emails_remove();

    -- Tags put on (sign 1) or taken off (sign -1) messages: the messages' figures and their replies'.
    -- A message already deleted (a cascade from dashboard_emails_remove's statement) is not found: done there.
    CREATE FUNCTION dashboard_etiquetas_muda() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      sinal integer := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
    BEGIN
      PERFORM dashboard_soma(jsonb_agg(x.d)) FROM (
        SELECT jsonb_build_object('cod_usu', e.cod_usu, 'cod_etiqueta', m.cod_etiqueta, 'dia', dashboard_dia(e.ema_uni_data_criacao),
            'canal', ch.canal, 'enviados', sinal * (ch.marcas & 1), 'entregues', sinal * ((ch.marcas >> 1) & 1),
            'lidos', sinal * ((ch.marcas >> 2) & 1), 'recebidos', 0) AS d
          FROM mudadas m JOIN emails e ON e.ema_uni_codigo = m.cod_email CROSS JOIN LATERAL dashboard_canais(e) ch
         WHERE ch.marcas <> 0
        UNION ALL
        SELECT jsonb_build_object('cod_usu', r.cod_usu, 'cod_etiqueta', m.cod_etiqueta, 'dia', dashboard_dia(r.rec_data_recebimento),
            'canal', 'email', 'enviados', 0, 'entregues', 0, 'lidos', 0, 'recebidos', sinal)
          FROM mudadas m JOIN emails e ON e.ema_uni_codigo = m.cod_email
          JOIN emails_recebidos r ON r.cod_email_reply_base = m.cod_email
      ) x HAVING count(*) > 0;
      RETURN NULL;
    END $$;
    CREATE TRIGGER dashboard_etiquetas_insere AFTER INSERT ON email_etiquetas
      REFERENCING NEW TABLE AS mudadas FOR EACH STATEMENT EXECUTE FUNCTION dashboard_etiquetas_muda();
    CREATE TRIGGER dashboard_etiquetas_remove AFTER DELETE ON email_etiquetas
      REFERENCING OLD TABLE AS mudadas FOR EACH STATEMENT EXECUTE FUNCTION dashboard_etiquetas_muda();

    -- Replies received (or removed): tag 0 and the tags of the message they answer.
    CREATE FUNCTION dashboard_recebidos_muda() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      sinal integer := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
    BEGIN
      PERFORM dashboard_soma(jsonb_agg(jsonb_build_object('cod_usu', r.cod_usu, 'cod_etiqueta', t.cod_etiqueta,
          'dia', dashboard_dia(r.rec_data_recebimento), 'canal', 'email', 'enviados', 0, 'entregues', 0, 'lidos', 0, 'recebidos', sinal)))
        FROM mudados r
        CROSS JOIN LATERAL (SELECT 0 AS cod_etiqueta
                            UNION ALL SELECT et.cod_etiqueta FROM email_etiquetas et WHERE et.cod_email = r.cod_email_reply_base) t
      HAVING count(*) > 0;
      RETURN NULL;
    END $$;
    CREATE TRIGGER dashboard_recebidos_insere AFTER INSERT ON emails_recebidos
      REFERENCING NEW TABLE AS mudados FOR EACH STATEMENT EXECUTE FUNCTION dashboard_recebidos_muda();
    CREATE TRIGGER dashboard_recebidos_remove AFTER DELETE ON emails_recebidos
      REFERENCING OLD TABLE AS mudados FOR EACH STATEMENT EXECUTE FUNCTION dashboard_recebidos_muda();

  `.execute(db);
  await backfillDashboardCounts(db);
}

/** The counts of what is already stored, by the same rules (into an empty dashboard_contagem). */
export async function backfillDashboardCounts(db: Kysely<unknown>): Promise<void> {
  await sql`
    INSERT INTO dashboard_contagem (cod_usu, cod_etiqueta, dia, canal, enviados, entregues, lidos, recebidos)
    SELECT cod_usu, cod_etiqueta, dia, canal, sum(enviados), sum(entregues), sum(lidos), sum(recebidos)
      FROM (
        SELECT e.cod_usu, t.cod_etiqueta, dashboard_dia(e.ema_uni_data_criacao) AS dia, ch.canal,
               ch.marcas & 1 AS enviados, (ch.marcas >> 1) & 1 AS entregues, (ch.marcas >> 2) & 1 AS lidos, 0 AS recebidos
          FROM emails e CROSS JOIN LATERAL dashboard_canais(e) ch
          CROSS JOIN LATERAL (SELECT 0 AS cod_etiqueta
                              UNION ALL SELECT et.cod_etiqueta FROM email_etiquetas et WHERE et.cod_email = e.ema_uni_codigo) t
         WHERE ch.marcas <> 0
        UNION ALL
        SELECT r.cod_usu, t.cod_etiqueta, dashboard_dia(r.rec_data_recebimento), 'email', 0, 0, 0, 1
          FROM emails_recebidos r
          CROSS JOIN LATERAL (SELECT 0 AS cod_etiqueta
                              UNION ALL SELECT et.cod_etiqueta FROM email_etiquetas et WHERE et.cod_email = r.cod_email_reply_base) t
      ) x
     GROUP BY cod_usu, cod_etiqueta, dia, canal;
  `.execute(db);
}
