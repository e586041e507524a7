import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';

/** Outgoing webhooks (docs/integrations.md): endpoints are a user's own rows; deliveries are reached through their endpoint. */

const ENDPOINT_COLUMNS = [
  'whk_codigo',
  'whk_url',
  'whk_eventos',
  'whk_ativo',
  'whk_criado',
  'whk_falhando_desde',
  'whk_desativado',
] as const;

export function insertWebhook(db: Kysely<DB>, scope: TenantScope, w: { url: string; eventos: string[]; segredo: string }) {
  return db
    .insertInto('webhooks')
    .values({ cod_usu: scope.owner, whk_url: w.url, whk_eventos: sql<string[]>`${sql.val(w.eventos)}::text[]`, whk_segredo: w.segredo })
    .returning(ENDPOINT_COLUMNS)
    .executeTakeFirstOrThrow();
}

export function listWebhooks(db: Kysely<DB>, scope: TenantScope) {
  return db.selectFrom('webhooks').select(ENDPOINT_COLUMNS).where(scope.own('webhooks')).orderBy('whk_codigo', 'desc').execute();
}

export function findOwnWebhook(db: Kysely<DB>, scope: TenantScope, id: number) {
  return db.selectFrom('webhooks').select(ENDPOINT_COLUMNS).where(scope.own('webhooks')).where('whk_codigo', '=', id).executeTakeFirst();
}

export async function deleteWebhook(db: Kysely<DB>, scope: TenantScope, id: number): Promise<boolean> {
  const row = await db
    .deleteFrom('webhooks')
    .where(scope.own('webhooks'))
    .where('whk_codigo', '=', id)
    .returning('whk_codigo')
    .executeTakeFirst();
  return !!row;
}

/** One page of an endpoint's deliveries (the endpoint already checked as the actor's), newest first, with their attempts. */
export async function listDeliveries(db: Kysely<DB>, webhookId: number, page: { limit: number; offset: number }) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('webhook_entregas')
      .select(['ent_codigo', 'ent_msg_id', 'ent_tipo', 'ent_situacao', 'ent_criada', 'ent_proxima', 'ent_corpo'])
      .where('cod_webhook', '=', webhookId)
      .orderBy('ent_codigo', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('webhook_entregas')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('cod_webhook', '=', webhookId)
      .executeTakeFirstOrThrow(),
  ]);
  const ids = rows.map((r) => r.ent_codigo);
  const attempts = ids.length
    ? await db
        .selectFrom('webhook_tentativas')
        .select(['cod_entrega', 'ten_data', 'ten_status', 'ten_erro', 'ten_duracao_ms', 'ten_proxima'])
        .where('cod_entrega', 'in', ids.map(Number))
        .orderBy('ten_codigo')
        .execute()
    : [];
  return { rows, attempts, rowCount: total.n };
}

/** A delivery of one of the actor's endpoints, set to go again from the first attempt; false when there is none. */
export async function resetDelivery(db: Kysely<DB>, scope: TenantScope, webhookId: number, deliveryId: number): Promise<boolean> {
  const row = await db
    .updateTable('webhook_entregas')
    .set({ ent_situacao: 'pendente', ent_tentativas: 0, ent_proxima: sql<Date>`now()` })
    .where('ent_codigo', '=', String(deliveryId))
    .where('cod_webhook', '=', webhookId)
    .where('cod_webhook', 'in', (eb) => eb.selectFrom('webhooks').select('whk_codigo').where(scope.own('webhooks')))
    .returning('ent_codigo')
    .executeTakeFirst();
  return !!row;
}

/** The events (of the ids given) that are statuses, each with every active endpoint of its message's owner that wants them. */
export function eventsForEndpoints(db: Kysely<DB>, evtCodigos: number[]) {
  return db
    .selectFrom('email_eventos as e')
    .innerJoin('emails as m', 'm.ema_uni_codigo', 'e.cod_email')
    .innerJoin('webhooks as w', (j) =>
      j.onRef('w.cod_usu', '=', 'm.cod_usu').on('w.whk_ativo', '=', true).on(sql<boolean>`'mensagem.status' = ANY(w.whk_eventos)`),
    )
    .select([
      'w.whk_codigo',
      'e.evt_codigo',
      'e.evt_canal',
      'e.evt_tipo',
      'e.evt_data',
      'e.evt_seq',
      'e.evt_hash',
      'm.ema_uni_id',
      'm.ema_uni_codigo',
      'm.ema_uni_identificacao',
      'm.ema_uni_to',
      'm.ema_uni_name_to',
      'm.ema_uni_sms',
      'm.ema_uni_whatsapp',
      'm.ema_uni_voz',
    ])
    .where('e.evt_codigo', 'in', evtCodigos)
    .where('e.evt_tipo', 'not in', ['click', 'download'])
    .orderBy('e.evt_codigo')
    .execute();
}

