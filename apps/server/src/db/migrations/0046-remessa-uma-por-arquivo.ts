import { type Kysely, sql } from 'kysely';

/**
 * One remessa per file (issue 43, docs/remessas.md): a file with refused lines was two rows, the
 * file (PROCESSADO_COM_SUCESSO) and a failure record of its refused lines (FALHA_NA_VALIDACAO,
 * `rem_origem` = the file), each counted on its tab. The records' type and reason move into their
 * files, a finished file with refused lines becomes PROCESSADO_COM_FALHAS ('Concluído com
 * falhas'), and the records go (their lines are the file's: nothing else is lost).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE remessas f
       SET tipo_falha = r.tipo_falha,
           motivo_falha = r.motivo_falha,
           rem_status_processamento = CASE WHEN f.rem_status_processamento = 'PROCESSADO_COM_SUCESSO'
                                           THEN 'PROCESSADO_COM_FALHAS' ELSE f.rem_status_processamento END
      FROM remessas r
     WHERE r.rem_origem = f.rem_codigo
       AND f.rem_status_processamento IN ('PROCESSADO', 'EM_PROCESSAMENTO', 'PROCESSADO_COM_SUCESSO')`.execute(db);
  await sql`DELETE FROM remessas WHERE rem_origem IS NOT NULL`.execute(db);
}
