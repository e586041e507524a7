import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { genesisHash, type MessageForHash, messageHash } from './canonical.ts';
import { EVENT_HASH_COLUMNS, MESSAGE_HASH_COLUMNS, recomputeEventHash } from './chain.ts';

/**
 * Migration 0007: chains the events recorded before the evidence existed, in the order they were
 * recorded (evt_codigo). They keep their time, IP and details; they have no place (geolocation)
 * and no time stamp until the stamp sweep gives them one. Runs once, before the tables are sealed.
 */
export async function backfillChains(anyDb: Kysely<unknown>): Promise<void> {
  const db = anyDb as unknown as Kysely<DB>;
  for (;;) {
    const pending = await db
      .selectFrom('email_eventos')
      .select('cod_email')
      .distinct()
      .where(sql<boolean>`evt_hash IS NULL`)
      .limit(500)
      .execute();
    if (pending.length === 0) return;
    for (const { cod_email } of pending) {
      const msg = await db
        .selectFrom('emails')
        .select([...MESSAGE_HASH_COLUMNS])
        .where('ema_uni_codigo', '=', cod_email)
        .executeTakeFirstOrThrow();
      const msgHash = messageHash(msg as MessageForHash);
      await db.updateTable('emails').set({ ema_uni_hash: msgHash }).where('ema_uni_codigo', '=', cod_email).execute();
      const events = await db
        .selectFrom('email_eventos')
        .select(['evt_codigo', 'evt_data'])
        .where('cod_email', '=', cod_email)
        .orderBy('evt_codigo')
        .execute();
      let previous = genesisHash(msg.ema_uni_id, msgHash);
      for (const [i, ev] of events.entries()) {
        // Times recorded with microseconds are cut to the milliseconds the serialisation carries.
        const full = await db
          .updateTable('email_eventos')
          .set({ evt_seq: i + 1, evt_data: sql`date_trunc('milliseconds', evt_data)` })
          .where('evt_codigo', '=', ev.evt_codigo)
          .returning([...EVENT_HASH_COLUMNS])
          .executeTakeFirstOrThrow();
        const hash = recomputeEventHash(msg.ema_uni_id, full, previous);
        await db
          .updateTable('email_eventos')
          .set({ evt_hash_anterior: previous, evt_hash: hash })
          .where('evt_codigo', '=', ev.evt_codigo)
          .execute();
        previous = hash;
      }
    }
  }
}
