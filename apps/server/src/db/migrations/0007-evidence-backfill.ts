import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

/**
 * Migration 0007's chaining of the events recorded before the evidence existed, frozen as it was
 * written (2026-11): the serialisations AR-MSG-1, AR-GENESIS-1 and AR-EVT-1 and the SQL over the
 * tables of that day are copied here, not imported from modules/evidence, so that a later change of
 * the feature's code never changes what this migration did. modules/evidence/canonical.ts keeps the
 * same versions for the live chain (and 0007-evidence-backfill.test.ts checks the two agree).
 */

const sha256Hex = (data: string) => createHash('sha256').update(data).digest('hex');

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}

/** JSON with object keys sorted at every depth; arrays keep their order. */
const canonicalJson = (value: unknown) => JSON.stringify(sortKeys(value));

interface Message {
  ema_uni_id: string;
  ema_uni_from: string;
  ema_uni_to: string | null;
  ema_uni_subject: string;
  ema_uni_content: string;
  ema_uni_sms: unknown;
  ema_uni_whatsapp: unknown;
  ema_uni_attachments: { attachments?: { originalFilename: string; mime: string; size: number; sha256: string }[] } | null;
}

interface Event {
  evt_seq: number;
  evt_canal: string;
  evt_tipo: string;
  evt_data: Date | string;
  evt_ip: string | null;
  evt_user_agent: string | null;
  evt_cidade: string | null;
  evt_estado: string | null;
  evt_pais: string | null;
  evt_lat: number | string | null;
  evt_lng: number | string | null;
  evt_detalhes: unknown;
}

/** ["AR-MSG-1", uuid, from, to, subject, sha256(content), sms, whatsapp, [[name, mime, size, sha256], ...]] */
const messageHash = (m: Message) =>
  sha256Hex(
    canonicalJson([
      'AR-MSG-1',
      m.ema_uni_id,
      m.ema_uni_from,
      m.ema_uni_to,
      m.ema_uni_subject,
      sha256Hex(m.ema_uni_content),
      m.ema_uni_sms ?? null,
      m.ema_uni_whatsapp ?? null,
      (m.ema_uni_attachments?.attachments ?? []).map((a) => [a.originalFilename, a.mime, a.size, a.sha256]),
    ]),
  );

/** sha256("AR-GENESIS-1\n" + uuid + "\n" + message hash) */
const genesisHash = (uuid: string, msgHash: string) => sha256Hex(`AR-GENESIS-1\n${uuid}\n${msgHash}`);

/** ["AR-EVT-1", uuid, seq, channel, type, time (ISO, ms), ip, user agent, city, state, country, lat, lng, details, previous hash] */
const eventHash = (uuid: string, e: Event, previous: string) =>
  sha256Hex(
    canonicalJson([
      'AR-EVT-1',
      uuid,
      e.evt_seq,
      e.evt_canal,
      e.evt_tipo,
      new Date(e.evt_data).toISOString(),
      e.evt_ip,
      e.evt_user_agent,
      e.evt_cidade,
      e.evt_estado,
      e.evt_pais,
      e.evt_lat === null ? null : Number(e.evt_lat),
      e.evt_lng === null ? null : Number(e.evt_lng),
      e.evt_detalhes ?? {},
      previous,
    ]),
  );

/**
 * Chains the events recorded before the evidence existed, in the order they were recorded
 * (evt_codigo). They keep their time, IP and details; they have no place (geolocation) and no time
 * stamp until the stamp sweep gives them one. Runs once, before the tables are sealed.
 */
export async function backfillChains(db: Kysely<unknown>): Promise<void> {
  for (;;) {
    const pending = await sql<{ cod_email: number }>`
      SELECT DISTINCT cod_email FROM email_eventos WHERE evt_hash IS NULL LIMIT 500`.execute(db);
    if (pending.rows.length === 0) return;
    for (const { cod_email } of pending.rows) {
      const msg = (
        await sql<Message>`
          SELECT ema_uni_id, ema_uni_from, ema_uni_to, ema_uni_subject, ema_uni_content, ema_uni_sms, ema_uni_whatsapp,
                 ema_uni_attachments
          FROM emails WHERE ema_uni_codigo = ${cod_email}`.execute(db)
      ).rows[0]!;
      const msgHash = messageHash(msg);
      await sql`UPDATE emails SET ema_uni_hash = ${msgHash} WHERE ema_uni_codigo = ${cod_email}`.execute(db);
      const events = await sql<{ evt_codigo: number }>`
        SELECT evt_codigo FROM email_eventos WHERE cod_email = ${cod_email} ORDER BY evt_codigo`.execute(db);
      let previous = genesisHash(msg.ema_uni_id, msgHash);
      for (const [i, ev] of events.rows.entries()) {
        // Times recorded with microseconds are cut to the milliseconds the serialisation carries.
        const numbered = (
          await sql<Event>`
            UPDATE email_eventos SET evt_seq = ${i + 1}, evt_data = date_trunc('milliseconds', evt_data)
            WHERE evt_codigo = ${ev.evt_codigo}
            RETURNING evt_seq, evt_canal, evt_tipo, evt_data, evt_ip, evt_user_agent, evt_cidade, evt_estado, evt_pais,
                      evt_lat, evt_lng, evt_detalhes`.execute(db)
        ).rows[0]!;
        const hash = eventHash(msg.ema_uni_id, numbered, previous);
        await sql`UPDATE email_eventos SET evt_hash_anterior = ${previous}, evt_hash = ${hash} WHERE evt_codigo = ${ev.evt_codigo}`.execute(
          db,
        );
        previous = hash;
      }
    }
  }
}
