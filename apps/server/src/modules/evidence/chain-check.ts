import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TenantScope } from '../tenancy/tenant-scope.ts';
import { genesisHash, type MessageForHash, messageHash } from './canonical.ts';
import { findMessageForCheck, findOwnMessageForCheck, storedEventsOf } from './chain.queries.ts';
import { recomputeEventHash, type StoredEvent } from './chain-fields.ts';

export interface ChainReport {
  cod_email: number;
  uuid: string;
  /** Hash of the message as stored now, and the one fixed when its first event was chained. */
  messageHash: string;
  storedMessageHash: string | null;
  events: number;
  isIntact: boolean;
  /**
   * The first event whose stored hash is not what its fields and predecessor give, or the first
   * position missing at the chain's end (no event there: evt_codigo null).
   */
  firstBroken: { evt_codigo: number | null; evt_seq: number; reason: string } | null;
  lastHash: string | null;
}

/** The message with the head of its chain (email_cadeias, kept by the database on every insert of events; migration 0037). */
export type CheckedMessage = MessageForHash & { ema_uni_hash: string | null; cad_seq: number | null; cad_hash: string | null };

/** Where a chain breaks: an event, or a position with no event (the first one missing at the end). */
type BrokenAt = Pick<StoredEvent, 'evt_codigo' | 'evt_seq'> | { evt_codigo: null; evt_seq: number };

/**
 * Recomputes a message's chain from what is stored: the message hash from its content, the
 * genesis, then each event in order, and compares its end with the head the database keeps. Any
 * changed byte (content, an event field, a deleted or reordered event, events removed from the end)
 * shows up as the first broken event. By the message's id: the system's check.
 */
export async function checkChain(db: Kysely<DB>, cod_email: number): Promise<ChainReport | null> {
  const msg = await findMessageForCheck(db, cod_email);
  return msg ? chainReport(cod_email, msg as CheckedMessage, await storedEventsOf(db, cod_email)) : null;
}

/** The same check of the signed-in user's own message: another user's message answers null (a 404 for its caller). */
export async function checkOwnChain(db: Kysely<DB>, scope: TenantScope, cod_email: number): Promise<ChainReport | null> {
  const msg = await findOwnMessageForCheck(db, scope, cod_email);
  return msg ? chainReport(cod_email, msg as CheckedMessage, await storedEventsOf(db, cod_email)) : null;
}

/** The check of one message's chain from its row and its events in order (also the evidence audit's, modules/backup/audit.ts). */
export function chainReport(cod_email: number, msg: CheckedMessage, events: StoredEvent[]): ChainReport {
  const current = messageHash(msg);
  const report: ChainReport = {
    cod_email,
    uuid: msg.ema_uni_id,
    messageHash: current,
    storedMessageHash: msg.ema_uni_hash,
    events: events.length,
    isIntact: true,
    firstBroken: null,
    lastHash: null,
  };
  const broken = (ev: BrokenAt, reason: string) => {
    report.isIntact = false;
    report.firstBroken = { evt_codigo: ev.evt_codigo === null ? null : Number(ev.evt_codigo), evt_seq: ev.evt_seq, reason };
    return report;
  };
  let previous = genesisHash(msg.ema_uni_id, current);
  for (const [i, ev] of events.entries()) {
    if (ev.evt_seq !== i + 1) return broken(ev, `sequência ${ev.evt_seq} onde se esperava ${i + 1} (evento removido ou fora de ordem)`);
    if (ev.evt_hash_anterior !== previous) {
      return broken(
        ev,
        i === 0 && msg.ema_uni_hash !== current
          ? 'o conteúdo da mensagem não é o que foi registrado (hash da mensagem diferente)'
          : 'o hash anterior gravado não é o hash do evento anterior',
      );
    }
    const hash = recomputeEventHash(msg.ema_uni_id, ev, previous);
    if (hash !== ev.evt_hash) return broken(ev, 'os dados do evento não correspondem ao seu hash');
    previous = hash;
    report.lastHash = hash;
  }
  return endOfChain(msg, events, broken) ?? report;
}

/**
 * A hash chain proves what precedes each event, never that nothing followed the last one: deleting
 * the last events (or all) leaves a chain that recomputes. The head the database keeps does
 * (migration 0037): the chain must end at its position and hash. A chain of one event has no head
 * row; the message hash, fixed with its first event, stands for it.
 */
function endOfChain(msg: CheckedMessage, events: StoredEvent[], broken: (ev: BrokenAt, reason: string) => ChainReport): ChainReport | null {
  const n = events.length;
  const headSeq = msg.cad_seq ?? (msg.ema_uni_hash === null ? 0 : 1);
  if (n < headSeq) {
    return broken(
      { evt_codigo: null, evt_seq: n + 1 },
      `${headSeq - n} evento(s) removido(s) do fim da cadeia: registrados ${headSeq}, encontrados ${n}`,
    );
  }
  const beyond = events[headSeq];
  if (beyond)
    return broken(beyond, `evento além do último que a cadeia registrou (${headSeq}): incluído sem o registro, ou o registro removido`);
  const last = events.at(-1);
  if (last && msg.cad_hash !== null && last.evt_hash !== msg.cad_hash) {
    return broken(last, 'o último evento não é o que a cadeia registrou (evento substituído)');
  }
  return null;
}
