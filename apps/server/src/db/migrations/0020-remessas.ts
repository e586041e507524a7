import { type Kysely, sql } from 'kysely';

/**
 * Batch files (docs/remessas.md). `remessas`: one row per uploaded file (its status, counts and
 * failure), plus one failure record per file whose lines were partly refused (rem_origem: the
 * file's row). rem_uuid is also the send id (ema_uni_envio) of the file's messages, so its debits
 * and refunds share one ledger reference. `remessa_linhas`: each data line, its cells and its
 * fate; cod_email is set in the same transaction that makes the line's message, so a worker that
 * dies halfway resumes from the first line without one and never sends a line twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE remessas (
      rem_codigo serial PRIMARY KEY,
      cod_usu integer NOT NULL REFERENCES usuarios(usu_codigo) ON DELETE CASCADE,
      rem_uuid uuid NOT NULL UNIQUE,
      rem_nome varchar(200) NOT NULL,
      rem_sha256 char(64) NOT NULL,
      rem_arquivo varchar(200),
      rem_tamanho integer NOT NULL DEFAULT 0,
      rem_status_processamento varchar(40) NOT NULL DEFAULT 'AGUARDANDO_VALIDACAO',
      rem_quantidade_registros integer NOT NULL DEFAULT 0,
      rem_cabecalho jsonb,
      rem_enfileiradas integer NOT NULL DEFAULT 0,
      rem_falhas integer NOT NULL DEFAULT 0,
      tipo_falha varchar(40),
      motivo_falha text,
      rem_origem integer REFERENCES remessas(rem_codigo) ON DELETE CASCADE,
      rem_data_criacao timestamptz NOT NULL DEFAULT now(),
      rem_data_processamento timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX remessas_usuario ON remessas (cod_usu, rem_codigo DESC)`.execute(db);
  await sql`CREATE INDEX remessas_arquivo ON remessas (cod_usu, rem_sha256, rem_data_criacao)`.execute(db);
  await sql`CREATE INDEX remessas_falhas ON remessas (rem_data_processamento) WHERE tipo_falha IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE remessa_linhas (
      rem_codigo integer NOT NULL REFERENCES remessas(rem_codigo) ON DELETE CASCADE,
      lin_numero integer NOT NULL,
      lin_dados jsonb NOT NULL,
      lin_status varchar(10) NOT NULL,
      tipo_falha varchar(40),
      lin_motivo text,
      cod_email integer REFERENCES emails(ema_uni_codigo) ON DELETE SET NULL,
      PRIMARY KEY (rem_codigo, lin_numero)
    )
  `.execute(db);
}
