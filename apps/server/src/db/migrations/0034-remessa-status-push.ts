import { type Kysely, sql } from 'kysely';

/**
 * A batch file's own progress is pushed to its owner's open Remessas page (docs/remessas.md,
 * docs/realtime.md), as the messages' statuses are by 0018/0025/0030: two statement triggers on
 * `remessas` NOTIFY `ar_remessa_status` with the rows a statement made or changed, grouped per
 * owner, 40 rows a notification (~120 bytes each, under NOTIFY's 8000-byte limit).
 *
 * - INSERT: every new row (a file received, the failure record of its refused lines).
 * - UPDATE: a row whose status, lines, queued lines, failures or failure type/reason changed (a
 *   step of the worker, a slice of lines become messages); a statement that touches nothing the
 *   page shows notifies nothing.
 *
 * Why triggers rather than a push from the worker: PostgreSQL delivers a NOTIFY only when its
 * transaction commits and drops it on a rollback, so the page learns of a step exactly when the
 * step is visible to its next GET, whichever code writes it (the worker's steps, the final
 * ERRO_SISTEMA, a future path), on every process, without the worker knowing. Two functions
 * because a transition table can only be named by a trigger of one event.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION ar_notificar_remessas(esquema text, linhas json) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE r record;
    BEGIN
      FOR r IN
        SELECT c.u, json_agg(c.linha ORDER BY c.id) AS linhas
        FROM (
          SELECT (l->>1)::int AS id, (l->>0)::int AS u, l->2 AS linha,
                 (row_number() OVER (PARTITION BY l->>0 ORDER BY (l->>1)::int) - 1) / 40 AS lote
          FROM json_array_elements(linhas) AS l
        ) c
        GROUP BY c.u, c.lote
      LOOP
        PERFORM pg_notify('ar_remessa_status', json_build_object('s', esquema, 'u', r.u, 'r', r.linhas)::text);
      END LOOP;
    END $$
  `.execute(db);
  // [owner, id, [id, status, lines, queued, failures, file of a failure record]] per row.
  await sql`
    CREATE FUNCTION ar_notificar_remessa_nova() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE linhas json;
    BEGIN
      SELECT json_agg(json_build_array(n.cod_usu, n.rem_codigo, json_build_array(n.rem_codigo, n.rem_status_processamento,
               n.rem_quantidade_registros, n.rem_enfileiradas, n.rem_falhas, n.rem_origem)))
        INTO linhas FROM novo n;
      IF linhas IS NOT NULL THEN PERFORM ar_notificar_remessas(TG_TABLE_SCHEMA, linhas); END IF;
      RETURN NULL;
    END $$
  `.execute(db);
  await sql`
    CREATE FUNCTION ar_notificar_remessa_mudou() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE linhas json;
    BEGIN
      SELECT json_agg(json_build_array(n.cod_usu, n.rem_codigo, json_build_array(n.rem_codigo, n.rem_status_processamento,
               n.rem_quantidade_registros, n.rem_enfileiradas, n.rem_falhas, n.rem_origem)))
        INTO linhas
        FROM novo n JOIN antigo o ON o.rem_codigo = n.rem_codigo
       WHERE (n.rem_status_processamento, n.rem_quantidade_registros, n.rem_enfileiradas, n.rem_falhas, n.tipo_falha, n.motivo_falha)
             IS DISTINCT FROM
             (o.rem_status_processamento, o.rem_quantidade_registros, o.rem_enfileiradas, o.rem_falhas, o.tipo_falha, o.motivo_falha);
      IF linhas IS NOT NULL THEN PERFORM ar_notificar_remessas(TG_TABLE_SCHEMA, linhas); END IF;
      RETURN NULL;
    END $$
  `.execute(db);
  await sql`
    CREATE TRIGGER remessas_notificar_nova AFTER INSERT ON remessas
    REFERENCING NEW TABLE AS novo
    FOR EACH STATEMENT EXECUTE FUNCTION ar_notificar_remessa_nova()
  `.execute(db);
  await sql`
    CREATE TRIGGER remessas_notificar_mudou AFTER UPDATE ON remessas
    REFERENCING OLD TABLE AS antigo NEW TABLE AS novo
    FOR EACH STATEMENT EXECUTE FUNCTION ar_notificar_remessa_mudou()
  `.execute(db);
}
