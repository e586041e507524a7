import { type Kysely, sql } from 'kysely';

/**
 * The letter's status is pushed like the other channels' (docs/realtime.md, docs/letters.md):
 * migration 0027 gave `emails` the `ema_status_carta` column, but the status trigger of 0018/0025
 * NOTIFYs `ar_email_status` only for e-mail, SMS, WhatsApp and voice, so a sender's open detail
 * and list did not follow a letter posted, delivered or returned. The function is the same as
 * 0025's with 'carta' in the pushed channels. The stored notifications (the bell's sectors 2-4)
 * are unchanged: there is no letter sector.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
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
            ('voz', n.ema_status_voz, o.ema_status_voz),
            ('carta', n.ema_status_carta, o.ema_status_carta)
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
