import { type Kysely, sql } from 'kysely';

/**
 * Fresh searches in milliseconds (docs/sent-list.md, "Search"): a word index beside the trigram one.
 *
 * The search text of a sent message (ema_uni_busca) and of a received one (rec_busca) is split into
 * words at spaces and punctuation (so 'joao.silva@exemplo.test' is joao, silva, exemplo, test and a
 * process number 0001234-56.2024 is 0001234, 56, 2024) and indexed with GIN. A term's words are
 * looked up as whole words, the last by its beginning ('contrato 12' finds contrato 1234): the index answers exactly the rows
 * that have them, a few hundred for a rare term where the trigram index gave every row sharing a
 * trigram to read and recheck. The term as typed is still checked on those rows (LIKE), so the
 * words must also stand together as typed.
 *
 * - ar_busca_vetor(text): the words of a search text (the index expression; 'simple': no stemming,
 *   no stop words, accents kept — the search text is lower case, and a term is matched as typed).
 * - ar_busca_consulta(text, index): a term's words as a query, the last one by its beginning (the one being
 *   typed: 'contrato' & '12':*), or NULL when it has none (only punctuation): the search is then the
 *   substring alone. The earlier words are whole: the term as typed has a separator after each, so
 *   a row that matches it has the whole word too; and a whole word is an index entry the index
 *   skips through, where a prefix gathers every row of every word it begins ('contrato':* read the
 *   1,000,000 rows of 'contrato' to find 200: 80 ms; 'contrato' & '1234':* 12 ms, 2026-11-25).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION ar_busca_vetor(t text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT to_tsvector('simple'::regconfig, regexp_replace(t, '[[:space:][:punct:]]+', ' ', 'g'))
    $$
  `.execute(db);
  // A word in more than 5% of the index's rows (the statistics ANALYZE keeps of an expression index:
  // pg_stats under the index's name) is left out of the query when a rarer one remains: the term
  // as typed is checked on every row found anyway (LIKE), so any of its words finds a superset.
  await sql`
    CREATE FUNCTION ar_busca_consulta(t text, indice name) RETURNS tsquery LANGUAGE sql STABLE PARALLEL SAFE AS $$
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
        FROM q
       WHERE freq <= 0.05 OR freq = (SELECT min(freq) FROM q)
    $$
  `.execute(db);
  await sql`CREATE INDEX emails_busca_palavras ON emails USING gin (ar_busca_vetor(ema_uni_busca))`.execute(db);
  await sql`CREATE INDEX emails_recebidos_busca_palavras ON emails_recebidos USING gin (ar_busca_vetor(rec_busca))`.execute(db);
}
