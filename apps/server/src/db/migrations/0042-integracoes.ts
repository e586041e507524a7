import { type Kysely, sql } from 'kysely';

/**
 * The integration surface (docs/integrations.md):
 *
 * - `api_chaves`: a user's API keys. Only the SHA-256 of the token is kept (`chv_hash`), with the
 *   readable start of it (`chv_prefixo`) for the list; a key is revoked by `chv_revogada`.
 * - `idempotencia`: the first answer of a creating POST under (user, Idempotency-Key) for 24 hours,
 *   with the SHA-256 of the request it answered; `idm_status` null while that request still runs.
 *   The primary key is what makes two processes agree on who runs it.
 * - `webhooks`: a user's endpoints (Standard Webhooks), the secret that signs them, the time they
 *   started failing (5 days of failures disable one).
 * - `webhook_entregas`: one event for one endpoint (the webhook-id every attempt repeats, the body),
 *   and `webhook_tentativas`: each attempt (HTTP status, duration, the next try).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE api_chaves (
      chv_codigo serial PRIMARY KEY,
      cod_usu integer NOT NULL REFERENCES usuarios(usu_codigo) ON DELETE CASCADE,
      chv_nome varchar(80) NOT NULL,
      chv_prefixo varchar(16) NOT NULL,
      chv_hash char(64) NOT NULL UNIQUE,
      chv_criada timestamptz NOT NULL DEFAULT now(),
      chv_expira timestamptz,
      chv_ultimo_uso timestamptz,
      chv_revogada timestamptz
    )
  `.execute(db);
  await sql`CREATE INDEX api_chaves_usuario ON api_chaves (cod_usu)`.execute(db);
  await sql`
    CREATE TABLE idempotencia (
      cod_usu integer NOT NULL REFERENCES usuarios(usu_codigo) ON DELETE CASCADE,
      idm_chave varchar(255) NOT NULL,
      idm_rota varchar(200) NOT NULL,
      idm_hash char(64) NOT NULL,
      idm_status smallint,
      idm_corpo text,
      idm_criada timestamptz NOT NULL DEFAULT now(),
      idm_expira timestamptz NOT NULL,
      PRIMARY KEY (cod_usu, idm_chave)
    )
  `.execute(db);
  await sql`CREATE INDEX idempotencia_expira ON idempotencia (idm_expira)`.execute(db);
  await sql`
    CREATE TABLE webhooks (
      whk_codigo serial PRIMARY KEY,
      cod_usu integer NOT NULL REFERENCES usuarios(usu_codigo) ON DELETE CASCADE,
      whk_url varchar(2000) NOT NULL,
      whk_eventos text[] NOT NULL,
      whk_segredo varchar(100) NOT NULL,
      whk_criado timestamptz NOT NULL DEFAULT now(),
      whk_ativo boolean NOT NULL DEFAULT true,
      whk_falhando_desde timestamptz,
      whk_desativado timestamptz
    )
  `.execute(db);
  await sql`CREATE INDEX webhooks_usuario ON webhooks (cod_usu) WHERE whk_ativo`.execute(db);
  await sql`
    CREATE TABLE webhook_entregas (
      ent_codigo bigserial PRIMARY KEY,
      cod_webhook integer NOT NULL REFERENCES webhooks(whk_codigo) ON DELETE CASCADE,
      evt_codigo bigint NOT NULL,
      ent_msg_id varchar(64) NOT NULL,
      ent_tipo varchar(40) NOT NULL,
      ent_corpo text NOT NULL,
      ent_situacao varchar(12) NOT NULL DEFAULT 'pendente',
      ent_tentativas integer NOT NULL DEFAULT 0,
      ent_proxima timestamptz,
      ent_criada timestamptz NOT NULL DEFAULT now(),
      UNIQUE (cod_webhook, evt_codigo)
    )
  `.execute(db);
  await sql`CREATE INDEX webhook_entregas_lista ON webhook_entregas (cod_webhook, ent_codigo DESC)`.execute(db);
  await sql`
    CREATE TABLE webhook_tentativas (
      ten_codigo bigserial PRIMARY KEY,
      cod_entrega bigint NOT NULL REFERENCES webhook_entregas(ent_codigo) ON DELETE CASCADE,
      ten_data timestamptz NOT NULL,
      ten_status smallint,
      ten_erro varchar(300),
      ten_duracao_ms integer NOT NULL,
      ten_proxima timestamptz
    )
  `.execute(db);
  await sql`CREATE INDEX webhook_tentativas_entrega ON webhook_tentativas (cod_entrega, ten_codigo)`.execute(db);
}
