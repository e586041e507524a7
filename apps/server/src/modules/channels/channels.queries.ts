import { type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { PhoneChannel, ProviderName } from './channel.ts';

/**
 * The phone channels' statements (docs/channels.md). Workers and provider callbacks are system
 * paths, not tenant queries: a message is reached by its code from a job, or by the provider's id
 * from a verified callback (a reply that names none: unassigned-replies.queries.ts, findReplyCandidates).
 */

/** The message a provider's id names, with its channel. */
export function findByProviderId(db: Kysely<DB>, provedor: ProviderName, id_provedor: string) {
  return db
    .selectFrom('mensagens_provedor')
    .select(['cod_email', 'canal', 'numero'])
    .where('provedor', '=', provedor)
    .where('id_provedor', '=', id_provedor)
    .executeTakeFirst();
}

/** The provider's acceptance of a message's channel, if it was sent. */
export function findProviderMessage(db: Kysely<DB>, cod_email: number, canal: PhoneChannel) {
  return db
    .selectFrom('mensagens_provedor')
    .select(['provedor', 'id_provedor', 'numero', 'criado'])
    .where('cod_email', '=', cod_email)
    .where('canal', '=', canal)
    .executeTakeFirst();
}

/** Which of these messages' channel the provider accepted already (a retried job): their codes. */
export async function findAcceptedChannels(db: Kysely<DB>, cod_emails: number[], canal: PhoneChannel): Promise<Set<number>> {
  if (cod_emails.length === 0) return new Set();
  const rows = await db
    .selectFrom('mensagens_provedor')
    .select('cod_email')
    .where('cod_email', 'in', cod_emails)
    .where('canal', '=', canal)
    .execute();
  return new Set(rows.map((r) => r.cod_email));
}

/** Stores several acceptances in one statement; answers the messages stored (not those that had one: a callback's claim, a retry). */
export async function insertProviderMessages(
  trx: Kysely<DB>,
  rows: { cod_email: number; canal: PhoneChannel; provedor: ProviderName; id_provedor: string; numero: string; resposta: unknown }[],
): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const inserted = await trx
    .insertInto('mensagens_provedor')
    .values(rows.map((row) => ({ ...row, resposta: JSON.stringify(row.resposta ?? {}) })))
    .onConflict((oc) => oc.doNothing())
    .returning('cod_email')
    .execute();
  return new Set(inserted.map((r) => r.cod_email));
}

/** Stores a provider's acceptance; false when the message's channel already has one (a retried job). */
export async function insertProviderMessage(
  trx: Kysely<DB>,
  row: { cod_email: number; canal: PhoneChannel; provedor: ProviderName; id_provedor: string; numero: string; resposta: unknown },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('mensagens_provedor')
    .values({ ...row, resposta: JSON.stringify(row.resposta ?? {}) })
    .onConflict((oc) => oc.doNothing())
    .returning('cod_email')
    .executeTakeFirst();
  return !!inserted;
}

/** Marks a provider event applied; false when it was already (a callback delivered again). */
export async function markProviderEvent(trx: Transaction<DB>, provedor: ProviderName, chave: string, cod_email: number): Promise<boolean> {
  const inserted = await trx
    .insertInto('provedor_eventos')
    .values({ provedor, chave: chave.slice(0, 300), cod_email })
    .onConflict((oc) => oc.columns(['provedor', 'chave']).doNothing())
    .returning('chave')
    .executeTakeFirst();
  return !!inserted;
}

/** Whether a provider event was applied already (read before a transaction, to skip a known repeat cheaply). */
export async function providerEventKnown(db: Kysely<DB>, provedor: ProviderName, chave: string): Promise<boolean> {
  const row = await db
    .selectFrom('provedor_eventos')
    .select('cod_email')
    .where('provedor', '=', provedor)
    .where('chave', '=', chave.slice(0, 300))
    .executeTakeFirst();
  return !!row;
}

/** The columns of a message the phone channels read. */
function channelMessageQuery(db: Kysely<DB>) {
  return db
    .selectFrom('emails')
    .select([
      'ema_uni_codigo',
      'ema_uni_id',
      'ema_uni_envio',
      'ema_uni_name_from',
      'ema_uni_subject',
      'ema_uni_to',
      'ema_uni_sms',
      'ema_uni_whatsapp',
      'ema_uni_carta',
      'ema_uni_voz',
      'ema_uni_creditos',
      'ema_status_email',
      'ema_status_sms',
      'ema_status_whatsapp',
      'ema_alcance_email',
      'ema_alcance_sms',
      'ema_alcance_whatsapp',
      'ema_alcance_carta',
      'ema_alcance_voz',
    ]);
}

/**
 * A message as the phone channels need it, its row locked with `lock` (FOR NO KEY UPDATE: docs/architecture.md, "Row locks"): the
 * targets, the statuses reached (a failure refunds once), and what its credits were debited under.
 */
export function findChannelMessage(db: Kysely<DB>, cod_email: number, opts: { lock?: boolean } = {}) {
  const q = channelMessageQuery(db).where('ema_uni_codigo', '=', cod_email);
  return (opts.lock ? q.forNoKeyUpdate() : q).executeTakeFirst();
}

export type ChannelMessage = NonNullable<Awaited<ReturnType<typeof findChannelMessage>>>;

/** findChannelMessage for a worker's batch, unlocked, in one query. */
export function findChannelMessages(db: Kysely<DB>, cod_emails: number[]): Promise<ChannelMessage[]> {
  if (cod_emails.length === 0) return Promise.resolve([]);
  return channelMessageQuery(db).where('ema_uni_codigo', 'in', cod_emails).execute();
}

/**
 * A status callback that names its message (Twilio's StatusCallback carries the message's uuid)
 * arrived before the send worker stored the provider's id: the id comes from the signed callback,
 * so it is stored now, marked as learnt from the callback (the worker's acceptance completes it).
 * Answers the message, or undefined when the uuid names no message with that channel.
 */
export async function claimProviderIdByUuid(
  trx: Kysely<DB>,
  row: { uuid: string; canal: PhoneChannel; provedor: ProviderName; id_provedor: string },
) {
  const msg = await trx
    .selectFrom('emails')
    .select(['ema_uni_codigo', 'ema_uni_sms', 'ema_uni_whatsapp'])
    .where('ema_uni_id', '=', row.uuid)
    .executeTakeFirst();
  const numero = row.canal === 'sms' ? msg?.ema_uni_sms?.number : msg?.ema_uni_whatsapp?.numberReceived;
  if (!msg || !numero) return undefined;
  await trx
    .insertInto('mensagens_provedor')
    .values({
      cod_email: msg.ema_uni_codigo,
      canal: row.canal,
      provedor: row.provedor,
      id_provedor: row.id_provedor,
      numero,
      resposta: JSON.stringify({ origem: 'callback' }),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return findByProviderId(trx, row.provedor, row.id_provedor);
}

/** Completes a provider id learnt from a callback with the send's answer; true when there was one to complete. */
export async function completeClaimedProviderMessage(
  trx: Kysely<DB>,
  row: { cod_email: number; canal: PhoneChannel; provedor: ProviderName; id_provedor: string; resposta: unknown },
): Promise<boolean> {
  const updated = await trx
    .updateTable('mensagens_provedor')
    .set({ resposta: JSON.stringify(row.resposta ?? {}) })
    .where('cod_email', '=', row.cod_email)
    .where('canal', '=', row.canal)
    .where('provedor', '=', row.provedor)
    .where('id_provedor', '=', row.id_provedor)
    .where(sql<SqlBool>`resposta->>'origem' = 'callback'`)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}
