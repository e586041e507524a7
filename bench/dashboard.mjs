// Dashboard budget (DESIGN §7, issue 17): every dashboard call for a 30-day range over 1,000,000
// messages of one user and 100,000 of each of 20 other users on PostgreSQL answers with p95 under
// 50 ms at 10 clients. Prints p50/p95 per call and scope; run with `npm run bench -- dashboard`.
// BENCH_MESSAGES / BENCH_OTHER_MESSAGES / BENCH_OTHERS change the size (docs/dashboard.md says which was run).
import os from 'node:os';
import pg from 'pg';
import { benchDatabase, fmt, load, signIn, startProduct } from './lib.mjs';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const OTHERS = Number(process.env.BENCH_OTHERS ?? 20);
const OTHER_MESSAGES = Number(process.env.BENCH_OTHER_MESSAGES ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** The messages are spread over this many days before now (so a 30-day range holds a third of them). */
const SPREAD_DAYS = 90;
const CHUNK = 100_000;
const PORT = 3740;
const dbUrl = await benchDatabase('ar_bench_dashboard');

const product = await startProduct({ DATABASE_URL: dbUrl, PORT: String(PORT), SEED_DEMO: 'true' });
const pool = new pg.Pool({ connectionString: dbUrl, max: 4 });

/**
 * `count` messages of a user, through the product's tables and triggers (so the counts are kept as
 * in production): every one processed and sent, 70% delivered, 30% read by a person, 5% failed;
 * one in five with one of the user's tags; one in a hundred answered (a received reply).
 */
async function seedMessages(user, count, tags) {
  const {
    rows: [{ n }],
  } = await pool.query('SELECT count(*)::int AS n FROM emails WHERE cod_usu = $1', [user.usu_codigo]);
  inserted += Math.max(0, count - n);
  for (let start = n; start < count; start += CHUNK) {
    const end = Math.min(count, start + CHUNK);
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query(
        `INSERT INTO emails (cod_usu, cod_ger_entidade, ema_uni_envio, ema_uni_name_from, ema_uni_from, ema_uni_name_to, ema_uni_to,
           ema_uni_subject, ema_uni_content, ema_uni_content_sha256, ema_uni_identificacao, ema_uni_creditos, ema_status_email,
           ema_alcance_email, ema_uni_busca, ema_uni_data_criacao)
         SELECT $1, $2, gen_random_uuid(), 'Bench', 'bench@demo.local', 'Pessoa ' || i, 'pessoa' || i || '@exemplo.test',
           'Notificação número ' || i, '<p>Conteúdo ' || i || '</p>', repeat('0', 64), 'Contrato ' || (i % 5000), 1,
           CASE WHEN i % 10 < 3 THEN 'read' WHEN i % 10 < 7 THEN 'delivered' ELSE 'send' END,
           3 | CASE WHEN i % 10 < 3 THEN 68 WHEN i % 10 < 7 THEN 4 ELSE 0 END | CASE WHEN i % 20 = 9 THEN 16 ELSE 0 END,
           'pessoa' || i || '@exemplo.test notificação número ' || i,
           now() - make_interval(secs => ($3::float8 - i) * ${SPREAD_DAYS * 86400}::float8 / $3::float8)
         FROM generate_series($4::int + 1, $5::int) AS i
         RETURNING ema_uni_codigo`,
        [user.usu_codigo, user.cod_ger_entidade, count, start, end],
      );
      const codes = rows.map((r) => r.ema_uni_codigo);
      if (tags.length) {
        await client.query(
          `INSERT INTO email_etiquetas (cod_email, cod_etiqueta)
           SELECT c, ($2::int[])[1 + ((c / 5) % cardinality($2::int[]))] FROM unnest($1::int[]) c WHERE c % 5 = 0`,
          [codes, tags],
        );
      }
      await client.query(
        `INSERT INTO emails_recebidos (cod_usu, cod_email_reply_base, rec_from, rec_to, rec_subject, rec_data_criacao,
           rec_data_recebimento, rec_tamanho, rec_sha256, rec_eml_chave)
         SELECT e.cod_usu, e.ema_uni_codigo, e.ema_uni_to, 'resposta@demo.local', 'Re: ' || e.ema_uni_subject,
           e.ema_uni_data_criacao + interval '2 hours', e.ema_uni_data_criacao + interval '2 hours', 100, md5(e.ema_uni_codigo::text), 'bench'
         FROM emails e WHERE e.ema_uni_codigo = ANY($1::int[]) AND e.ema_uni_codigo % 100 = 7`,
        [codes],
      );
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK');
      throw e;
    } finally {
      client.release();
    }
  }
}

