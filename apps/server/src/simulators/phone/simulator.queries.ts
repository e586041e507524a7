import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { DB, SimuladorMensagensTable } from '../../db/schema.ts';
import type { TenantScope } from '../../modules/tenancy/tenant-scope.ts';

/*
 * The simulated phone's messages (simulador_mensagens). The simulator answers the providers'
 * protocols for every tenant (one shared number, as a real provider's), but the phone's pages show
 * a signed-in user only its tenant's rows (docs/simulators.md): an outgoing message whose product
 * message (mensagens_provedor → emails.cod_usu) belongs to a user the actor may read, and an
 * incoming one typed by such a user (sim_cod_usu). The provider-side statements (a callback's
 * status, a message accepted) take no scope: the provider's credentials are their check.
 */

/** The phone's tenant rule over simulador_mensagens aliased `s` (see above). */
export function visibleTo(scope: TenantScope): Expression<SqlBool> {
  return sql<SqlBool>`(
    (s.sim_direcao = 'saida' AND EXISTS (
      SELECT 1 FROM mensagens_provedor mp
      JOIN emails e ON e.ema_uni_codigo = mp.cod_email
      JOIN usuarios su ON su.usu_codigo = e.cod_usu
      WHERE mp.provedor = s.sim_provedor AND mp.id_provedor = s.sim_id_provedor AND ${scope.users('su')}))
    OR (s.sim_direcao = 'entrada' AND EXISTS (
      SELECT 1 FROM usuarios su WHERE su.usu_codigo = s.sim_cod_usu AND ${scope.users('su')})))`;
}

export interface NewSimulatedMessage {
  sim_provedor: SimuladorMensagensTable['sim_provedor'];
  sim_id_provedor: string;
  sim_direcao: SimuladorMensagensTable['sim_direcao'];
  sim_canal: SimuladorMensagensTable['sim_canal'];
  sim_numero: string;
  sim_de: string;
  sim_corpo: string;
  sim_parametros?: Record<string, unknown> | null;
  sim_contexto?: string | null;
  sim_status_callback?: string | null;
  sim_status: string;
  sim_erro?: number | null;
  /** An inbound message's author (the signed-in user on the phone page). */
  sim_cod_usu?: number | null;
}

const COLUMNS = [
  'sim_codigo',
  'sim_provedor',
  'sim_id_provedor',
  'sim_direcao',
  'sim_canal',
  'sim_numero',
  'sim_de',
  'sim_corpo',
  'sim_parametros',
  'sim_contexto',
  'sim_status_callback',
  'sim_status',
  'sim_erro',
  'sim_criado',
  'sim_atualizado',
] as const;

