import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { ensurePlan } from '../plans/ensure-plan.ts';
import type { PlanHolder } from '../plans/plan-source.ts';

/**
 * A new user and the plan it draws on, together: its own prepaid plan, or its entity's postpaid
 * one (docs/plans.md). `insert` writes the user in the transaction (users.queries.ts: insertUser
 * for a manager, insertSignedUpUser for a sign-up) and answers nothing when it wrote nothing.
 */
export function insertUserWithPlan(
  db: Kysely<DB>,
  insert: (trx: Kysely<DB>) => Promise<PlanHolder | undefined>,
): Promise<number | undefined> {
  return inTransaction(db, async (trx) => {
    const user = await insert(trx);
    if (!user) return undefined;
    await ensurePlan(trx, user);
    return user.usu_codigo;
  });
}
