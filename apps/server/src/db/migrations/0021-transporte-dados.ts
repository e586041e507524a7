import { type Kysely, sql } from 'kysely';

/**
 * Data transports of the Gerar Remessas page (spec 002 §3, docs/gerar-remessas.md): a user's saved
 * column mapping from its own spreadsheet to the batch layout. Each row belongs to one user, like
 * the registries; rem_trans_campos is the mapping as the page sends it, checked by core's
 * transporteCampos on the way in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE remessa_transportes (
      rem_trans_codigo serial PRIMARY KEY,
      cod_usu integer NOT NULL REFERENCES usuarios(usu_codigo) ON DELETE CASCADE,
      rem_trans_nome varchar(100) NOT NULL,
      rem_trans_campos jsonb NOT NULL,
      rem_trans_data_criacao timestamptz NOT NULL DEFAULT now(),
      rem_trans_data_atualizacao timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX remessa_transportes_usuario ON remessa_transportes (cod_usu, rem_trans_codigo);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE remessa_transportes`.execute(db);
}
