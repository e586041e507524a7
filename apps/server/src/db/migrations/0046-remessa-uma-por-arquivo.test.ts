import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { up } from './0046-remessa-uma-por-arquivo.ts';

const t = useTestApp();

/** A remessa as the worker left it before 0046: a file, and its failure record when lines were refused. */
async function remessa(owner: number, status: string, origem: number | null = null, reason: string | null = null) {
  const row = await t.t.ctx.db
    .insertInto('remessas')
    .values({
      cod_usu: owner,
      rem_uuid: sql<string>`gen_random_uuid()`,
      rem_nome: 'antiga.csv',
      rem_sha256: 'a'.repeat(64),
      rem_arquivo: null,
      rem_status_processamento: status,
      rem_quantidade_registros: origem ? 1 : 3,
      rem_falhas: origem ? 1 : 0,
      tipo_falha: reason ? 'INVALID_FORMAT' : null,
      motivo_falha: reason,
      rem_origem: origem,
    })
    .returning('rem_codigo')
    .executeTakeFirstOrThrow();
  return row.rem_codigo;
}

describe('migration 0046: one remessa per file', () => {
  it("moves each failure record's type and reason into its file, which becomes 'Concluído com falhas', and drops the records", async () => {
    const db = t.t.ctx.db;
    const owner = (
      await db.selectFrom('usuarios').select('usu_codigo').where('usu_login', '=', 'admin@demo.local').executeTakeFirstOrThrow()
    ).usu_codigo;
    const done = await remessa(owner, 'PROCESSADO_COM_SUCESSO');
    await remessa(
      owner,
      'FALHA_NA_VALIDACAO',
      done,
      '1 linha(s) recusada(s) (Formato inválido).\nLinha 3, coluna EMAIL_DESTINATARIO: inválido.',
    );
    const going = await remessa(owner, 'EM_PROCESSAMENTO');
    await remessa(owner, 'FALHA_NA_VALIDACAO', going, '1 linha(s) recusada(s) (Formato inválido).\nLinha 2: x');
    const clean = await remessa(owner, 'PROCESSADO_COM_SUCESSO');
    const refused = await remessa(owner, 'FALHA_NA_VALIDACAO', null, 'O arquivo está vazio.');

    await up(db as never);

    const rows = await db
      .selectFrom('remessas')
      .select(['rem_codigo', 'rem_status_processamento', 'tipo_falha', 'motivo_falha', 'rem_origem'])
      .where('cod_usu', '=', owner)
      .orderBy('rem_codigo')
      .execute();
    expect(rows).toEqual([
      {
        rem_codigo: done,
        rem_status_processamento: 'PROCESSADO_COM_FALHAS',
        tipo_falha: 'INVALID_FORMAT',
        motivo_falha: '1 linha(s) recusada(s) (Formato inválido).\nLinha 3, coluna EMAIL_DESTINATARIO: inválido.',
        rem_origem: null,
      },
      {
        rem_codigo: going,
        rem_status_processamento: 'EM_PROCESSAMENTO',
        tipo_falha: 'INVALID_FORMAT',
        motivo_falha: '1 linha(s) recusada(s) (Formato inválido).\nLinha 2: x',
        rem_origem: null,
      },
      { rem_codigo: clean, rem_status_processamento: 'PROCESSADO_COM_SUCESSO', tipo_falha: null, motivo_falha: null, rem_origem: null },
      {
        rem_codigo: refused,
        rem_status_processamento: 'FALHA_NA_VALIDACAO',
        tipo_falha: 'INVALID_FORMAT',
        motivo_falha: 'O arquivo está vazio.',
        rem_origem: null,
      },
    ]);
  });
});
