import { type Kysely, sql } from 'kysely';

/**
 * ar_busca_consulta (migration 0026) again, same arguments, same body, same answer, in PL/pgSQL.
 *
 * A SQL function whose body is a WITH query is never inlined, so PostgreSQL planned its body, the
 * pg_stats view with its joins and privilege checks, on every call: 3–12 ms of a fresh search's
 * request, more than the search itself (the ids of 'contrato N' read in 6–13 ms, on the loaded
 * 2-core machine, 2026-11-25). PL/pgSQL keeps the plans of its statements for the session, so a
 * call costs its execution: 0.7–0.9 ms in the same run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION ar_busca_consulta(t text, indice name) RETURNS tsquery LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
    DECLARE
      consulta tsquery;
    BEGIN
      WITH w AS (SELECT u.lexeme, u.positions FROM unnest(ar_busca_vetor(lower(t))) AS u),
           ultima AS (SELECT max(p) AS p FROM w, unnest(w.positions) AS p),
           comuns AS (
             SELECT e.palavra, e.freq
               FROM pg_stats s,
                    unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs[1:cardinality(s.most_common_elems::text::text[])])
                      AS e(palavra, freq)
              WHERE s.schemaname = current_schema() AND s.tablename = indice
           ),
           q AS (
             SELECT w.lexeme, ultima.p = ANY (w.positions) AS prefixo, coalesce(comuns.freq, 0) AS freq
               FROM w CROSS JOIN ultima LEFT JOIN comuns ON comuns.palavra = w.lexeme
           )
      SELECT CASE WHEN count(*) = 0 THEN NULL
             ELSE string_agg(quote_literal(lexeme) || CASE WHEN prefixo THEN ':*' ELSE '' END, ' & ')::tsquery END
        INTO consulta
        FROM q
       WHERE freq <= 0.05 OR freq = (SELECT min(freq) FROM q);
      RETURN consulta;
    END
    $$
  `.execute(db);
}
