import type { Insertable, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { eventHash, type MessageForHash, messageHash } from './canonical.ts';
import {
  hasSendEvent,
  insertChainedEvents,
  lastEventOf,
  lastEventsOf,
  lockMessageForChain,
  lockMessagesForChain,
  sendEventsOf,
  setMessageHash,
  setMessageHashes,
} from './chain.queries.ts';
import { type ChainedEventInput, eventFields, eventRow } from './chain-fields.ts';

/**
 * The evidence chain (docs/evidence.md): appending events here, the hashed fields in
 * chain-fields.ts, the check in chain-check.ts, the statements in chain.queries.ts.
 */

/**
 * Appends one event at the end of its message's chain. Must run inside a transaction: the message
 * row is locked (FOR NO KEY UPDATE), so appends of one message are serialised and the chain cannot fork;
 * the unique (cod_email, evt_seq) index would refuse a fork anyway. The time comes from the
 * database clock, cut to milliseconds so the stored value is exactly the one hashed.
 * Answers null when the event already exists (a second 'send' of a channel).
 */
export async function appendChainedEvent(
  trx: Transaction<DB>,
  e: ChainedEventInput,
): Promise<{ evt_codigo: number; evt_hash: string } | null> {
  const msg = await lockMessageForChain(trx, e.cod_email);
  let msgHash = msg.ema_uni_hash;
  if (!msgHash) {
    msgHash = messageHash(msg as MessageForHash);
    await setMessageHash(trx, e.cod_email, msgHash);
  }
  if (e.tipo === 'send' && (await hasSendEvent(trx, e.cod_email, e.canal))) return null;
  const last = await lastEventOf(trx, e.cod_email);
  const fields = eventFields(e, msg, msgHash, last);
  const hash = eventHash(fields);
  const [inserted] = await insertChainedEvents(trx, [eventRow(e, fields, hash)]);
  return inserted ? { evt_codigo: Number(inserted.evt_codigo), evt_hash: hash } : null;
}

/**
 * Appends one event to each of several messages' chains (different messages, so different chains)
 * with a fixed number of statements whatever their number: the messages locked and read in one
 * query, their last events in one (and their 'send' events, for a batch of sends), the events
 * inserted in one, message hashes fixed in one. Same rules, fields and hashes as
 * appendChainedEvent: a 'send' of a channel that already has one is left out. Answers the events
 * appended, in the order given.
 */
export async function appendChainedEvents(
  trx: Transaction<DB>,
  events: ChainedEventInput[],
): Promise<{ cod_email: number; evt_codigo: number; evt_hash: string }[]> {
  if (events.length === 0) return [];
  const ids = events.map((e) => e.cod_email);
  if (new Set(ids).size !== ids.length) throw new Error('appendChainedEvents: one event per message');
  const messages = await lockMessagesForChain(trx, ids);
  const byId = new Map(messages.map((m) => [Number(m.ema_uni_codigo), m]));
  const lasts = await lastEventsOf(trx, ids);
  const lastOf = new Map(lasts.map((l) => [Number(l.cod_email), l]));
  const sent = events.some((e) => e.tipo === 'send') ? await sendEventsOf(trx, ids) : [];
  const isSent = new Set(sent.map((r) => `${r.cod_email}|${r.evt_canal}`));
  const todo = events.filter((e) => e.tipo !== 'send' || !isSent.has(`${e.cod_email}|${e.canal}`));
  if (todo.length === 0) return [];
  const newHashes: { id: number; hash: string }[] = [];
  const rows = todo.map((e) => {
    const msg = byId.get(e.cod_email);
    if (!msg) throw new Error(`message ${e.cod_email} not found`);
    let msgHash = msg.ema_uni_hash;
    if (!msgHash) {
      msgHash = messageHash(msg as MessageForHash);
      newHashes.push({ id: e.cod_email, hash: msgHash });
    }
    const fields = eventFields(e, msg, msgHash, lastOf.get(e.cod_email));
    return { fields, hash: eventHash(fields), cod_email: e.cod_email, canal: e.canal };
  });
  await setMessageHashes(trx, newHashes);
  const inserted = await insertChainedEvents(
    trx,
    rows.map((r) => eventRow(r, r.fields, r.hash)),
  );
  const codeOf = new Map(inserted.map((r) => [Number(r.cod_email), Number(r.evt_codigo)]));
  return rows
    .filter(({ cod_email }) => codeOf.has(cod_email))
    .map(({ hash, cod_email }) => ({ cod_email, evt_codigo: codeOf.get(cod_email) as number, evt_hash: hash }));
}

/**
 * The first event of a message that is stored in the same statement as the event (a send's
 * 'processed' events): seq 1 after the genesis hash, at the database time `msg.agora` read in the
 * same transaction. Same fields and hashes as appendChainedEvent gives a message without events.
 * The message hash is over `msg` as given: the caller must check it against the row as stored
 * (messageHash of the RETURNING values) and give up the statement if they differ.
 */
export function firstChainedEvent(
  msg: MessageForHash & { agora: Date },
  e: ChainedEventInput,
): { messageHash: string; row: Insertable<DB['email_eventos']> } {
  const msgHash = messageHash(msg);
  const fields = eventFields(e, msg, msgHash, undefined);
  return { messageHash: msgHash, row: eventRow(e, fields, eventHash(fields)) };
}
