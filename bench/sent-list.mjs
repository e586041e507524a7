// Sent list budget (DESIGN §7): GET /v2/emails/send, page 25, with a search term and rowCount,
// over 1,000,000 messages of one user on PostgreSQL, first page and a deep page: p95 under 50 ms at
// 10 concurrent clients, and at least 0.7x the requests/s of a minimal Fastify + pg handler
// running the same SQL. Prints the figures; run with `npm run bench -- sent-list`.
import Fastify from 'fastify';
import pg from 'pg';
import { benchDatabase, fmt, load, signIn, startProduct } from './lib.mjs';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = 3710;
const dbUrl = await benchDatabase('ar_bench_sent');

const product = await startProduct({ DATABASE_URL: dbUrl, PORT: String(PORT), SEED_DEMO: 'true' });
// The baseline's connections have the settings the product's have (db/database.ts postgresConnection:
// no parallel workers), so both run the same SQL the same way.
const pool = new pg.Pool({ connectionString: dbUrl, max: 10, options: '-c max_parallel_workers_per_gather=0' });
try {
  const {
    rows: [user],
  } = await pool.query("SELECT usu_codigo, cod_ger_entidade FROM usuarios WHERE usu_login = 'usuario@demo.local'");
  const {
    rows: [{ n }],
  } = await pool.query('SELECT count(*)::int AS n FROM emails WHERE cod_usu = $1', [user.usu_codigo]);
  if (n < MESSAGES) {
    const started = Date.now();
    console.log(`seeding ${MESSAGES - n} messages...`);
    // Realistic spread: 1 in 100 recipients is "cliente<k>", so a search term matches 1% of the rows.
    await pool.query(
      `INSERT INTO emails (cod_usu, cod_ger_entidade, ema_uni_envio, ema_uni_name_from, ema_uni_from, ema_uni_name_to, ema_uni_to,
         ema_uni_subject, ema_uni_content, ema_uni_content_sha256, ema_uni_identificacao, ema_uni_creditos, ema_status_email, ema_uni_busca,
         ema_uni_data_criacao)
       SELECT $1, $2, gen_random_uuid(), 'Bench', 'usuario@demo.local', 'Pessoa ' || i,
         CASE WHEN i % 100 = 0 THEN 'cliente' || i || '@empresa.test' ELSE 'pessoa' || i || '@exemplo.test' END,
         'Notificação número ' || i, '<p>Conteúdo ' || i || '</p>', repeat('0', 64), 'Contrato ' || (i % 5000), 1,
         CASE WHEN i % 7 = 0 THEN 'read' ELSE 'send' END,
         lower(CASE WHEN i % 100 = 0 THEN 'cliente' || i || '@empresa.test' ELSE 'pessoa' || i || '@exemplo.test' END
           || ' Notificação número ' || i || ' Contrato ' || (i % 5000)),
         now() - make_interval(secs => $3 - i)
       FROM generate_series($4::int + 1, $3::int) AS i`,
      [user.usu_codigo, user.cod_ger_entidade, MESSAGES, n],
    );
    await pool.query('ANALYZE emails');
    console.log(`seeded in ${fmt((Date.now() - started) / 1000)} s`);
  }

  const token = await signIn(product.url, 'usuario@demo.local');
  const headers = { authorization: `Bearer ${token}` };
  // A search's first request reads every match (the count is exact); the product then keeps the
  // ordered ids while the user's messages are the same (search-matches.ts), so the scenarios below
  // that repeat one search measure its later pages. How long the first one takes is measured
  // first, alone, and the last scenario asks a different search on every request (each "contrato
  // N", N from 1,000 to 4,999, matches 200 rows; its baseline asks the same terms).
  const timeOne = async (query) => {
    const started = performance.now();
    const res = await fetch(`${product.url}/v2/emails/send?${query}`, { headers });
    const body = await res.json();
    if (!res.ok) throw new Error(`${query}: ${res.status}`);
    return { ms: performance.now() - started, rowCount: body.pagination.rowCount };
  };
  const cold = await timeOne('limit=25&offset=0&searchTerm=cliente');
  const warm = await timeOne('limit=25&offset=25&searchTerm=cliente');
  console.log(
    `\nsearch "cliente" (${cold.rowCount.toLocaleString('pt-BR')} matches), one client: first request ${fmt(cold.ms)} ms (reads every match), its next page ${fmt(warm.ms)} ms`,
  );
  let k = 1000;
  const nextTerm = () => {
    k = k >= 4999 ? 1000 : k + 1;
    return `contrato ${k}`;
  };
  // 1,000 distinct terms of the kinds people type, in turn: part of an e-mail, a number in the
  // subject, an identification, a recipient's name.
  let j = 0;
  const KINDS = [(n) => `pessoa${n}@`, (n) => `número ${n * 7}`, (n) => `contrato ${n}`, (n) => `cliente${n * 100}`];
  const mixedTerm = () => {
    j = (j + 1) % 1000;
    return KINDS[j % KINDS.length](1000 + j * 3);
  };
  const scenarios = [
    { name: 'first page, search "cliente"', query: 'limit=25&offset=0&searchTerm=cliente', term: 'cliente', offset: 0 },
    { name: 'deep page (offset 5,000), search "cliente"', query: 'limit=25&offset=5000&searchTerm=cliente', term: 'cliente', offset: 5000 },
    { name: 'first page, no search', query: 'limit=25&offset=0', term: null, offset: 0 },
    { name: 'first page, a new search every request ("contrato N")', query: 'limit=25&offset=0', term: nextTerm, offset: 0 },
    { name: 'first page, a new search every request (1,000 terms of 4 kinds)', query: 'limit=25&offset=0', term: mixedTerm, offset: 0 },
  ];

  // The baseline: a minimal Fastify + pg handler running the product's query for a page that is
  // not kept (sent.queries.ts listSent): the page's ids with a window count of the matches (or
  // the kept count when unfiltered), joined to their columns, tags and last event per channel.
  // A kept search's later pages run a smaller query (its rows by id); the baseline does not keep.
  const baseline = Fastify();
  baseline.get('/list', async (req) => {
    const { term, offset } = req.query;
    // The product's search condition (db/paged-list.ts searchTextMatches): the term's words in the
    // word index (migration 0026), and the term as typed.
    const where = term
      ? "cod_usu = $1 AND ar_busca_vetor(ema_uni_busca) @@ ar_busca_consulta($3, 'emails_busca_palavras') AND (ema_uni_busca || '') LIKE $2"
      : 'cod_usu = $1';
    const params = term ? [user.usu_codigo, `%${term}%`, term] : [user.usu_codigo];
    const total = term ? '(count(*) OVER ())::int' : 'NULL::int';
    const outerTotal = term ? 'p.total' : '(SELECT c.total FROM emails_contagem c WHERE c.cod_usu = $1)';
    const page = await pool.query(
      `SELECT e.ema_uni_codigo, e.ema_uni_id, e.ema_uni_to, e.ema_uni_name_to, e.ema_uni_subject, e.ema_uni_identificacao,
         e.ema_uni_data_criacao, e.ema_uni_sms, e.ema_uni_whatsapp, ${outerTotal} AS total,
         coalesce((SELECT json_agg(json_build_object('eti_codigo', t.eti_codigo, 'eti_nome', t.eti_nome, 'eti_cor', t.eti_cor) ORDER BY t.eti_nome)
           FROM email_etiquetas et JOIN etiquetas t ON t.eti_codigo = et.cod_etiqueta WHERE et.cod_email = e.ema_uni_codigo), '[]'::json) AS tags,
         coalesce((SELECT json_agg(json_build_object('evt_canal', x.evt_canal, 'evt_tipo', x.evt_tipo,
           'evt_data', to_char(x.evt_data AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY x.evt_canal)
           FROM (SELECT DISTINCT ON (v.evt_canal) v.evt_canal, v.evt_tipo, v.evt_data FROM email_eventos v
                 WHERE v.cod_email = e.ema_uni_codigo ORDER BY v.evt_canal, v.evt_codigo DESC) x), '[]'::json) AS events
       FROM (SELECT ema_uni_codigo, ${total} AS total FROM emails WHERE ${where}
             ORDER BY ema_uni_codigo DESC LIMIT 25 OFFSET ${Number(offset)}) p
       JOIN emails e ON e.ema_uni_codigo = p.ema_uni_codigo
       ORDER BY e.ema_uni_codigo DESC`,
      params,
    );
    return { emails: page.rows, pagination: { offset: Number(offset), limit: 25, rowCount: page.rows[0]?.total ?? 0 } };
  });
  await baseline.listen({ port: PORT + 1, host: '127.0.0.1' });

  console.log(`\nsent list over ${MESSAGES.toLocaleString('pt-BR')} messages, 10 clients, ${SECONDS} s each (latency in ms)`);
  console.log('scenario | product rps | product p50 | product p95 | baseline rps | baseline p95 | ratio rps');
  for (const s of scenarios) {
    const varying = typeof s.term === 'function';
    const productPath = `/v2/emails/send?${s.query}`;
    const baselinePath = `/list?offset=${s.offset}${s.term && !varying ? `&term=${s.term}` : ''}`;
    const p = await load({
      url: `${product.url}${productPath}`,
      headers,
      seconds: SECONDS,
      nextPath: varying ? () => `${productPath}&searchTerm=${encodeURIComponent(s.term())}` : undefined,
    });
    const b = await load({
      url: `http://127.0.0.1:${PORT + 1}${baselinePath}`,
      seconds: SECONDS,
      nextPath: varying ? () => `${baselinePath}&term=${encodeURIComponent(s.term())}` : undefined,
    });
    console.log(`${s.name} | ${fmt(p.rps)} | ${fmt(p.p50)} | ${fmt(p.p95)} | ${fmt(b.rps)} | ${fmt(b.p95)} | ${fmt(p.rps / b.rps, 2)}x`);
  }
  await baseline.close();
} finally {
  await pool.end();
  await product.stop();
}
