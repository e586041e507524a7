import { type Kysely, sql } from 'kysely';

/**
 * dashboard_emails_insere (migration 0017) again: the same counts added to the same rows, in the
 * same key order, without a JSON object per new message.
 *
 * The first form expanded every new row into its five channels (dashboard_canais of the whole
 * row), built a jsonb object for each channel with a mark, aggregated them into one jsonb array
 * and handed it to dashboard_soma, which parsed it back into rows to group them: for a send of
 * 500 messages that is 2,500 channel rows, 500 objects built and parsed, and ~16 ms of every
 * 500-message store statement on PGlite (EXPLAIN of bench/remessas' statement, 2026-11-27).
 *
 * Now the new rows are first grouped by what the counts depend on (owner, creation time and the
 * five reached-bit columns; a send's rows share them, so a few groups at most), each group is
 * expanded into its channels with a mark and its row count, and the counts added are the groups'
 * marks times their counts, grouped by owner, Brasília day and channel: the same sums as adding
 * one per message and channel. dashboard_soma stays for the other triggers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION dashboard_emails_insere() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      WITH g AS (
        SELECT n.cod_usu, n.ema_uni_data_criacao AS criado, n.ema_alcance_email AS e, n.ema_alcance_sms AS s,
               n.ema_alcance_whatsapp AS w, n.ema_alcance_voz AS v, n.ema_alcance_carta AS k, count(*) AS n
          FROM novas n
         GROUP BY 1, 2, 3, 4, 5, 6, 7
      ), m AS (
        SELECT g.cod_usu, dashboard_dia(g.criado) AS dia, a.canal, dashboard_marcas(a.alcance) AS marcas, g.n
          FROM g CROSS JOIN LATERAL (VALUES ('email', g.e), ('sms', g.s), ('whatsapp', g.w), ('voz', g.v), ('carta', g.k))
            AS a(canal, alcance)
         WHERE dashboard_marcas(a.alcance) <> 0
      )
      INSERT INTO dashboard_contagem AS c (cod_usu, cod_etiqueta, dia, canal, enviados, entregues, lidos, recebidos)
      SELECT cod_usu, 0, dia, canal, sum((marcas & 1) * n), sum(((marcas >> 1) & 1) * n), sum(((marcas >> 2) & 1) * n), 0
        FROM m
       GROUP BY cod_usu, dia, canal
      HAVING sum((marcas & 1) * n) <> 0 OR sum(((marcas >> 1) & 1) * n) <> 0 OR sum(((marcas >> 2) & 1) * n) <> 0
       ORDER BY 1, 2, 3, 4
      ON CONFLICT (cod_usu, cod_etiqueta, dia, canal) DO UPDATE SET
        enviados = c.enviados + EXCLUDED.enviados,
        entregues = c.entregues + EXCLUDED.entregues,
        lidos = c.lidos + EXCLUDED.lidos,
        recebidos = c.recebidos + EXCLUDED.recebidos;
      RETURN NULL;
    END $$
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION dashboard_emails_insere() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM dashboard_soma(jsonb_agg(jsonb_build_object('cod_usu', n.cod_usu, 'cod_etiqueta', 0,
          'dia', dashboard_dia(n.ema_uni_data_criacao), 'canal', ch.canal, 'enviados', ch.marcas & 1,
          'entregues', (ch.marcas >> 1) & 1, 'lidos', (ch.marcas >> 2) & 1, 'recebidos', 0)))
        FROM novas n CROSS JOIN LATERAL dashboard_canais(n) ch
       WHERE ch.marcas <> 0
      HAVING count(*) > 0;
      RETURN NULL;
    END $$
  `.execute(db);
}
