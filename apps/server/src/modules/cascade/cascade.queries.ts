import type { CascadeCondition } from '@ar/core';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';

/** The queries of the channel cascade (migration 0028-cascata, docs/cascade.md). */

export interface NewCascadeStep {
  eta_ordem: number;
  eta_canal: string;
  eta_condicao: CascadeCondition | null;
  eta_situacao: 'aguardando' | 'enviada';
  eta_desde: Date | null;
  eta_prazo: Date | null;
  eta_decidida: Date | null;
  eta_motivo: string | null;
  eta_creditos: number;
}

export async function insertCascade(db: Kysely<DB>, cod_email: number, modelo: string, steps: NewCascadeStep[]): Promise<void> {
  await db.insertInto('cascatas').values({ cod_email, cas_modelo: modelo }).execute();
  await db
    .insertInto('cascata_etapas')
    .values(steps.map((s) => ({ ...s, cod_email, eta_condicao: s.eta_condicao ? JSON.stringify(s.eta_condicao) : null })))
    .execute();
}

/** A message's cascade and its steps in order (locked for the step's decision with `lock`), or undefined. */
export async function findCascade(db: Kysely<DB>, cod_email: number, opts: { lock?: boolean } = {}) {
  const cascade = await db.selectFrom('cascatas').selectAll().where('cod_email', '=', cod_email).executeTakeFirst();
  if (!cascade) return undefined;
  const q = db.selectFrom('cascata_etapas').selectAll().where('cod_email', '=', cod_email).orderBy('eta_ordem');
  const steps = await (opts.lock ? q.forNoKeyUpdate() : q).execute();
  return { ...cascade, steps };
}
export type StoredCascade = NonNullable<Awaited<ReturnType<typeof findCascade>>>;
export type StoredCascadeStep = StoredCascade['steps'][number];

export async function updateCascadeStep(
  db: Kysely<DB>,
  cod_email: number,
  eta_ordem: number,
  patch: Partial<Pick<StoredCascadeStep, 'eta_situacao' | 'eta_desde' | 'eta_prazo' | 'eta_decidida' | 'eta_motivo' | 'eta_creditos'>>,
): Promise<void> {
  await db.updateTable('cascata_etapas').set(patch).where('cod_email', '=', cod_email).where('eta_ordem', '=', eta_ordem).execute();
}

/** The channels a message's cascade has not sent (yet, or ever): they cost nothing and give nothing back. */
export async function unsentCascadeChannels(db: Kysely<DB>, cod_email: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('cascata_etapas')
    .select('eta_canal')
    .where('cod_email', '=', cod_email)
    .where('eta_situacao', '<>', 'enviada')
    .execute();
  return new Set(rows.map((r) => r.eta_canal));
}

/** A message's waiting step whose condition is a failure and whose wait has started (to wake it when a channel fails). */
export function findWaitingFailureStep(db: Kysely<DB>, cod_email: number) {
  return db
    .selectFrom('cascata_etapas')
    .select(['eta_ordem'])
    .where('cod_email', '=', cod_email)
    .where('eta_situacao', '=', 'aguardando')
    .where('eta_prazo', 'is not', null)
    .where(sql<string>`eta_condicao->>'tipo'`, '=', 'falhou')
    .executeTakeFirst();
}

/**
 * The first event of one of `types` on one of `channels`, by a person (opens and clicks made by a
 * program are evidence, not a read: docs/reads.md), or undefined.
 */
export function firstEvidence(db: Kysely<DB>, cod_email: number, channels: string[], types: string[]) {
  if (channels.length === 0 || types.length === 0) return Promise.resolve(undefined);
  return db
    .selectFrom('email_eventos')
    .select(['evt_canal', 'evt_tipo', 'evt_data'])
    .where('cod_email', '=', cod_email)
    .where('evt_canal', 'in', channels as never[])
    .where('evt_tipo', 'in', types as never[])
    .where((eb) => eb.or([eb(sql`evt_detalhes->>'classificacao'`, 'is', null), eb(sql`evt_detalhes->>'classificacao'`, '=', 'pessoa')]))
    .orderBy('evt_seq')
    .limit(1)
    .executeTakeFirst();
}

/** Who pays a message's steps: its sender's plan holder, and the send's ledger reference. */
export function findCascadePayer(db: Kysely<DB>, cod_email: number) {
  return db
    .selectFrom('emails')
    .innerJoin('usuarios', 'usuarios.usu_codigo', 'emails.cod_usu')
    .select(['usuarios.usu_codigo', 'usuarios.usu_tipo_plano', 'usuarios.cod_ger_entidade', 'emails.ema_uni_envio'])
    .where('emails.ema_uni_codigo', '=', cod_email)
    .executeTakeFirst();
}

/** A step that sent adds what it debited to the message's units (what a failure may give back). */
export async function addMessageUnits(db: Kysely<DB>, cod_email: number, units: number): Promise<void> {
  if (units <= 0) return;
  await db
    .updateTable('emails')
    .set((eb) => ({ ema_uni_creditos: eb('ema_uni_creditos', '+', units) }))
    .where('ema_uni_codigo', '=', cod_email)
    .execute();
}

// ---- the user's default plan: only the cascata key of the actor's own usuarios.usu_settings ----

/** The stored default as it was saved (checked again by the service), or null. */
export async function findDefaultCascade(db: Kysely<DB>, scope: TenantScope): Promise<unknown> {
  const row = await db
    .selectFrom('usuarios')
    .select(sql<unknown>`usu_settings -> 'cascata'`.as('cascata'))
    .where(scope.own('usuarios', 'usu_codigo'))
    .executeTakeFirst();
  return row?.cascata ?? null;
}

/** Writes settings.cascata alone (a plan, or JSON null for none), leaving every other setting as it is. */
export async function saveDefaultCascade(db: Kysely<DB>, scope: TenantScope, plan: unknown): Promise<void> {
  await db
    .updateTable('usuarios')
    .set({
      usu_settings: sql`jsonb_set(coalesce(usu_settings, '{}'::jsonb), '{cascata}', ${JSON.stringify(plan ?? null)}::jsonb, true)`,
    })
    .where(scope.own('usuarios', 'usu_codigo'))
    .execute();
}
