import { type Kysely, sql } from 'kysely';

/**
 * Received messages (docs/inbound.md): answers to AR-Emails that arrived by inbound SMTP. Each
 * belongs to the sender of the AR-Email it answers (cod_usu, cod_email_reply_base). The raw
 * message is kept in storage (rec_eml_chave) with its SHA-256 and size: what arrived, byte for
 * byte. The same raw message delivered twice to the same original is stored once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE emails_recebidos (
      rec_codigo serial PRIMARY KEY,
      rec_uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
      cod_usu integer NOT NULL REFERENCES usuarios(usu_codigo),
      cod_email_reply_base integer NOT NULL REFERENCES emails(ema_uni_codigo),
      rec_from varchar(320) NOT NULL,
      rec_name_from varchar(200) NOT NULL DEFAULT '',
      rec_to varchar(320) NOT NULL,
      rec_envelope_from varchar(320) NOT NULL DEFAULT '',
      rec_subject text NOT NULL DEFAULT '',
      rec_content text NOT NULL DEFAULT '',
      rec_text text NOT NULL DEFAULT '',
      rec_message_id varchar(998),
      rec_in_reply_to varchar(998),
      rec_references text,
      rec_attachments jsonb NOT NULL DEFAULT '{"attachments": []}'::jsonb,
      rec_automatica boolean NOT NULL DEFAULT false,
      -- The message's own Date header (when the sender wrote it), and when it arrived here.
      rec_data_criacao timestamptz NOT NULL DEFAULT now(),
      rec_data_recebimento timestamptz NOT NULL DEFAULT now(),
      rec_data_visualizacao timestamptz,
      rec_visualizacao jsonb,
      rec_ip varchar(64),
      rec_tamanho integer NOT NULL CHECK (rec_tamanho >= 0),
      rec_sha256 char(64) NOT NULL,
      rec_eml_chave varchar(300) NOT NULL,
      -- What the list's search reads: sender address and name, subject (lower case).
      rec_busca text NOT NULL DEFAULT ''
    );
    CREATE INDEX emails_recebidos_usuario ON emails_recebidos (cod_usu, rec_codigo DESC);
    CREATE INDEX emails_recebidos_busca ON emails_recebidos USING gin (rec_busca public.gin_trgm_ops);
    CREATE INDEX emails_recebidos_original ON emails_recebidos (cod_email_reply_base);
    CREATE UNIQUE INDEX emails_recebidos_unico ON emails_recebidos (cod_email_reply_base, rec_sha256);
  `.execute(db);
}
