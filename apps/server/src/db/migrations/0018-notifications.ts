import { type Kysely, sql } from 'kysely';

/**
 * Realtime notifications (docs/realtime.md).
 *
 * - `notificacoes`: a user's stored notifications per sector (1 proofs, 2 e-mail, 3 SMS,
 *   4 WhatsApp); unread while `not_lida_em` is null. The partial index answers `totalAlertas`
 *   (unread per sector of one user) and the unread list without reading what was cleared.
 * - `socket_io_attachments`: the table @socket.io/postgres-adapter keeps payloads over NOTIFY's
 *   8000-byte limit in (its default name and columns); unused on PGlite.
 * - A statement trigger on `emails` that NOTIFYs `ar_email_status` with the channel statuses a
 *   statement changed, grouped per owner, 60 messages a notification (~70 bytes each, under the
 *   8000-byte limit). PostgreSQL delivers a NOTIFY only when its transaction commits and drops it
 *   on a rollback, so every process pushes `emailStatus` after the commit, whichever code path
 *   (send worker, inbound report, public page, a future channel) changed the status.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE notificacoes (
      not_codigo serial PRIMARY KEY,
      cod_usu integer NOT NULL REFERENCES usuarios(usu_codigo) ON DELETE CASCADE,
      not_setor smallint NOT NULL CHECK (not_setor BETWEEN 1 AND 4),
      not_tipo varchar(60) NOT NULL,
      not_referencia varchar(200),
      not_texto varchar(500) NOT NULL,
      not_data timestamptz NOT NULL DEFAULT now(),
      not_lida_em timestamptz
    )
  `.execute(db);
  await sql`CREATE INDEX notificacoes_nao_lidas ON notificacoes (cod_usu, not_setor, not_codigo DESC) WHERE not_lida_em IS NULL`.execute(
    db,
  );
  await sql`
    CREATE TABLE socket_io_attachments (
      id bigserial UNIQUE,
      created_at timestamptz DEFAULT now(),
      payload bytea
    )
  `.execute(db);
  await sql`
    CREATE FUNCTION ar_notificar_status_email() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE r record;
    BEGIN
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
  await sql`
    CREATE TRIGGER emails_status_notificar AFTER UPDATE ON emails
    REFERENCING OLD TABLE AS antigo NEW TABLE AS novo
    FOR EACH STATEMENT EXECUTE FUNCTION ar_notificar_status_email()
  `.execute(db);
}
