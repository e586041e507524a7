// Bulk proofs budget (issue 18): 1,000 single sending proofs generated into one file (a ZIP of
// PDFs with its manifest, above 500 messages) in under 60 s on PostgreSQL, the server's RSS under
// 400 MB. Seeds 1,000 messages of one user on one day (each with its processed, send and
// delivered events), asks POST /v2/reports/proofs, follows 'N de M' until the proof is ready,
// downloads it and prints the time, the size and the server's peak RSS. Run with
// `npm run bench -- bulk-proofs` (BENCH_PROOFS sets the count; up to 500 gives one PDF).
import pg from 'pg';
import { benchDatabase, fmt, signIn, startProduct } from './lib.mjs';

const COUNT = Number(process.env.BENCH_PROOFS ?? 1000);
const PORT = 3730;
const dbUrl = await benchDatabase('ar_bench_bulk_proofs', { fresh: true });
const product = await startProduct({
  DATABASE_URL: dbUrl,
  PORT: String(PORT),
  SEED_DEMO: 'true',
  DATA_DIR: `/tmp/ar-bench-bulk-proofs-${process.pid}`,
});
const pool = new pg.Pool({ connectionString: dbUrl, max: 2 });

try {
  const {
    rows: [user],
  } = await pool.query("SELECT usu_codigo, cod_ger_entidade FROM usuarios WHERE usu_login = 'usuario@demo.local'");
  const started = Date.now();
  await pool.query(
    `INSERT INTO emails (cod_usu, cod_ger_entidade, ema_uni_envio, ema_uni_name_from, ema_uni_from, ema_uni_name_to, ema_uni_to,
       ema_uni_subject, ema_uni_content, ema_uni_content_sha256, ema_uni_identificacao, ema_uni_creditos, ema_status_email,
       ema_alcance_email, ema_uni_data_criacao, ema_uni_hash)
     SELECT $1, $2, gen_random_uuid(), 'Cobrança', 'usuario@demo.local', 'Pessoa Ação ' || i, 'pessoa' || i || '@exemplo.test',
       'Notificação número ' || i, '<p>Conteúdo</p>', repeat('0', 64), 'Contrato ' || i, 1, 'delivered', 7,
       timestamptz '2026-10-15 12:00:00+00' + i * interval '1 second', repeat('a', 64)
     FROM generate_series(1, $3::int) AS i`,
    [user.usu_codigo, user.cod_ger_entidade, COUNT],
  );
  await pool.query(
    `INSERT INTO email_eventos (cod_email, evt_canal, evt_tipo, evt_data, evt_detalhes, evt_seq, evt_hash_anterior, evt_hash)
     SELECT e.ema_uni_codigo, 'email', x.tipo, e.ema_uni_data_criacao + x.seq * interval '2 seconds',
       CASE WHEN x.tipo = 'send' THEN '{"smtpResponse":"250 2.0.0 OK"}'::jsonb ELSE '{}'::jsonb END,
       x.seq, repeat('0', 64), md5(e.ema_uni_codigo || '-' || x.seq) || md5(x.tipo)
     FROM emails e CROSS JOIN (VALUES (1, 'processed'), (2, 'send'), (3, 'delivered')) AS x(seq, tipo)
     WHERE e.cod_usu = $1`,
    [user.usu_codigo],
  );
  console.log(`seeded ${COUNT} messages in ${fmt((Date.now() - started) / 1000)} s`);

  const token = await signIn(product.url, 'usuario@demo.local');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const t0 = performance.now();
  const created = await fetch(`${product.url}/v2/reports/proofs`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ startDate: '2026-10-15', finalDate: '2026-10-15', filter: { channels: [], status: [] } }),
  });
  if (!created.ok) throw new Error(`create: ${created.status} ${await created.text()}`);
  const { comprovante } = await created.json();
  let proof = comprovante;
  let lastShown = -1;
  while (proof.status === 'processando') {
    await new Promise((r) => setTimeout(r, 1000));
    const list = await (await fetch(`${product.url}/v2/reports/proofs?limit=10`, { headers })).json();
    proof = list.comprovantes.find((p) => p.comp_codigo === comprovante.comp_codigo);
    if (proof.progresso.feitos !== lastShown && proof.progresso.feitos % 100 < 10) {
      lastShown = proof.progresso.feitos;
      console.log(`  ${fmt((performance.now() - t0) / 1000)} s: Em processamento… ${proof.progresso.feitos} de ${proof.progresso.total}`);
    }
    if ((performance.now() - t0) / 1000 > 600) throw new Error('not ready after 10 minutes');
  }
  const ready = (performance.now() - t0) / 1000;
  if (proof.status !== 'pronto') throw new Error(`proof ${proof.status}`);
  const file = await fetch(`${product.url}/v2/reports/proofs/${proof.comp_cod_referencia}`, { headers });
  const bytes = Buffer.from(await file.arrayBuffer());
  console.log(`\nbulk proof of ${COUNT.toLocaleString('pt-BR')} messages (${proof.formato}), PostgreSQL`);
  console.log('ready in s | file MB | server peak RSS MB');
  console.log(`${fmt(ready, 1)} | ${fmt(bytes.length / 1024 / 1024, 1)} | ${fmt(product.peakRssMb())}`);
  console.log('budget: under 60 s, peak RSS under 400 MB');
} finally {
  await pool.end();
  await product.stop();
}
