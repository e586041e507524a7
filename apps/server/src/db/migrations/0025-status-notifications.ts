import { type Kysely, sql } from 'kysely';

/**
 * Notifications of the e-mail, SMS and WhatsApp sectors (docs/realtime.md): when a statement moves
 * a message's channel status into one the sender wants to hear of — read (read, track, WhatsApp's
 * viewed), confirmed (acknowledged), answered, failed (erro) — the status trigger of migration
 * 0018 also stores a notification for the message's owner, sector 2 (e-mail), 3 (SMS) or 4
 * (WhatsApp). In the trigger, so every path that changes a status (send worker, inbound report,
 * public page, provider webhook) raises it, exactly once, in the transaction that made the change
 * (rolled back with it). A read then a second kind of read (track, then read) is one notification.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION ar_categoria_alerta(status text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
      SELECT CASE
        WHEN status IN ('read', 'track', 'viewed') THEN 'lido'
        WHEN status = 'acknowledged' THEN 'confirmado'
        WHEN status = 'answered' THEN 'respondido'
        WHEN status = 'erro' THEN 'falha'
      END
    $$
  `.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION ar_notificar_status_email() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE r record;
    BEGIN
      INSERT INTO notificacoes (cod_usu, not_setor, not_tipo, not_referencia, not_texto)
      SELECT a.cod_usu, a.setor, 'status-' || a.cat, a.id::text,
             left(a.canal || ' ' || CASE a.cat WHEN 'lido' THEN 'lido' WHEN 'confirmado' THEN 'confirmado'
                    WHEN 'respondido' THEN 'respondido' ELSE 'com falha no envio/entrega' END
                  || ': ' || a.nome || ' · "' || a.assunto || '"', 500)
      FROM (
        SELECT n.cod_usu, n.ema_uni_codigo AS id, n.ema_uni_name_to AS nome, n.ema_uni_subject AS assunto,
               x.setor, x.canal, ar_categoria_alerta(x.status) AS cat, ar_categoria_alerta(x.antes) AS cat_antes
        FROM novo n
        JOIN antigo o ON o.ema_uni_codigo = n.ema_uni_codigo
        CROSS JOIN LATERAL (VALUES
          (2, 'AR-Email', n.ema_status_email, o.ema_status_email),
          (3, 'AR-SMS', n.ema_status_sms, o.ema_status_sms),
          (4, 'AR-WhatsApp', n.ema_status_whatsapp, o.ema_status_whatsapp)
        ) AS x(setor, canal, status, antes)
        WHERE x.status IS DISTINCT FROM x.antes
      ) a
      WHERE a.cat IS NOT NULL AND a.cat IS DISTINCT FROM a.cat_antes;

      FOR r IN
        SELECT c.cod_usu, json_agg(json_build_array(c.id, c.uuid, c.canal, c.status) ORDER BY c.id) AS e
        FROM (
          SELECT n.cod_usu, n.ema_uni_codigo AS id, n.ema_uni_id AS uuid, x.canal, x.status,
                 (row_number() OVER (PARTITION BY n.cod_usu ORDER BY n.ema_uni_codigo) - 1) / 60 AS lote
          FROM novo n
          JOIN antigo o ON o.ema_uni_codigo = n.ema_uni_codigo
          CROSS JOIN LATERAL (VALUES
            ('email', n.ema_status_email, o.ema_status_email),
            ('sms', n.ema_status_sms, o.ema_status_sms),
            ('whatsapp', n.ema_status_whatsapp, o.ema_status_whatsapp),
            ('voz', n.ema_status_voz, o.ema_status_voz)
          ) AS x(canal, status, antes)
          WHERE x.status IS DISTINCT FROM x.antes
        ) c
        GROUP BY c.cod_usu, c.lote
      LOOP
        PERFORM pg_notify('ar_email_status', json_build_object('s', TG_TABLE_SCHEMA, 'u', r.cod_usu, 'e', r.e)::text);
      END LOOP;
      RETURN NULL;
    END $$
  `.execute(db);
}
