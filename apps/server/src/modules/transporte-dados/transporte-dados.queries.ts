import type { TransporteCampos } from '@ar/core';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';

const COLUMNS = ['rem_trans_codigo', 'rem_trans_nome', 'rem_trans_campos', 'rem_trans_data_criacao'] as const;
export type TransporteRow = {
  rem_trans_codigo: number;
  rem_trans_nome: string;
  rem_trans_campos: TransporteCampos;
  rem_trans_data_criacao: Date;
};
export type TransporteValues = { rem_trans_nome: string; rem_trans_campos: TransporteCampos };

const toRow = (v: TransporteValues) => ({ rem_trans_nome: v.rem_trans_nome, rem_trans_campos: JSON.stringify(v.rem_trans_campos) });

/** The signed-in user's data transports, newest first (the 'Carregar modelo' modal lists them all). */
export function listTransportes(db: Kysely<DB>, scope: TenantScope, limit: number): Promise<TransporteRow[]> {
  return db
    .selectFrom('remessa_transportes')
    .select(COLUMNS)
    .where(scope.own('remessa_transportes'))
    .orderBy('rem_trans_codigo', 'desc')
    .limit(limit)
    .execute();
}

export async function countTransportes(db: Kysely<DB>, scope: TenantScope): Promise<number> {
  const row = await db
    .selectFrom('remessa_transportes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(scope.own('remessa_transportes'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertTransporte(db: Kysely<DB>, scope: TenantScope, values: TransporteValues): Promise<TransporteRow> {
  return db
    .insertInto('remessa_transportes')
    .values({ cod_usu: scope.owner, ...toRow(values) })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export function updateTransporte(
  db: Kysely<DB>,
  scope: TenantScope,
  id: number,
  values: TransporteValues,
): Promise<TransporteRow | undefined> {
  return db
    .updateTable('remessa_transportes')
    .set({ ...toRow(values), rem_trans_data_atualizacao: new Date() })
    .where(scope.own('remessa_transportes'))
    .where('rem_trans_codigo', '=', id)
    .returning(COLUMNS)
    .executeTakeFirst();
}

export async function deleteTransporte(db: Kysely<DB>, scope: TenantScope, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('remessa_transportes')
    .where(scope.own('remessa_transportes'))
    .where('rem_trans_codigo', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