let inserted = 0;
try {
  const {
    rows: [main],
  } = await pool.query(
    "SELECT usu_codigo, cod_ger_adm, cod_ger_empresa, cod_ger_entidade FROM usuarios WHERE usu_login = 'usuario@demo.local'",
  );
  // 20 other users in the same company (so the administrator's company scope sums all 21).
  await pool.query(
    `INSERT INTO usuarios (usu_nome, usu_login, usu_nivel, usu_status, cod_ger_adm, cod_ger_empresa, cod_ger_entidade)
     SELECT 'Bench ' || k, 'bench' || k || '@demo.local', 1, 'L', $1, $2, $3 FROM generate_series(1, $4::int) k
     ON CONFLICT DO NOTHING`,
    [main.cod_ger_adm, main.cod_ger_empresa, main.cod_ger_entidade, OTHERS],
  );
  const { rows: others } = await pool.query(
    "SELECT usu_codigo, cod_ger_entidade FROM usuarios WHERE usu_login LIKE 'bench%@demo.local' ORDER BY usu_codigo LIMIT $1",
    [OTHERS],
  );
  let { rows: tagRows } = await pool.query('SELECT eti_codigo FROM etiquetas WHERE cod_usu = $1 ORDER BY eti_codigo', [main.usu_codigo]);
  if (tagRows.length === 0) {
    ({ rows: tagRows } = await pool.query(
      `INSERT INTO etiquetas (cod_usu, eti_nome, eti_cor)
       SELECT $1, n, '#336699' FROM unnest(ARRAY['Cobrança', 'Contratos', 'Assembleia', 'Reajuste', 'Imóveis']) n RETURNING eti_codigo`,
      [main.usu_codigo],
    ));
  }
  const tags = tagRows.map((r) => r.eti_codigo);

  const started = Date.now();
  await seedMessages(main, MESSAGES, tags);
  for (const other of others) await seedMessages(other, OTHER_MESSAGES, []);
  const seconds = (Date.now() - started) / 1000;
  if (inserted > 0) {
    await pool.query('ANALYZE');
    console.log(`seeded in ${fmt(seconds)} s (the counts kept by the triggers as the messages were inserted)`);
  }
  const {
    rows: [sizes],
  } = await pool.query(`SELECT (SELECT count(*) FROM emails)::int AS emails, (SELECT count(*) FROM dashboard_contagem)::int AS counts,
      (SELECT count(*) FROM email_etiquetas)::int AS tags, (SELECT count(*) FROM emails_recebidos)::int AS replies`);
  console.log(
    `${sizes.emails.toLocaleString('pt-BR')} messages (${MESSAGES.toLocaleString('pt-BR')} of usuario@demo.local, ${OTHERS} × ${OTHER_MESSAGES.toLocaleString('pt-BR')} others), ` +
      `${sizes.tags.toLocaleString('pt-BR')} tags on messages, ${sizes.replies.toLocaleString('pt-BR')} replies; ${sizes.counts.toLocaleString('pt-BR')} count rows`,
  );

  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const from = new Date(Date.parse(`${today}T12:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  const dateRange = [from, today];

  // What the counts replace: the summary counted from the messages of the range, once.
  const t0 = performance.now();
  const {
    rows: [recount],
  } = await pool.query(
    `SELECT count(*)::int AS sent, count(*) FILTER (WHERE ema_alcance_email & 492 <> 0)::int AS delivered,
       count(*) FILTER (WHERE ema_alcance_email & 480 <> 0)::int AS open
     FROM emails WHERE cod_usu = $1 AND ema_uni_data_criacao >= ($2::date::timestamp AT TIME ZONE 'America/Sao_Paulo')
       AND ema_uni_data_criacao < (($3::date + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo') AND ema_alcance_email <> 0`,
    [main.usu_codigo, from, today],
  );
  console.log(`counting the range from the messages instead (one query, one client): ${fmt(performance.now() - t0)} ms`);

  const usuario = { authorization: `Bearer ${await signIn(product.url, 'usuario@demo.local')}` };
  const admin = { authorization: `Bearer ${await signIn(product.url, 'admin@demo.local')}` };
  const resume = await (
    await fetch(`${product.url}/v2/dashboard/resume`, {
      method: 'POST',
      headers: { ...usuario, 'content-type': 'application/json' },
      body: JSON.stringify({ dateRange, tag: null }),
    })
  ).json();
  const agrees = resume.totalSent === recount.sent && resume.totalDelivered === recount.delivered && resume.totalOpen === recount.open;
  console.log(
    `resume of usuario@demo.local, ${from} to ${today}: sent ${resume.totalSent}, delivered ${resume.totalDelivered}, read ${resume.totalOpen}, ` +
      `received ${resume.totalReceived} — ${agrees ? 'agrees with' : 'DIFFERS FROM'} the recount`,
  );
  if (!agrees) process.exitCode = 1;

  const scenarios = [
    { name: 'usuario, own', headers: usuario, body: { dateRange, tag: null } },
    { name: 'usuario, own, one tag', headers: usuario, body: { dateRange, tag: tags[0] } },
    { name: 'admin, company (21 users)', headers: admin, body: { dateRange, tag: null, escopo: 'empresa' } },
  ];
  const calls = ['resume', 'receivedSent', 'sentDelivered', 'deliveredOpen', 'channels', 'tags'];
  const loadAverage = () =>
    os
      .loadavg()
      .map((l) => fmt(l, 1))
      .join(' / ');
  console.log(
    `\ndashboard calls, 30 days, 10 clients, ${SECONDS} s each (latency in ms); load average ${loadAverage()} on ${os.cpus().length} cores`,
  );
  console.log('call | scope | rps | p50 | p95 | p99');
  // The machine's floor at the same moment (a shared machine's load moves every figure): the
  // connectivity check (no session, no query) and a signed-in list of 10 labels.
  for (const [name, path, headers] of [
    ['floor: GET /status-connectivity', '/v2/status-connectivity', {}],
    ['floor: GET /etiquetas (signed in)', '/v2/etiquetas?limit=10', usuario],
  ]) {
    await load({ url: `${product.url}${path}`, headers, seconds: 1 }); // warm-up, not measured
    const r = await load({ url: `${product.url}${path}`, headers, seconds: SECONDS });
    console.log(`${name} | - | ${fmt(r.rps)} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)}`);
  }
  let worst = 0;
  for (const s of scenarios) {
    for (const c of calls) {
      const url = `${product.url}/v2/dashboard/${c}`;
      await load({ url, headers: s.headers, body: s.body, seconds: 1 }); // warm-up, not measured
      const r = await load({ url, headers: s.headers, body: s.body, seconds: SECONDS });
      worst = Math.max(worst, r.p95);
      console.log(`${c} | ${s.name} | ${fmt(r.rps)} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)}`);
    }
  }
  console.log(`load average at the end: ${loadAverage()}`);
  console.log(`\nworst p95: ${fmt(worst)} ms (budget: under 50 ms) — ${worst < 50 ? 'within' : 'OVER'} budget`);

  // The database's share: the company scope's day counts, as the product runs it (dashboard.queries.ts).
  const plan = await pool.query(
    `EXPLAIN (ANALYZE, FORMAT JSON) SELECT to_char(c.dia, 'YYYY-MM-DD') AS dia, c.canal, sum(c.enviados)::int, sum(c.entregues)::int,
       sum(c.lidos)::int, sum(c.recebidos)::int FROM dashboard_contagem c
     WHERE c.cod_usu IN (SELECT u.usu_codigo FROM usuarios u WHERE u.cod_ger_entidade IN
       (SELECT ent_codigo FROM entidades WHERE cod_ger_empresa IN (SELECT emp_codigo FROM empresas WHERE cod_ger_adm = $1)))
       AND c.cod_etiqueta = 0 AND c.dia BETWEEN $2::date AND $3::date GROUP BY c.dia, c.canal`,
    [main.cod_ger_adm, from, today],
  );
  console.log(
    `company scope's day counts in the database: ${fmt(plan.rows[0]['QUERY PLAN'][0]['Execution Time'], 2)} ms (EXPLAIN ANALYZE)`,
  );
} finally {
  await pool.end();
  await product.stop();
}
