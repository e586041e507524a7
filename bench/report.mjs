// Report budget (DESIGN §7): a report of 200,000 messages streams out in under 15 s on PostgreSQL,
// the server's RSS under 400 MB, memory not growing with the number of rows. Seeds 200,000
// messages of one user over 30 days (each with its processed and send events, 1 in 3 delivered,
// 1 in 7 read, 1 in 50 failed), then downloads GET /v2/reports for 3 days (~20,000 messages) and
// for the whole month, in xlsx and csv, and prints the time, the server's CPU seconds (steadier than
// the time on a shared machine), the CPU seconds of its PostgreSQL backends, the size and the server's peak RSS after each,
// and the machine's load. Run with `npm run bench -- report`.
import os from 'node:os';
import pg from 'pg';
import { benchDatabase, cpuSeconds, fmt, signIn, startProduct } from './lib.mjs';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 200_000);
const PORT = 3720;
const dbUrl = await benchDatabase('ar_bench_report');
const product = await startProduct({ DATABASE_URL: dbUrl, PORT: String(PORT), SEED_DEMO: 'true' });
const pool = new pg.Pool({ connectionString: dbUrl, max: 4, application_name: 'ar-bench' });
// October 2026 in Brasília: the messages are spread over its 30 first days.
const START = Date.parse('2026-10-01T03:00:00Z');
const SPREAD_S = 30 * 86_400;

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
    await pool.query(
      `INSERT INTO emails (cod_usu, cod_ger_entidade, ema_uni_envio, ema_uni_name_from, ema_uni_from, ema_uni_name_to, ema_uni_to,
         ema_uni_subject, ema_uni_content, ema_uni_content_sha256, ema_uni_identificacao, ema_uni_creditos, ema_status_email,
         ema_alcance_email, ema_uni_busca, ema_uni_data_criacao, ema_uni_oficio)
       SELECT $1, $2, gen_random_uuid(), 'Cobrança', 'usuario@demo.local', 'Pessoa Ação ' || i, 'pessoa' || i || '@exemplo.test',
         'Notificação número ' || i, '<p>Conteúdo</p>', repeat('0', 64), 'Contrato ' || (i % 5000), 1,
         CASE WHEN i % 50 = 0 THEN 'erro' WHEN i % 7 = 0 THEN 'read' WHEN i % 3 = 0 THEN 'delivered' ELSE 'send' END,
         3, 'pessoa' || i, to_timestamp($5::float8 + (i::float8 / $3) * $6),
         CASE WHEN i % 10 = 0 THEN jsonb_build_object('numeroProcesso', i || '/2026', 'numeroCnj', '0001234-55.2026.8.26.0100') END
       FROM generate_series($4::int + 1, $3::int) AS i`,
      [user.usu_codigo, user.cod_ger_entidade, MESSAGES, n, START / 1000, SPREAD_S],
    );
    // Each message's history: processed and send, then delivered, read or a failure (made-up hashes).
    await pool.query(
      `INSERT INTO email_eventos (cod_email, evt_canal, evt_tipo, evt_data, evt_detalhes, evt_seq, evt_hash_anterior, evt_hash)
       SELECT e.ema_uni_codigo, 'email', x.tipo, e.ema_uni_data_criacao + x.seq * interval '5 seconds',
         CASE WHEN x.tipo = 'erro' THEN '{"reasonFailure":"Caixa postal inexistente"}'::jsonb ELSE '{}'::jsonb END,
         x.seq, repeat('0', 64), md5(e.ema_uni_codigo || '-' || x.seq) || md5(x.tipo)
       FROM emails e
       CROSS JOIN LATERAL (VALUES (1, 'processed'), (2, 'send'), (3, CASE e.ema_status_email WHEN 'send' THEN NULL ELSE e.ema_status_email END)) AS x(seq, tipo)
       WHERE e.cod_usu = $1 AND x.tipo IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM email_eventos v WHERE v.cod_email = e.ema_uni_codigo)`,
      [user.usu_codigo],
    );
    await pool.query('ANALYZE emails');
    await pool.query('ANALYZE email_eventos');
    console.log(`seeded in ${fmt((Date.now() - started) / 1000)} s`);
  }

  const token = await signIn(product.url, 'usuario@demo.local');
  // The server's PostgreSQL backends (those of the bench's database that are not the bench's own
  // pool) and their CPU seconds so far: read before and after a download, the database's share.
  const dbBackends = async () => {
    const { rows } = await pool.query(
      "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name <> 'ar-bench' AND backend_type = 'client backend'",
    );
    return new Map(rows.map((r) => [r.pid, cpuSeconds(r.pid) ?? 0]));
  };
  const dbCpuSince = async (before) => {
    let total = 0;
    for (const [pid, now] of await dbBackends()) total += now - (before.get(pid) ?? 0);
    return total;
  };
  const download = async (dataFinal, format) => {
    const db = await dbBackends();
    const cpu = product.cpuSeconds();
    const started = performance.now();
    const res = await fetch(`${product.url}/v2/reports?tipo=enviados&format=${format}&dataInicial=2026-10-01&dataFinal=${dataFinal}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`report: ${res.status} ${await res.text()}`);
    let bytes = 0;
    let lines = 0;
    let head = null;
    for await (const chunk of res.body) {
      head ??= Buffer.from(chunk.subarray(0, 4));
      bytes += chunk.length;
      if (format === 'csv') for (const b of chunk) if (b === 10) lines++;
    }
    if (format === 'xlsx' && head?.toString('latin1', 0, 2) !== 'PK') throw new Error('the xlsx is not a zip');
    return {
      seconds: (performance.now() - started) / 1000,
      cpu: product.cpuSeconds() - cpu,
      dbCpu: await dbCpuSince(db),
      mb: bytes / 1024 / 1024,
      rows: format === 'csv' ? lines - 1 : null,
    };
  };
  const count = async (dataFinal) =>
    (
      await pool.query('SELECT count(*)::int AS n FROM emails WHERE cod_usu = $1 AND ema_uni_data_criacao BETWEEN $2 AND $3', [
        user.usu_codigo,
        new Date(START),
        new Date(Date.parse(`${dataFinal}T23:59:59.999-03:00`)),
      ])
    ).rows[0].n;

  console.log(`\nreport of the user's messages (server RSS: peak since start, VmHWM; idle after start ${fmt(product.peakRssMb())} MB)`);
  console.log(
    `machine load (1, 5, 15 min): ${os
      .loadavg()
      .map((l) => fmt(l))
      .join(', ')} on ${os.cpus().length} cores`,
  );
  console.log('period | messages | format | seconds | server CPU s | database CPU s | MB | rows | peak RSS MB');
  for (const [dataFinal, label] of [
    ['2026-10-03', '3 days'],
    ['2026-10-31', 'the month'],
  ]) {
    const messages = await count(dataFinal);
    for (const format of ['xlsx', 'csv']) {
      const r = await download(dataFinal, format);
      console.log(
        `${label} | ${messages.toLocaleString('pt-BR')} | ${format} | ${fmt(r.seconds, 2)} | ${fmt(r.cpu, 2)} | ${fmt(r.dbCpu, 2)} | ${fmt(r.mb)} | ${r.rows ?? '—'} | ${fmt(product.peakRssMb())}`,
      );
    }
  }
  console.log(
    `machine load after: ${os
      .loadavg()
      .map((l) => fmt(l))
      .join(', ')}`,
  );
  console.log('\nbudget: 200,000 messages in under 15 s, peak RSS under 400 MB, the same peak for 20,000 and 200,000 messages');
} finally {
  await pool.end();
  await product.stop();
}
