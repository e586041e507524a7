import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { ensurePlan } from '../plans/ensure-plan.ts';
import { type Insertable, insertUser } from './users.queries.ts';

/**
 * A new user and the plan it draws on, together: its own prepaid plan, or its entity's postpaid
 * one (docs/plans.md). Both users created by a manager and users who sign up come through here.
 */
export function insertUserWithPlan(db: Kysely<DB>, values: Insertable): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const usu_codigo = await insertUser(trx, values);
    await ensurePlan(trx, { usu_codigo, usu_tipo_plano: values.usu_tipo_plano, cod_ger_entidade: values.cod_ger_entidade });
    return usu_codigo;
  });
}
