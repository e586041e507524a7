import { type Kysely, sql } from 'kysely';

/**
 * AR messages: one row per recipient (its own protocol, ema_uni_id), the exact content sent,
 * the events of its life, its tags, its attachments and the links it contained.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- In public, whatever the search_path: one installation serves every schema of the database.
    CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

    CREATE TABLE anexos (
      ane_codigo serial PRIMARY KEY,
      ane_uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
      cod_usu integer NOT NULL REFERENCES usuarios(usu_codigo),
      ane_nome_original varchar(255) NOT NULL,
      ane_mime varchar(120) NOT NULL,
      ane_tamanho integer NOT NULL CHECK (ane_tamanho >= 0),
      ane_sha256 char(64) NOT NULL,
      ane_chave varchar(300) NOT NULL,
      ane_data_criacao timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX anexos_usuario ON anexos (cod_usu);

    CREATE TABLE emails (
      ema_uni_codigo serial PRIMARY KEY,
      ema_uni_id uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
      cod_usu integer NOT NULL REFERENCES usuarios(usu_codigo),
      cod_ger_entidade integer REFERENCES entidades(ent_codigo),
      ema_uni_envio uuid NOT NULL,
      ema_uni_origem varchar(20) NOT NULL DEFAULT 'web',
      ema_uni_name_from varchar(100) NOT NULL,
      ema_uni_from varchar(150) NOT NULL,
      ema_uni_name_to varchar(80) NOT NULL,
      ema_uni_to varchar(150),
      ema_uni_subject varchar(180) NOT NULL,
      ema_uni_content text NOT NULL,
      ema_uni_content_sha256 char(64) NOT NULL,
      ema_uni_identificacao varchar(120) NOT NULL DEFAULT '',
      ema_uni_sms jsonb,
      ema_uni_whatsapp jsonb,
      ema_uni_attachments jsonb NOT NULL DEFAULT '{"attachments": []}'::jsonb,
      ema_verif_pergunta varchar(60),
      ema_verif_resposta varchar(200),
      cod_ger_modelo integer REFERENCES modelos(mod_codigo) ON DELETE RESTRICT,
      cod_lead integer REFERENCES leads(lea_codigo) ON DELETE SET NULL,
      ema_uni_cod_email_reply integer,
      ema_uni_cod_email_reply_base integer,
      ema_uni_creditos smallint NOT NULL DEFAULT 0,
      ema_uni_data_criacao timestamptz NOT NULL DEFAULT now(),
      -- The last status of each channel, kept with every event so lists need no join.
      ema_status_email varchar(20),
      ema_status_sms varchar(20),
      ema_status_whatsapp varchar(20),
      ema_status_voz varchar(20),
      -- What the sent list's search reads: addresses, phones, subject, identification.
      ema_uni_busca text NOT NULL DEFAULT ''
    );
    CREATE INDEX emails_usuario ON emails (cod_usu, ema_uni_codigo DESC);
    CREATE INDEX emails_busca ON emails USING gin (ema_uni_busca public.gin_trgm_ops);

    CREATE TABLE email_etiquetas (
      cod_email integer NOT NULL REFERENCES emails(ema_uni_codigo) ON DELETE CASCADE,
      cod_etiqueta integer NOT NULL REFERENCES etiquetas(eti_codigo) ON DELETE CASCADE,
      PRIMARY KEY (cod_email, cod_etiqueta)
    );
    CREATE INDEX email_etiquetas_etiqueta ON email_etiquetas (cod_etiqueta, cod_email);

    CREATE TABLE email_links (
      lnk_uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      cod_email integer NOT NULL REFERENCES emails(ema_uni_codigo) ON DELETE CASCADE,
      lnk_url text NOT NULL
    );
    CREATE INDEX email_links_email ON email_links (cod_email);

    -- Append-only: rows are inserted, never updated or deleted by the product.
    CREATE TABLE email_eventos (
      evt_codigo bigserial PRIMARY KEY,
      cod_email integer NOT NULL REFERENCES emails(ema_uni_codigo),
      evt_canal varchar(10) NOT NULL CHECK (evt_canal IN ('email', 'sms', 'whatsapp', 'voz', 'carta')),
      evt_tipo varchar(20) NOT NULL,
      evt_data timestamptz NOT NULL DEFAULT clock_timestamp(),
      evt_ip varchar(64),
      evt_user_agent text,
      evt_detalhes jsonb NOT NULL DEFAULT '{}'::jsonb
    );
    CREATE INDEX email_eventos_email ON email_eventos (cod_email, evt_codigo);
    -- A message leaves once per channel: the idempotency key of the send workers.
    CREATE UNIQUE INDEX email_eventos_envio ON email_eventos (cod_email, evt_canal) WHERE evt_tipo = 'send';
  `.execute(db);
}
