import { type Insertable, type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * The statements of the demo data, its history and the first administrator (scripts/create-admin.ts).
 * They run before anyone signs in, so they take no tenant scope: they create the tenants.
 */

export async function userIdByLogin(db: Kysely<DB>, login: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('usuarios')
    .select('usu_codigo')
    .where(sql`lower(usu_login)`, '=', login.toLowerCase())
    .executeTakeFirst();
  return row?.usu_codigo;
}

/** Renames a user only while it still has `from` (a name the user chose is left alone). */
export async function renameUserIf(db: Kysely<DB>, login: string, from: string, to: string): Promise<void> {
  await db.updateTable('usuarios').set({ usu_nome: to }).where('usu_login', '=', login).where('usu_nome', '=', from).execute();
}

export async function insertCompany(db: Kysely<DB>, values: Insertable<DB['empresas']>): Promise<number> {
  return (await db.insertInto('empresas').values(values).returning('emp_codigo').executeTakeFirstOrThrow()).emp_codigo;
}

export async function insertEntity(db: Kysely<DB>, values: Insertable<DB['entidades']>): Promise<number> {
  return (await db.insertInto('entidades').values(values).returning('ent_codigo').executeTakeFirstOrThrow()).ent_codigo;
}

export async function insertUser(db: Kysely<DB>, values: Insertable<DB['usuarios']>): Promise<number> {
  return (await db.insertInto('usuarios').values(values).returning('usu_codigo').executeTakeFirstOrThrow()).usu_codigo;
}

/** An administrator heads its own administration (cod_ger_adm is itself) and its company's. */
export async function makeAdministrator(db: Kysely<DB>, admin: number, empresa: number): Promise<void> {
  await db.updateTable('usuarios').set({ cod_ger_adm: admin }).where('usu_codigo', '=', admin).execute();
  await db.updateTable('empresas').set({ cod_ger_adm: admin }).where('emp_codigo', '=', empresa).execute();
}

/** The demo history's user, as an Actor is built from it. */
export function historyUser(db: Kysely<DB>, login: string) {
  return db
    .selectFrom('usuarios')
    .select(['usu_codigo', 'usu_nivel', 'usu_login', 'usu_nome', 'cod_ger_adm', 'cod_ger_empresa', 'cod_ger_entidade', 'usu_tipo_plano'])
    .where('usu_login', '=', login)
    .executeTakeFirst();
}

export async function hasAnyMessage(db: Kysely<DB>, user: number): Promise<boolean> {
  return !!(await db.selectFrom('emails').select('ema_uni_codigo').where('cod_usu', '=', user).limit(1).executeTakeFirst());
}

/**
 * How many of these messages have left (each goes by one channel): a 'send' event, or an 'erro'
 * without one (a WhatsApp number the provider refuses at once); and when the last was recorded.
 */
export function sendEventsOf(db: Kysely<DB>, codes: number[]) {
  return db
    .selectFrom('email_eventos')
    .select([sql<number>`count(distinct cod_email)`.as('n'), sql<Date | string | null>`max(evt_data)`.as('last')])
    .where('cod_email', 'in', codes)
    .where('evt_tipo', 'in', ['send', 'erro'])
    .executeTakeFirstOrThrow();
}

/** The phone channels' statuses of these messages (the demo history waits for the simulator's callbacks). */
export function channelStatusesOf(db: Kysely<DB>, codes: number[]) {
  return db
    .selectFrom('emails')
    .select(['ema_uni_codigo', 'ema_status_sms', 'ema_status_whatsapp'])
    .where('ema_uni_codigo', 'in', codes)
    .execute();
}
