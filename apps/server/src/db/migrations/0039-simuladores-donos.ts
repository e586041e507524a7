import { type Kysely, sql } from 'kysely';

/**
 * Who may see each row of the embedded demo mode's stand-ins (docs/simulators.md):
 * `caixa_saida.cai_cod_usu`, the user a captured e-mail was sent for (the
 * sender of an AR-Email, the user an account e-mail is addressed to); `simulador_mensagens.sim_cod_usu`,
 * the signed-in user who typed a reply or pressed a button on the simulated phone. Rows from before
 * have none and are seen by nobody but the mail's own addressee.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE caixa_saida ADD COLUMN cai_cod_usu integer REFERENCES usuarios(usu_codigo) ON DELETE CASCADE;
    CREATE INDEX caixa_saida_usuario ON caixa_saida (cai_cod_usu, cai_codigo);
    ALTER TABLE simulador_mensagens ADD COLUMN sim_cod_usu integer REFERENCES usuarios(usu_codigo) ON DELETE CASCADE;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE simulador_mensagens DROP COLUMN sim_cod_usu;
    ALTER TABLE caixa_saida DROP COLUMN cai_cod_usu;
  `.execute(db);
}