export function insertSimulatedMessage(db: Kysely<DB>, m: NewSimulatedMessage) {
  return db
    .insertInto('simulador_mensagens')
    .values({ ...m, sim_parametros: m.sim_parametros ? JSON.stringify(m.sim_parametros) : null })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export type SimulatedMessage = Awaited<ReturnType<typeof insertSimulatedMessage>>;

/** Moves a message to the provider's next status (and its error code, when it failed). */
export async function setSimulatedStatus(db: Kysely<DB>, id: number, status: string, erro: number | null = null): Promise<void> {
  await db
    .updateTable('simulador_mensagens')
    .set({ sim_status: status, sim_erro: erro, sim_atualizado: new Date() })
    .where('sim_codigo', '=', id)
    .execute();
}

/**
 * Marks one delivered WhatsApp message to a number read and answers it when it moved, so it gets its
 * one 'read' webhook even if two presses race. `scope`: the signed-in user who pressed 'Marcar como
 * lida' (only its tenant's messages); null: the phone that answers by itself (answersByItself).
 */
export function markWhatsappRead(db: Kysely<DB>, scope: TenantScope | null, numero: string, wamid: string) {
  return db
    .updateTable('simulador_mensagens as s')
    .set({ sim_status: 'read', sim_atualizado: new Date() })
    .where('s.sim_numero', '=', numero)
    .where('s.sim_provedor', '=', 'meta')
    .where('s.sim_id_provedor', '=', wamid)
    .where('s.sim_direcao', '=', 'saida')
    .where('s.sim_status', '=', 'delivered')
    .where(scope ? visibleTo(scope) : sql<SqlBool>`true`)
    .returning(COLUMNS)
    .executeTakeFirst();
}

/** Each simulated phone number with its message count per channel and its latest message's time, latest first. */
export function listSimulatedPhones(db: Kysely<DB>, scope: TenantScope, limit: number) {
  return db
    .selectFrom('simulador_mensagens as s')
    .where(visibleTo(scope))
    .select((eb) => [
      'sim_numero',
      eb.fn.countAll<string>().filterWhere('sim_canal', '=', 'sms').as('sms'),
      eb.fn.countAll<string>().filterWhere('sim_canal', '=', 'whatsapp').as('whatsapp'),
      eb.fn.max('sim_criado').as('ultima'),
    ])
    .groupBy('sim_numero')
    .orderBy('ultima', 'desc')
    .limit(limit)
    .execute();
}

export type SimulatedPhone = Awaited<ReturnType<typeof listSimulatedPhones>>[number];

/** One number's messages, oldest first (a conversation reads downwards). */
export function listConversation(db: Kysely<DB>, scope: TenantScope, numero: string, limit: number) {
  return db
    .selectFrom('simulador_mensagens as s')
    .select(COLUMNS)
    .where('sim_numero', '=', numero)
    .where(visibleTo(scope))
    .orderBy('sim_codigo', 'desc')
    .limit(limit)
    .execute()
    .then((rows) => rows.reverse());
}

/** The last message the actor's tenant sent to a number on a channel (what a reply typed by the actor answers). */
export function lastOutgoing(db: Kysely<DB>, scope: TenantScope, numero: string, canal: 'sms' | 'whatsapp') {
  return db
    .selectFrom('simulador_mensagens as s')
    .where(visibleTo(scope))
    .select(COLUMNS)
    .where('sim_numero', '=', numero)
    .where('sim_canal', '=', canal)
    .where('sim_direcao', '=', 'saida')
    .orderBy('sim_codigo', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** One outgoing WhatsApp message of the actor's tenant to a number, by its wamid (the button pressed belongs to it). */
export function findOutgoingWhatsapp(db: Kysely<DB>, scope: TenantScope, numero: string, wamid: string) {
  return db
    .selectFrom('simulador_mensagens as s')
    .where(visibleTo(scope))
    .select(COLUMNS)
    .where('sim_provedor', '=', 'meta')
    .where('sim_id_provedor', '=', wamid)
    .where('sim_numero', '=', numero)
    .where('sim_direcao', '=', 'saida')
    .executeTakeFirst();
}

/** The product's user whose message an outgoing simulated message carries (the phone's automatic replies are filed as that user's). */
export async function ownerOfOutgoing(
  db: Kysely<DB>,
  m: Pick<SimulatedMessage, 'sim_provedor' | 'sim_id_provedor'>,
): Promise<number | null> {
  const row = await db
    .selectFrom('mensagens_provedor as mp')
    .innerJoin('emails as e', 'e.ema_uni_codigo', 'mp.cod_email')
    .select('e.cod_usu')
    .where('mp.provedor', '=', m.sim_provedor)
    .where('mp.id_provedor', '=', m.sim_id_provedor)
    .executeTakeFirst();
  return row?.cod_usu ?? null;
}

/** Of these calls (their CallSids), those whose message belongs to a user the actor may read: the phone shows only those. */
export async function callsVisibleTo(db: Kysely<DB>, scope: TenantScope, sids: string[]): Promise<Set<string>> {
  if (!sids.length) return new Set();
  const rows = await db
    .selectFrom('voz_chamadas as vc')
    .innerJoin('emails as e', 'e.ema_uni_codigo', 'vc.cod_email')
    .innerJoin('usuarios as su', 'su.usu_codigo', 'e.cod_usu')
    .select('vc.call_sid')
    .where('vc.call_sid', 'in', sids)
    .where(scope.users('su'))
    .execute();
  return new Set(rows.map((r) => r.call_sid));
}
