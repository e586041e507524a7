import { type Kysely, sql } from 'kysely';

/**
 * People and organisations (docs/people.md). The tables come from 0001; this adds what the tenant
 * filters and the invitation links look rows up by.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX empresas_adm ON empresas (cod_ger_adm);
    CREATE INDEX usuarios_adm ON usuarios (cod_ger_adm);
    CREATE INDEX tokens_senha_usuario ON tokens_senha (cod_usu, tok_tipo) WHERE tok_usado IS NULL;
  `.execute(db);
}
