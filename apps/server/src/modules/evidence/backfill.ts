import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { eventsToBackfill, messagesToBackfill, messageToBackfill, numberEvent, setEventHashes } from './backfill.queries.ts';
import { genesisHash, type MessageForHash, messageHash } from './canonical.ts';
import { setMessageHash } from './chain.queries.ts';
import { recomputeEventHash } from './chain-fields.ts';

/**
 * Migration 0007: chains the events recorded before the evidence existed, in the order they were
 * recorded (evt_codigo). They keep their time, IP and details; they have no place (geolocation)
 * and no time stamp until the stamp sweep gives them one. Runs once, before the tables are sealed.
 */
export async function backfillChains(anyDb: Kysely<unknown>): Promise<void> {
  const db = anyDb as unknown as Kysely<DB>;
  for (;;) {
    const pending = await messagesToBackfill(db);
    if (pending.length === 0) return;
    for (const { cod_email } of pending) {
      const msg = await messageToBackfill(db, cod_email);
      const msgHash = messageHash(msg as MessageForHash);
      await setMessageHash(db, cod_email, msgHash);
      const events = await eventsToBackfill(db, cod_email);
      let previous = genesisHash(msg.ema_uni_id, msgHash);
      for (const [i, ev] of events.entries()) {
        // Times recorded with microseconds are cut to the milliseconds the serialisation carries.
        const full = await numberEvent(db, ev.evt_codigo, i + 1);
        const hash = recomputeEventHash(msg.ema_uni_id, full, previous);
        await setEventHashes(db, ev.evt_codigo, previous, hash);
        previous = hash;
      }
    }
  }
}
