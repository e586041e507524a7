import { type Kysely, sql } from 'kysely';

/**
 * The scheduled backups and the nightly evidence audit record their runs (docs/backups.md): the
 * administrators' screen lists them, the metrics read the last successful backup and the last
 * audit's breaks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE backups (
    bkp_codigo bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    bkp_inicio timestamptz NOT NULL,
    bkp_fim timestamptz NOT NULL DEFAULT now(),
    bkp_sucesso boolean NOT NULL,
    bkp_arquivo text,
    bkp_tamanho bigint,
    bkp_erro text
  )`.execute(db);
  await sql`CREATE INDEX backups_inicio ON backups (bkp_inicio DESC)`.execute(db);
  await sql`CREATE TABLE auditorias_evidencia (
    aud_codigo bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    aud_inicio timestamptz NOT NULL,
    aud_fim timestamptz NOT NULL DEFAULT now(),
    aud_mensagens bigint NOT NULL DEFAULT 0,
    aud_eventos bigint NOT NULL DEFAULT 0,
    aud_carimbos bigint NOT NULL DEFAULT 0,
    aud_arquivos bigint NOT NULL DEFAULT 0,
    aud_quebras bigint NOT NULL DEFAULT 0,
    aud_detalhes jsonb NOT NULL DEFAULT '[]',
    aud_erro text
  )`.execute(db);
  await sql`CREATE INDEX auditorias_evidencia_inicio ON auditorias_evidencia (aud_inicio DESC)`.execute(db);
}
