import { type Kysely, sql } from 'kysely';

/**
 * The head of each message's evidence chain (docs/evidence.md): its last event's position and hash,
 * in `email_cadeias`, kept by the database itself on every insert into email_eventos, whichever path
 * (or server version) wrote the events. A chain of one event has no row: its first event is implied
 * by the message hash, fixed in the same transaction (and immutable), so a send's statement of
 * 'processed' events, which inserts only first events, writes none (a row per message cost ~13 ms
 * of a 250-message insert on PGlite, ~1 ms on PostgreSQL). The worker's statement of 'send' events
 * writes one a message (~1-2 ms for 250 on PostgreSQL: docs/evidence.md, "What the head costs").
 *
 * Why: a hash chain proves what precedes each event, never that nothing followed the last one. With
 * the append-only triggers switched off, deleting a message's last events (the read a sender would
 * rather not have proved) or all of them left a chain that still verified (2026-12-07). The check
 * now compares the chain with its head: fewer events than the head, or a last event that is not
 * the head's, is a broken chain. Lowering the head or deleting it is refused by its own triggers,
 * so a truncation needs both tables' guards switched off; someone who does that and also rewrites
 * the head is caught only by a copy of the last hash held outside (a proof, an expert report).
 * Stored, not derived from email_eventos: a head computed from the events would shrink with them.
 *
 * Its own table rather than a column of emails: an UPDATE of the message row per event would fire
 * emails' status triggers and make a second row version beside the status change. Chains already
 * stored get their head from their current last event, so every one of them keeps verifying.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE email_cadeias (
      cod_email integer PRIMARY KEY REFERENCES emails(ema_uni_codigo),
      cad_seq integer NOT NULL,
      cad_hash char(64) NOT NULL
    );

    INSERT INTO email_cadeias (cod_email, cad_seq, cad_hash)
    SELECT DISTINCT ON (cod_email) cod_email, evt_seq, evt_hash
      FROM email_eventos
     WHERE evt_seq > 1
     ORDER BY cod_email, evt_seq DESC;

    -- One statement per insert of events: the highest position of each message the insert reached.
    -- In cod_email order, the order the chain's appends lock messages in.
    CREATE FUNCTION email_cadeias_avanca() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO email_cadeias AS c (cod_email, cad_seq, cad_hash)
      SELECT DISTINCT ON (cod_email) cod_email, evt_seq, evt_hash
        FROM novos
       WHERE evt_seq > 1
       ORDER BY cod_email, evt_seq DESC
      ON CONFLICT (cod_email) DO UPDATE SET cad_seq = EXCLUDED.cad_seq, cad_hash = EXCLUDED.cad_hash
        WHERE c.cad_seq < EXCLUDED.cad_seq;
      RETURN NULL;
    END $$;
    CREATE TRIGGER email_eventos_cadeia AFTER INSERT ON email_eventos
      REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION email_cadeias_avanca();

    -- The head only moves forward, and is never removed.
    CREATE FUNCTION email_cadeias_so_avanca() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.cod_email <> OLD.cod_email OR NEW.cad_seq <= OLD.cad_seq THEN
        RAISE EXCEPTION 'a cadeia de evidências da mensagem % só avança', OLD.cod_email USING ERRCODE = 'insufficient_privilege';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER email_cadeias_so_avanca BEFORE UPDATE ON email_cadeias
      FOR EACH ROW EXECUTE FUNCTION email_cadeias_so_avanca();
    CREATE TRIGGER email_cadeias_somente_inclusao BEFORE DELETE ON email_cadeias
      FOR EACH ROW EXECUTE FUNCTION evidencia_somente_inclusao();
    CREATE TRIGGER email_cadeias_sem_truncate BEFORE TRUNCATE ON email_cadeias
      FOR EACH STATEMENT EXECUTE FUNCTION evidencia_somente_inclusao();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER email_eventos_cadeia ON email_eventos;
    DROP TABLE email_cadeias;
    DROP FUNCTION email_cadeias_avanca();
    DROP FUNCTION email_cadeias_so_avanca();
  `.execute(db);
}
