import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { findPlanBySource } from '../credits/credits.queries.ts';
import { type PlanHolder, planSourceOf } from './plan-source.ts';
import { insertPlanIfMissing } from './plans.queries.ts';

/**
 * Makes sure the plan a user draws on exists and answers its code: the user's own prepaid plan,
 * or its entity's postpaid plan. Idempotent (one plan per owner, ON CONFLICT DO NOTHING), so user
 * creation calls it freely — inside its own transaction when it has one.
 */
export async function ensurePlan(db: Kysely<DB>, user: PlanHolder): Promise<number> {
  const source = planSourceOf(user);
  const existing = await findPlanBySource(db, source.pla_nivel, source.pla_codigo_usu_ent);
  if (existing) return existing.pla_codigo;
  await insertPlanIfMissing(db, source);
  const row = await findPlanBySource(db, source.pla_nivel, source.pla_codigo_usu_ent);
  if (!row) throw new Error('plan not created');
  return row.pla_codigo;
}
