import { type Kysely, sql } from 'kysely';
import { backfillChains } from './0007-evidence-backfill.ts';

/**
 * Evidence (docs/evidence.md): every event of a message gets its geolocation, a per-message
 * sequence number and a SHA-256 chained to the previous event's; the message gets the hash of what
 * was sent (the genesis of its chain). Events and their RFC 3161 time stamps become append-only,
 * enforced by the database: UPDATE, DELETE and TRUNCATE are refused.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE emails ADD COLUMN ema_uni_hash char(64);

    ALTER TABLE email_eventos
      ADD COLUMN evt_seq integer,
      ADD COLUMN evt_cidade varchar(120),
      ADD COLUMN evt_estado varchar(120),
      ADD COLUMN evt_pais char(2),
      ADD COLUMN evt_lat double precision,
      ADD COLUMN evt_lng double precision,
      ADD COLUMN evt_hash_anterior char(64),
      ADD COLUMN evt_hash char(64);

    CREATE TABLE email_carimbos (
      car_codigo bigserial PRIMARY KEY,
      evt_codigo bigint NOT NULL UNIQUE REFERENCES email_eventos(evt_codigo),
      -- The TimeStampToken (CMS ContentInfo), DER, exactly as the TSA signed it.
      car_token bytea NOT NULL,
      -- SHA-256 of car_token: the id a validator page is opened with.
      car_token_sha256 char(64) NOT NULL UNIQUE,
      car_serial varchar(80) NOT NULL,
      car_gen_time timestamptz NOT NULL,
      car_tsa text NOT NULL,
      car_tsa_url text,
      car_data timestamptz NOT NULL DEFAULT clock_timestamp()
    );
  `.execute(db);

  // Events recorded before this migration get their chain now, before the table is sealed.
  await backfillChains(db);

  await sql`
    ALTER TABLE email_eventos
      ALTER COLUMN evt_seq SET NOT NULL,
      ALTER COLUMN evt_hash_anterior SET NOT NULL,
      ALTER COLUMN evt_hash SET NOT NULL;
    -- One event per position of a message's chain: two appends can never fork it.
    CREATE UNIQUE INDEX email_eventos_seq ON email_eventos (cod_email, evt_seq);

    CREATE FUNCTION evidencia_somente_inclusao() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'a tabela % é somente de inclusão: % recusado', TG_TABLE_NAME, TG_OP
        USING ERRCODE = 'insufficient_privilege';
    END $$;
    CREATE TRIGGER email_eventos_somente_inclusao BEFORE UPDATE OR DELETE ON email_eventos
      FOR EACH ROW EXECUTE FUNCTION evidencia_somente_inclusao();
    CREATE TRIGGER email_eventos_sem_truncate BEFORE TRUNCATE ON email_eventos
      FOR EACH STATEMENT EXECUTE FUNCTION evidencia_somente_inclusao();
    CREATE TRIGGER email_carimbos_somente_inclusao BEFORE UPDATE OR DELETE ON email_carimbos
      FOR EACH ROW EXECUTE FUNCTION evidencia_somente_inclusao();
    CREATE TRIGGER email_carimbos_sem_truncate BEFORE TRUNCATE ON email_carimbos
      FOR EACH STATEMENT EXECUTE FUNCTION evidencia_somente_inclusao();

    -- The message's hash is written once, with its first chained event, and never changes.
    CREATE FUNCTION emails_hash_imutavel() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF OLD.ema_uni_hash IS NOT NULL AND NEW.ema_uni_hash IS DISTINCT FROM OLD.ema_uni_hash THEN
        RAISE EXCEPTION 'o hash da mensagem % não pode ser alterado', OLD.ema_uni_codigo USING ERRCODE = 'insufficient_privilege';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER emails_hash_imutavel BEFORE UPDATE OF ema_uni_hash ON emails
      FOR EACH ROW EXECUTE FUNCTION emails_hash_imutavel();

    -- Events still waiting for their time stamp (the sweep reads these).
    CREATE INDEX email_eventos_data ON email_eventos (evt_data);
    -- The stamp validation names the event a hash belongs to.
    CREATE INDEX email_eventos_hash ON email_eventos (evt_hash);
  `.execute(db);
}
