import type { Kysely } from 'kysely';
import { fromKysely, type PgBoss } from 'pg-boss';
import type { DB } from '../../db/schema.ts';
import { findWaitingFailureStep } from './cascade.queries.ts';

/** The queue of the cascade's steps (docs/cascade.md): one job per step, starting at its deadline. */
export const CASCADE_STEP_QUEUE = 'cascata-etapa';

export interface CascadeStepJob {
  cod_email: number;
  /** The step's position (0 is the first). */
  ordem: number;
}

/**
 * Queues a step's decision for `at`, in the caller's transaction (no step without its job). A step
 * woken early (a channel failed before a 'falhou' step's deadline) is queued again for now: the
 * decision is idempotent (the step is decided once, under a lock), so two jobs of a step are harmless.
 */
export async function queueCascadeStep(trx: Kysely<DB>, boss: PgBoss, cod_email: number, ordem: number, at: Date): Promise<void> {
  const jobs = await boss.insert(CASCADE_STEP_QUEUE, [{ data: { cod_email, ordem } satisfies CascadeStepJob, startAfter: at }], {
    db: fromKysely(trx),
    returnId: true,
  });
  if (jobs?.length !== 1) throw new Error(`cascade step ${ordem} of message ${cod_email} not queued`);
}

/** A channel failed: a waiting 'falhou' step of its message is decided now instead of at its deadline. */
export async function wakeCascadeOnFailure(trx: Kysely<DB>, boss: PgBoss, cod_email: number): Promise<void> {
  const step = await findWaitingFailureStep(trx, cod_email);
  if (step) await queueCascadeStep(trx, boss, cod_email, step.eta_ordem, new Date());
}
