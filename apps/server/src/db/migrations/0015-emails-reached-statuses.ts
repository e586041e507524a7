import { type Kysely, sql } from 'kysely';

/**
 * The statuses each channel of a message has reached, one bit each (REACHED_BITS in
 * packages/core): what the sent list's status filter reads ("reached this status", docs/sent-list.md).
 * The status columns keep only the current one, so a read message that was then confirmed was no
 * longer found under Lido. Kept on the row with each event (events.ts) like the status columns, so
 * the filter reads the same rows as before and scans no events; not indexed, so a status change
 * stays a HOT update (migration 0012). Messages already stored get their bits from their events.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE emails
      ADD COLUMN ema_alcance_email integer NOT NULL DEFAULT 0,
      ADD COLUMN ema_alcance_sms integer NOT NULL DEFAULT 0,
      ADD COLUMN ema_alcance_whatsapp integer NOT NULL DEFAULT 0,
      ADD COLUMN ema_alcance_voz integer NOT NULL DEFAULT 0;

    UPDATE emails m SET
      ema_alcance_email = r.email, ema_alcance_sms = r.sms, ema_alcance_whatsapp = r.whatsapp, ema_alcance_voz = r.voz
    FROM (
      SELECT cod_email,
        coalesce(bit_or(b) FILTER (WHERE evt_canal = 'email'), 0) AS email,
        coalesce(bit_or(b) FILTER (WHERE evt_canal = 'sms'), 0) AS sms,
        coalesce(bit_or(b) FILTER (WHERE evt_canal = 'whatsapp'), 0) AS whatsapp,
        coalesce(bit_or(b) FILTER (WHERE evt_canal = 'voz'), 0) AS voz
      FROM (
        SELECT cod_email, evt_canal,
          CASE evt_tipo WHEN 'processed' THEN 1 WHEN 'send' THEN 2 WHEN 'delivered' THEN 4 WHEN 'viewed' THEN 8
            WHEN 'erro' THEN 16 WHEN 'track' THEN 32 WHEN 'read' THEN 64 WHEN 'acknowledged' THEN 128
            WHEN 'answered' THEN 256 ELSE 0 END AS b
        FROM email_eventos
        -- Opens and clicks made by a program are evidence, not a status (docs/reads.md).
        WHERE coalesce(evt_detalhes->>'classificacao', 'pessoa') = 'pessoa'
      ) x
      GROUP BY cod_email
    ) r
    WHERE r.cod_email = m.ema_uni_codigo;
  `.execute(db);
}
