import type { Kysely } from 'kysely';
import type { DB, SimuladorMensagensTable } from '../../../db/schema.ts';

/*
 * The simulated phone's messages (simulador_mensagens). They belong to no tenant: the simulator is
 * a development stand-in for the providers, mounted only while a channel is on 'simulator', and
 * its page shows every simulated phone to whoever runs it, like the captured mailbox.
 */

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
 * Marks the delivered WhatsApp messages to one number read (the person opened the conversation)
 * and answers those it moved, so each gets its one 'read' webhook even if two page loads race.
 */
export function markWhatsappRead(db: Kysely<DB>, numero: string) {
  return db
    .updateTable('simulador_mensagens')
    .set({ sim_status: 'read', sim_atualizado: new Date() })
    .where('sim_numero', '=', numero)
    .where('sim_canal', '=', 'whatsapp')
    .where('sim_direcao', '=', 'saida')
    .where('sim_status', '=', 'delivered')
    .returning(COLUMNS)
    .execute();
}

/** Each simulated phone number with its message count per channel and its latest message's time, latest first. */
export function listSimulatedPhones(db: Kysely<DB>, limit: number) {
  return db
    .selectFrom('simulador_mensagens')
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
export function listConversation(db: Kysely<DB>, numero: string, limit: number) {
  return db
    .selectFrom('simulador_mensagens')
    .select(COLUMNS)
    .where('sim_numero', '=', numero)
    .orderBy('sim_codigo', 'desc')
    .limit(limit)
    .execute()
    .then((rows) => rows.reverse());
}

/** The last message the product sent to a number on a channel (what a reply answers). */
export function lastOutgoing(db: Kysely<DB>, numero: string, canal: 'sms' | 'whatsapp') {
  return db
    .selectFrom('simulador_mensagens')
    .select(COLUMNS)
    .where('sim_numero', '=', numero)
    .where('sim_canal', '=', canal)
    .where('sim_direcao', '=', 'saida')
    .orderBy('sim_codigo', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** One outgoing WhatsApp message to a number, by its wamid (the button pressed belongs to it). */
export function findOutgoingWhatsapp(db: Kysely<DB>, numero: string, wamid: string) {
  return db
    .selectFrom('simulador_mensagens')
    .select(COLUMNS)
    .where('sim_provedor', '=', 'meta')
    .where('sim_id_provedor', '=', wamid)
    .where('sim_numero', '=', numero)
    .where('sim_direcao', '=', 'saida')
    .executeTakeFirst();
}