export async function insertDeliveries(
  trx: Transaction<DB>,
  rows: { cod_webhook: number; evt_codigo: number; ent_msg_id: string; ent_tipo: string; ent_corpo: string }[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await trx
    .insertInto('webhook_entregas')
    .values(rows.map((r) => ({ ...r, ent_proxima: sql<Date>`now()` })))
    .onConflict((oc) => oc.columns(['cod_webhook', 'evt_codigo']).doNothing())
    .returning('ent_codigo')
    .execute();
  return inserted.map((r) => String(r.ent_codigo));
}

/** A delivery with what its attempt needs: its endpoint's URL, secret and state. */
export function deliveryToAttempt(db: Kysely<DB>, deliveryId: string) {
  return db
    .selectFrom('webhook_entregas as d')
    .innerJoin('webhooks as w', 'w.whk_codigo', 'd.cod_webhook')
    .innerJoin('usuarios as u', 'u.usu_codigo', 'w.cod_usu')
    .select([
      'd.ent_codigo',
      'd.ent_msg_id',
      'd.ent_corpo',
      'd.ent_situacao',
      'd.ent_tentativas',
      'w.whk_codigo',
      'w.whk_url',
      'w.whk_segredo',
      'w.whk_ativo',
      'w.whk_falhando_desde',
      'w.cod_usu',
      'u.usu_login',
      'u.usu_nome',
    ])
    .where('d.ent_codigo', '=', deliveryId)
    .executeTakeFirst();
}

export async function recordAttempt(
  trx: Transaction<DB>,
  a: {
    deliveryId: string;
    at: Date;
    status: number | null;
    error: string | null;
    durationMs: number;
    next: Date | null;
    state: 'pendente' | 'entregue' | 'falhou';
    tries: number;
  },
): Promise<void> {
  await trx
    .insertInto('webhook_tentativas')
    .values({
      cod_entrega: Number(a.deliveryId),
      ten_data: a.at,
      ten_status: a.status,
      ten_erro: a.error,
      ten_duracao_ms: a.durationMs,
      ten_proxima: a.next,
    })
    .execute();
  await trx
    .updateTable('webhook_entregas')
    .set({ ent_situacao: a.state, ent_tentativas: a.tries, ent_proxima: a.next })
    .where('ent_codigo', '=', a.deliveryId)
    .execute();
}

/** The endpoint answered: it is not failing any more. */
export async function markEndpointHealthy(trx: Transaction<DB>, webhookId: number): Promise<void> {
  await trx
    .updateTable('webhooks')
    .set({ whk_falhando_desde: null })
    .where('whk_codigo', '=', webhookId)
    .where('whk_falhando_desde', 'is not', null)
    .execute();
}

/** The endpoint failed at `at`: answers since when it has been failing. */
export async function markEndpointFailing(trx: Transaction<DB>, webhookId: number, at: Date): Promise<Date> {
  const row = await trx
    .updateTable('webhooks')
    .set({ whk_falhando_desde: sql<Date>`coalesce(whk_falhando_desde, ${at})` })
    .where('whk_codigo', '=', webhookId)
    .returning('whk_falhando_desde')
    .executeTakeFirstOrThrow();
  return new Date(row.whk_falhando_desde ?? at);
}

/** Disables an endpoint; false when it was already. */
export async function disableEndpoint(trx: Transaction<DB>, webhookId: number, at: Date): Promise<boolean> {
  const row = await trx
    .updateTable('webhooks')
    .set({ whk_ativo: false, whk_desativado: at })
    .where('whk_codigo', '=', webhookId)
    .where('whk_ativo', '=', true)
    .returning('whk_codigo')
    .executeTakeFirst();
  return !!row;
}
