import { type Kysely, sql } from 'kysely';

/**
 * AR-Carta (docs/letters.md).
 * - `emails.ema_uni_carta`: the postal address the letter went to, as composed (core's
 *   letterAddress). It does not join the message hash (evidence/canonical.ts): the hash's form is
 *   what proofs already issued and outside verifiers recompute, and the address is chained anyway,
 *   in the letter's 'processed' event, with the letter PDF's SHA-256 in its acceptance event.
 * - `ema_status_carta`, `ema_alcance_carta`: the letter's current status and the statuses it
 *   reached, like the other channels', so the sent list, its filters and the dashboard count it.
 * - `cartas`: one row per letter: the PDF as stored (its key and SHA-256, its pages), the
 *   provider's id for it (how a callback finds its message; a retried job does not submit twice),
 *   the S10 tracking code once posted, and the digital AR once delivered (its key and SHA-256).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE emails
      ADD COLUMN ema_uni_carta jsonb,
      ADD COLUMN ema_status_carta varchar(20),
      ADD COLUMN ema_alcance_carta integer NOT NULL DEFAULT 0;
    CREATE TABLE cartas (
      cod_email integer PRIMARY KEY REFERENCES emails(ema_uni_codigo) ON DELETE CASCADE,
      pdf_chave varchar(300) NOT NULL,
      pdf_sha256 char(64) NOT NULL,
      paginas integer NOT NULL,
      provedor varchar(20),
      id_provedor varchar(200),
      rastreio varchar(13),
      ar_chave varchar(300),
      ar_sha256 char(64),
      ar_tipo varchar(40),
      criado timestamptz NOT NULL DEFAULT now(),
      UNIQUE (provedor, id_provedor)
    );
    CREATE OR REPLACE FUNCTION dashboard_canais(e emails) RETURNS TABLE (canal text, marcas integer) LANGUAGE sql IMMUTABLE AS $$
      VALUES ('email', dashboard_marcas(e.ema_alcance_email)), ('sms', dashboard_marcas(e.ema_alcance_sms)),
             ('whatsapp', dashboard_marcas(e.ema_alcance_whatsapp)), ('voz', dashboard_marcas(e.ema_alcance_voz)),
             ('carta', dashboard_marcas(e.ema_alcance_carta))
    $$;
    DROP TRIGGER dashboard_emails_status ON emails;
    CREATE TRIGGER dashboard_emails_status
      AFTER UPDATE OF ema_alcance_email, ema_alcance_sms, ema_alcance_whatsapp, ema_alcance_voz, ema_alcance_carta ON emails
      FOR EACH ROW WHEN (
        dashboard_marcas(OLD.ema_alcance_email) <> dashboard_marcas(NEW.ema_alcance_email)
        OR dashboard_marcas(OLD.ema_alcance_sms) <> dashboard_marcas(NEW.ema_alcance_sms)
        OR dashboard_marcas(OLD.ema_alcance_whatsapp) <> dashboard_marcas(NEW.ema_alcance_whatsapp)
        OR dashboard_marcas(OLD.ema_alcance_voz) <> dashboard_marcas(NEW.ema_alcance_voz)
        OR dashboard_marcas(OLD.ema_alcance_carta) <> dashboard_marcas(NEW.ema_alcance_carta)
      ) EXECUTE FUNCTION dashboard_emails_status();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER dashboard_emails_status ON emails;
    CREATE TRIGGER dashboard_emails_status AFTER UPDATE OF ema_alcance_email, ema_alcance_sms, ema_alcance_whatsapp, ema_alcance_voz ON emails
      FOR EACH ROW WHEN (
        dashboard_marcas(OLD.ema_alcance_email) <> dashboard_marcas(NEW.ema_alcance_email)
        OR dashboard_marcas(OLD.ema_alcance_sms) <> dashboard_marcas(NEW.ema_alcance_sms)
        OR dashboard_marcas(OLD.ema_alcance_whatsapp) <> dashboard_marcas(NEW.ema_alcance_whatsapp)
        OR dashboard_marcas(OLD.ema_alcance_voz) <> dashboard_marcas(NEW.ema_alcance_voz)
      ) EXECUTE FUNCTION dashboard_emails_status();
    CREATE OR REPLACE FUNCTION dashboard_canais(e emails) RETURNS TABLE (canal text, marcas integer) LANGUAGE sql IMMUTABLE AS $$
      VALUES ('email', dashboard_marcas(e.ema_alcance_email)), ('sms', dashboard_marcas(e.ema_alcance_sms)),
             ('whatsapp', dashboard_marcas(e.ema_alcance_whatsapp)), ('voz', dashboard_marcas(e.ema_alcance_voz))
    $$;
    DROP TABLE cartas;
    ALTER TABLE emails DROP COLUMN ema_uni_carta, DROP COLUMN ema_status_carta, DROP COLUMN ema_alcance_carta;
  `.execute(db);
}
